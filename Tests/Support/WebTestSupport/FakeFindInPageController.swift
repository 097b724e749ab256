public import Web

/// Finds text in a ``FakeWebContent``'s page text (case-insensitively unless asked). Once the
/// content is gone, searches find nothing.
@MainActor
public final class FakeFindInPageController: FindInPageController {
    private weak var content: FakeWebContent?
    /// The number of matches of the last search.
    public private(set) var matchCount = 0
    /// The index of the selected match, or -1.
    public private(set) var selectedIndex = -1

    init(content: FakeWebContent) { self.content = content }

    /// Counts the matches of `text` and selects the first.
    public func find(_ text: String, options: FindOptions, completion: @escaping @MainActor (Int) -> Void) {
        let pageText = content?.pageText ?? ""
        let haystack = options.contains(.caseSensitive) ? pageText : pageText.lowercased()
        let needle = options.contains(.caseSensitive) ? text : text.lowercased()
        var count = 0
        if !needle.isEmpty {
            var range = haystack.startIndex..<haystack.endIndex
            while let found = haystack.range(of: needle, range: range) {
                count += 1
                range = found.upperBound..<haystack.endIndex
            }
        }
        matchCount = count
        selectedIndex = count > 0 ? 0 : -1
        completion(count)
    }

    /// Selects the next match, wrapping around.
    public func findNext() { if matchCount > 0 { selectedIndex = (selectedIndex + 1) % matchCount } }

    /// Selects the previous match, wrapping around.
    public func findPrevious() {
        if matchCount > 0 { selectedIndex = (selectedIndex - 1 + matchCount) % matchCount }
    }

    /// Clears the search.
    public func dismiss() {
        matchCount = 0
        selectedIndex = -1
    }
}
