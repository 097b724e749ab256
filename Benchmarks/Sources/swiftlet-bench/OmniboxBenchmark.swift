import Foundation
import History
import Omnibox

#if canImport(Glibc)
import Glibc
#endif

/// A made-up history of `count` URLs: pages of a few thousand sites, made of words from a
/// vocabulary of a few thousand, their visits spread over a year with a long tail (a few
/// pages visited often, most a few times), every one significant (which the index keeps).
func generatedHistory(count: Int, now: Date, randomState: UInt64) -> [URLRow] {
    var rng = SplitMix64(state: randomState)
    let syllables = [
        "ka", "lo", "mi", "ne", "ru", "sta", "pe", "do", "ver", "tin", "gra", "so", "bel", "an", "que", "mar",
        "zu", "fi", "ho", "lex", "cor", "dia", "pra", "wen", "ish", "ol", "ty", "un", "bra", "ce",
    ]
    func word(_ rng: inout SplitMix64) -> String {
        (0..<Int.random(in: 2...4, using: &rng)).map { _ in syllables.randomElement(using: &rng)! }.joined()
    }
    let vocabulary = (0..<4_000).map { _ in word(&rng) }
    let tlds = ["com", "org", "net", "de", "fr", "io", "co.uk"]
    let sites = (0..<3_000).map { i in
        (i % 4 == 0 ? "www." : "") + vocabulary[(i * 7) % vocabulary.count] + "." + tlds[i % tlds.count]
    }
    return (0..<count).map { i in
        // Sites by a Zipf-like law: low indices far more often.
        let site = sites[Int(Double(sites.count) * pow(Double.random(in: 0..<1, using: &rng), 3))]
        let path = (0..<Int.random(in: 1...4, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)!
        }
        let title = (0..<Int.random(in: 2...7, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)!
        }
        let visits = 4 + Int(pow(Double.random(in: 0..<1, using: &rng), 6) * 200)
        let typed = Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 1...5, using: &rng) : 0
        return URLRow(
            id: Int64(i + 1), url: URL(string: "https://\(site)/\(path.joined(separator: "/"))?n=\(i)")!,
            title: title.joined(separator: " ").capitalized, visitCount: visits, typedCount: typed,
            lastVisit: now.addingTimeInterval(-Double.random(in: 0..<365 * 86_400, using: &rng)))
    }
}

/// The location bar's figures: building the index of a `count`-URL history off the main
/// thread, and the controller's time per keystroke over it (what-you-typed and history
/// providers), typing the start of pages' hosts and words of their titles one character at a
/// time.
@MainActor
func omniboxBenchmark(count: Int, typedPages: Int) async {
    let now = Date()
    let rows = generatedHistory(count: count, now: now, randomState: 7)
    print("Omnibox, a history of \(count) URLs:")
    var builds: [Double] = []
    var buildsCPU: [Double] = []
    var index = URLIndex(now: { now })
    for _ in 0..<3 {
        index = URLIndex(now: { now })
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = processCPUNanoseconds()
        await index.rebuild(from: rows)
        builds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        buildsCPU.append(Double(processCPUNanoseconds() - cpuStart) / 1e6)
    }
    precondition(index.count == count, "indexed \(index.count) of \(count) rows")
    builds.sort()
    buildsCPU.sort()
    print(
        String(
            format:
                "  index build (background queue): median %.0f ms (min %.0f, max %.0f, 3 builds); CPU %.0f ms",
            builds[1], builds[0], builds[2], buildsCPU[1]))

    let controller = AutocompleteController(providers: [
        WhatYouTypedProvider(), HistoryQuickProvider(index: index, now: { now }),
    ])
    var rng = SplitMix64(state: 11)
    var texts: [String] = []
    for _ in 0..<typedPages {
        let row = rows.randomElement(using: &rng)!
        var host = row.url.host!
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let target = Int.random(in: 0..<2, using: &rng) == 0 ? host : row.title.lowercased()
        for length in 1...min(target.count, 14) { texts.append(String(target.prefix(length))) }
    }
    var times: [Double] = []
    var cpuTimes: [Double] = []
    var singleLetter: [Double] = []
    var completed = 0
    for text in texts {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = threadCPUNanoseconds()
        let result = controller.start(AutocompleteInput(text: text))
        cpuTimes.append(Double(threadCPUNanoseconds() - cpuStart))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        times.append(elapsed)
        if text.count == 1 { singleLetter.append(elapsed) }
        if result.defaultMatch?.inlineAutocompletion.isEmpty == false { completed += 1 }
    }
    print(
        "  per keystroke (\(times.count) keystrokes): median \(formatMS(percentile(times, 0.5)))"
            + "  p99 \(formatMS(percentile(times, 0.99)))  max \(formatMS(times.max()!))")
    print(
        "  per keystroke, CPU time of the thread: median \(formatMS(percentile(cpuTimes, 0.5)))"
            + "  p99 \(formatMS(percentile(cpuTimes, 0.99)))  max \(formatMS(cpuTimes.max()!))")
    print(
        "  first letter alone (\(singleLetter.count)): median \(formatMS(percentile(singleLetter, 0.5)))"
            + "  p99 \(formatMS(percentile(singleLetter, 0.99)))")
    print("  keystrokes with an inline completion: \(completed) of \(times.count)")
}

func formatMS(_ ns: Double) -> String { String(format: "%.3f ms", ns / 1e6) }

/// CPU time of this thread: what a keystroke costs without the time other processes of a
/// busy machine take from it.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// CPU time of the whole process (the build runs on another thread while the main one waits).
func processCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
