import Bookmarks
import Foundation
import Testing

/// Undoing a removal puts the subtree back where it was, with its ids, GUIDs and dates.
@MainActor
struct BookmarkUndoTests {
    @Test func aFolderOf500BookmarksComesBackInPlaceWithItsIDsGUIDsAndDates() async throws {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        model.addURLs(["before"], to: model.otherBookmarks)
        let folder = model.addFolder(to: model.otherBookmarks, at: 1, title: "Many")
        let inner = model.addFolder(to: folder, at: 0, title: "Inner")
        model.addURLs(["deep"], to: inner)
        for number in 0..<500 {
            fixture.now += 1
            model.addURL(
                to: folder, at: folder.children.count, title: "Page \(number)",
                url: BookmarkFixture.url("\(number)"))
        }
        model.addURLs(["after"], to: model.otherBookmarks)
        model.setTitle(folder.children[7], "Renamed")
        let before = Self.snapshot(folder)
        let outline = model.outline

        let removal = model.remove(folder)
        #expect(model.outline == "Menu[] Other[before, after]")
        #expect(!model.isBookmarked(BookmarkFixture.url("250")))
        #expect(removal.bookmarkCount == 501)
        model.store.flush()
        #expect(model.store.storedRows().count == 4)

        let events = BookmarkEvents()
        model.addObserver(events)
        let restored = try #require(model.undoRemove(removal))

        #expect(model.outline == outline)
        #expect(Self.snapshot(restored) == before)
        #expect(model.isBookmarked(BookmarkFixture.url("250")))
        #expect(model.node(id: inner.id)?.title == "Inner")
        #expect(events.lines == ["add Many to Other Bookmarks at 1"])
        // An undo done twice does nothing.
        #expect(model.undoRemove(removal) == nil)
        model.shutdown()

        let reopened = await fixture.launch()
        #expect(reopened.outline == outline)
        #expect(Self.snapshot(try #require(reopened.node(id: folder.id))) == before)
        reopened.shutdown()
    }

    @Test func aRemovalUndoneAfterItsFolderShrankGoesToTheEnd() async throws {
        let model = await BookmarkFixture.inMemory()
        let nodes = model.addURLs(["a", "b", "c"], to: model.bookmarksMenu)
        let removal = model.remove(nodes[2])
        model.remove(nodes[1])

        let restored = try #require(model.undoRemove(removal))

        #expect(model.outline == "Menu[a, c] Other[]")
        #expect(restored.id == nodes[2].id)
    }

    @Test func aRemovalWhoseFolderIsGoneCannotBeUndone() async {
        let model = await BookmarkFixture.inMemory()
        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "F")
        let page = model.addURLs(["a"], to: folder)[0]
        let removal = model.remove(page)
        model.remove(folder)

        #expect(model.undoRemove(removal) == nil)
        #expect(model.outline == "Menu[] Other[]")
    }

    @Test func idsAreNotReusedAfterARemovalSoAnUndoGetsItsOwnBack() async throws {
        let model = await BookmarkFixture.inMemory()
        let page = model.addURLs(["a"], to: model.bookmarksMenu)[0]
        let removal = model.remove(page)
        let other = model.addURLs(["b"], to: model.bookmarksMenu)[0]

        #expect(other.id != page.id)
        #expect(try #require(model.undoRemove(removal)).id == page.id)
    }

    /// Every node below and including `node`: id, GUID, title, URL, dates and position.
    static func snapshot(_ node: BookmarkNode) -> [String] {
        node.subtree.map {
            [
                "\($0.id)", $0.guid.uuidString, $0.title, $0.url?.absoluteString ?? "-",
                "\($0.dateAdded.timeIntervalSince1970)", "\($0.dateModified?.timeIntervalSince1970 ?? 0)",
                "\($0.parent?.index(of: $0) ?? -1)",
            ].joined(separator: " ")
        }
    }
}
