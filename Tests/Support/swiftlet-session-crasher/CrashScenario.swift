import Foundation
import TabModel
import Web
import WebTestSupport

/// The deterministic sequence of session mutations the crash test applies: step `n` of
/// seed `s` always does the same thing to the same list.
@MainActor
enum CrashScenario {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64, step: Int) {
            state = seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(step)) &* 0xBF58_476D_1CE4_E5B9
        }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Applies step `step` to `list`, making tabs in `context`.
    static func apply(step: Int, seed: UInt64, to list: WebStateList, context: any WebEngineContext) {
        var rng = Generator(seed: seed, step: step)
        let roll = Double.random(in: 0..<1, using: &rng)
        let count = list.count
        if count == 0 || roll < 0.3 || (count < 4 && roll < 0.5) {
            let tab = WebState(params: .init(context: context))
            let index = Int.random(in: 0...count, using: &rng)
            tab.load(URL(string: "https://s\(step).test/")!)
            list.insert(tab, .atIndex(index).activating(Bool.random(using: &rng)))
        } else if roll < 0.5 && count <= 30 {
            let index = Int.random(in: 0..<count, using: &rng)
            list.webState(at: index).load(URL(string: "https://s\(step).test/next")!)
        } else if roll < 0.65 || count > 30 {
            list.close(at: Int.random(in: 0..<count, using: &rng), flags: .userAction)
        } else if roll < 0.8 {
            list.move(
                from: Int.random(in: 0..<count, using: &rng), to: Int.random(in: 0..<count, using: &rng))
        } else if roll < 0.9 {
            let index = Int.random(in: 0..<count, using: &rng)
            list.activate(at: index)
        } else {
            let index = Int.random(in: 0..<count, using: &rng)
            list.setPinned(at: index, !list.isPinned(at: index))
        }
    }

    /// What a list looks like, for comparing a loaded session with the expected one.
    static func describe(_ list: WebStateList) -> String {
        var parts: [String] = []
        for index in 0..<list.count {
            let tab = list.webState(at: index)
            let marks = (list.isPinned(at: index) ? "^" : "") + (list.activeIndex == index ? "*" : "")
            parts.append("\(tab.visibleURL?.absoluteString ?? "-")#\(tab.navigationItemCount)\(marks)")
        }
        return parts.joined(separator: " ")
    }

    /// The description after steps `0...last` from an empty list (`last` = -1: empty).
    static func expectedStates(seed: UInt64, through last: Int) -> [String] {
        let engine = FakeWebEngine()
        let list = WebStateList(delegate: nil)
        var states: [String] = []
        for step in 0...max(last, 0) where last >= 0 {
            apply(step: step, seed: seed, to: list, context: engine.defaultContext)
            states.append(describe(list))
        }
        return states
    }
}
