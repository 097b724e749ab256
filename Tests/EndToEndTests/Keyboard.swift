import Foundation
import XCTest

/// Keys and text typed into the focused window through xdotool (XTEST): what a person types.
enum Keyboard {
    /// Runs `xdotool arguments…` and waits for it.
    @discardableResult
    static func xdotool(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Presses a key combination, e.g. `"ctrl+t"`, `"Return"`.
    static func press(_ keys: String) { xdotool(["key", "--clearmodifiers", keys]) }

    /// Presses a key combination and types `text` right after it, in one xdotool run: the
    /// keys follow each other as closely as a person's do.
    static func press(_ keys: String, thenType text: String) {
        xdotool(["key", "--clearmodifiers", keys, "type", "--delay", "5", text])
    }

    /// Types `text`.
    static func type(_ text: String) { xdotool(["type", "--delay", "5", text]) }

    /// Focuses the first visible window of process `pid` (there is no window manager to do it).
    @discardableResult
    static func focusWindow(of pid: Int32) -> Bool {
        // This xdotool reads the argument after the options as the name pattern: "" matches any.
        xdotool(["search", "--onlyvisible", "--pid", String(pid), "", "windowfocus", "--sync"])
    }
}
