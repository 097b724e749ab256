import Foundation
import Testing
import Web

/// What a restored or imported history may load: only what a page load commits by itself.
struct NavigationHistoryRestorableTests {
    @Test(
        arguments: [
            ("https://a.test/", true), ("http://a.test/x?y#z", true), ("file:///home/a/b.html", true),
            ("about:blank", true), ("ABOUT:BLANK", true), ("javascript:alert(1)", false),
            ("JavaScript:alert(1)", false), ("data:text/html,<script>1</script>", false),
            ("blob:https://a.test/1234", false), ("filesystem:https://a.test/temporary/x", false),
            ("about:config", false), ("view-source:https://a.test/", false), ("mailto:a@b.test", false),
            ("vbscript:msgbox", false),
        ])
    func aURLIsRestorableOnlyIfAPageLoadCommitsIt(_ url: String, _ restorable: Bool) {
        #expect(NavigationItem.isRestorable(URL(string: url)!) == restorable, "\(url)")
    }

    /// A history, the index of its committed entry, and what is kept (URLs) and committed.
    @Test(
        arguments: [
            ("none dropped", ["https://a/", "https://b/"], 1, ["https://a/", "https://b/"], 1),
            (
                "the committed one: the one before", ["https://a/", "javascript:1", "https://b/"], 1,
                ["https://a/", "https://b/"], 0
            ),
            ("the committed first one: the one after", ["javascript:1", "https://b/"], 0, ["https://b/"], 0),
            (
                "one before the committed one", ["data:,x", "https://a/", "https://b/"], 2,
                ["https://a/", "https://b/"], 1
            ),
            ("all of them", ["javascript:1", "data:,x"], 1, [], -1),
        ] as [(String, [String], Int, [String], Int)])
    func unrestorableItemsAreDroppedAndTheCommittedEntryFollows(
        _ name: String, _ urls: [String], _ committed: Int, _ kept: [String], _ keptCommitted: Int
    ) {
        let history = NavigationHistory(
            items: urls.map { NavigationItem(url: URL(string: $0)!) }, lastCommittedItemIndex: committed)
        let (clean, dropped) = history.withoutUnrestorableItems()
        #expect(clean.items.map(\.url.absoluteString) == kept, "\(name)")
        #expect(clean.lastCommittedItemIndex == keptCommitted, "\(name)")
        #expect(dropped.count == urls.count - kept.count, "\(name)")
    }

    @Test func anItemShowingAnUnrestorableURLIsDropped() {
        let item = NavigationItem(url: URL(string: "https://a/")!, virtualURL: URL(string: "javascript:1"))
        #expect(!item.isRestorable)
    }
}
