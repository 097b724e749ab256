import Bookmarks
import Foundation
import Omnibox

/// The location bar's bookmark rows over `count` bookmarks (titles and URLs made like the
/// history benchmark's pages): building the index of their words from the model, and the
/// bookmark provider's time per keystroke, typing words of their titles and hosts one
/// character at a time.
@MainActor
func bookmarkOmniboxBenchmark(count: Int, typedBookmarks: Int) async {
    let rows = generatedHistory(count: count, now: Date(), randomState: 5)
    let model = BookmarkModel(store: BookmarkStore(path: nil))
    await model.waitUntilLoaded()
    model.performExtensiveChanges {
        for row in rows {
            model.addURL(
                to: model.otherBookmarks, at: model.otherBookmarks.children.count, title: row.title,
                url: row.url)
        }
    }
    print("Omnibox, \(count) bookmarks:")
    var made: BookmarkTitleIndex?
    let start = DispatchTime.now().uptimeNanoseconds
    let mainThread = nanoseconds { made = BookmarkTitleIndex(model: model) }
    await made!.waitUntilBuilt()
    let build = Double(DispatchTime.now().uptimeNanoseconds - start)
    print(
        "  index build (at the first window): \(formatMS(build)), of which on the main thread "
            + formatMS(mainThread))
    let index = made!
    let provider = BookmarkProvider(source: index)
    var rng = SplitMix64(state: 13)
    var texts: [String] = []
    for _ in 0..<typedBookmarks {
        let row = rows.randomElement(using: &rng)!
        var host = row.url.host!
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let target = Int.random(in: 0..<2, using: &rng) == 0 ? host : row.title.lowercased()
        for length in 1...min(target.count, 14) { texts.append(String(target.prefix(length))) }
    }
    var times: [Double] = []
    var singleLetter: [Double] = []
    for text in texts {
        let elapsed = nanoseconds { _ = provider.start(AutocompleteInput(text: text)) }
        times.append(elapsed)
        if text.count == 1 { singleLetter.append(elapsed) }
    }
    print(
        "  per keystroke (\(times.count) keystrokes): median \(formatMS(percentile(times, 0.5)))"
            + "  p99 \(formatMS(percentile(times, 0.99)))  max \(formatMS(times.max()!))")
    print(
        "  first letter alone (\(singleLetter.count)): median \(formatMS(percentile(singleLetter, 0.5)))"
            + "  p99 \(formatMS(percentile(singleLetter, 0.99)))")
}
