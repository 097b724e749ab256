import Foundation
import UIInterfaces

/// Records what a ``HistoryConsumer`` is told.
@MainActor
final class RecordingHistoryConsumer: HistoryConsumer {
    /// Each push, a line per heading ("# Today") and row ("title url time").
    var pushes: [[String]] = []
    var hasMore: [Bool] = []
    var searchTexts: [String] = []
    var favicons: [String] = []
    var lastSections: [HistorySection] = []

    /// Times read with plain spaces (ICU puts a narrow no-break space before "PM").
    func setHistory(_ sections: [HistorySection], hasMore: Bool) {
        lastSections = sections
        pushes.append(
            sections.flatMap {
                ["# " + $0.title]
                    + $0.items.map {
                        "\($0.title) \($0.url) \($0.time.replacingOccurrences(of: "\u{202F}", with: " "))"
                    }
            })
        self.hasMore.append(hasMore)
    }

    func setSearchText(_ text: String) { searchTexts.append(text) }

    func setFavicon(_ png: Data, forURL url: String) { favicons.append(url) }

    /// The visit ids of the last push, in order.
    var lastIDs: [Int64] { lastSections.flatMap { $0.items.map(\.id) } }
}
