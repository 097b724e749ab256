import Bookmarks
import Foundation
import Testing

@MainActor
struct BookmarkModelTests {
    @Test func aNewModelHasTheMenuAndOtherBookmarksWithChromiumsIDsAndGUIDs() async {
        let model = await BookmarkFixture.inMemory()

        #expect(model.root.children.map(\.title) == ["Bookmarks Menu", "Other Bookmarks"])
        #expect(model.bookmarksMenu.id == 1)
        #expect(model.otherBookmarks.id == 2)
        #expect(model.bookmarksMenu.guid.uuidString.lowercased() == "0bc5d13f-2cba-5d74-951f-3f233fe6c908")
        #expect(model.otherBookmarks.guid.uuidString.lowercased() == "82b081ec-3dd3-529c-8475-ab6c344590dd")
        #expect(model.bookmarksMenu.isPermanent && model.otherBookmarks.isPermanent)
    }

    @Test func addingGivesNewIDsGUIDsAndDatesAndTellsObservers() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let events = BookmarkEvents()
        model.addObserver(events)

        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "News")
        fixture.now += 60
        let page = model.addURL(to: folder, at: 0, title: "Paper", url: BookmarkFixture.url("paper"))
        let first = model.addURL(
            to: model.bookmarksMenu, at: 0, title: "First", url: BookmarkFixture.url("first"))

        #expect(model.outline == "Menu[First, News[Paper]] Other[]")
        #expect(Set([folder.id, page.id, first.id]).count == 3)
        #expect(Set([folder.guid, page.guid, first.guid]).count == 3)
        #expect(folder.url == nil && folder.isFolder)
        #expect(page.dateAdded == Date(timeIntervalSince1970: 1_700_000_060))
        #expect(folder.dateModified == Date(timeIntervalSince1970: 1_700_000_060))
        #expect(page.dateLastUsed == nil)
        #expect(model.node(id: page.id) === page)
        #expect(
            events.lines == [
                "add News to Bookmarks Menu at 0", "add Paper to News at 0",
                "add First to Bookmarks Menu at 0",
            ])
        model.shutdown()
    }

    @Test func titlesAndURLsChangeAndTheURLIndexFollows() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let events = BookmarkEvents()
        let node = model.addURL(to: model.otherBookmarks, at: 0, title: "A", url: BookmarkFixture.url("a"))
        model.addObserver(events)
        fixture.now += 5

        model.setTitle(node, "A page")
        model.setTitle(node, "A page")
        model.setURL(node, BookmarkFixture.url("b"))

        #expect(node.title == "A page")
        #expect(node.dateModified == fixture.now)
        #expect(!model.isBookmarked(BookmarkFixture.url("a")))
        #expect(model.isBookmarked(BookmarkFixture.url("b")))
        #expect(model.nodes(for: BookmarkFixture.url("b")).map(\.id) == [node.id])
        #expect(events.lines == ["change A page", "change A page"])
        model.shutdown()
    }

    @Test func nodesForAURLAreEveryBookmarkOfItOldestFirst() async {
        let model = await BookmarkFixture.inMemory()
        let folder = model.addFolder(to: model.otherBookmarks, at: 0, title: "F")
        let one = model.addURL(to: model.bookmarksMenu, at: 0, title: "1", url: BookmarkFixture.url("x"))
        let two = model.addURL(to: folder, at: 0, title: "2", url: BookmarkFixture.url("x"))

        #expect(model.nodes(for: BookmarkFixture.url("x")).map(\.id) == [one.id, two.id])
        model.remove(folder)
        #expect(model.nodes(for: BookmarkFixture.url("x")).map(\.id) == [one.id])
        model.remove(one)
        #expect(!model.isBookmarked(BookmarkFixture.url("x")))
    }

    @Test func removingAFolderRemovesItsSubtreeFromTheIndexesAndTellsObserversOnce() async {
        let model = await BookmarkFixture.inMemory()
        let folder = model.addFolder(to: model.bookmarksMenu, at: 0, title: "F")
        let inner = model.addFolder(to: folder, at: 0, title: "G")
        let pages = model.addURLs(["a", "b"], to: inner)
        let events = BookmarkEvents()
        model.addObserver(events)

        let removal = model.remove(folder)

        #expect(model.outline == "Menu[] Other[]")
        #expect(model.node(id: inner.id) == nil)
        #expect(pages.allSatisfy { model.node(id: $0.id) == nil })
        #expect(removal.rows.count == 4)
        #expect(removal.bookmarkCount == 2)
        #expect(events.lines == ["remove F from Bookmarks Menu at 0"])
    }

    @Test func reorderingAndSortingTellObserversOnce() async {
        let model = await BookmarkFixture.inMemory()
        let nodes = model.addURLs(["b", "c", "a"], to: model.otherBookmarks)
        model.addFolder(to: model.otherBookmarks, at: 3, title: "z folder")
        let events = BookmarkEvents()
        model.addObserver(events)

        model.reorderChildren(
            of: model.otherBookmarks, [nodes[2], model.otherBookmarks.children[3], nodes[0], nodes[1]])
        #expect(model.outline == "Menu[] Other[a, z folder[], b, c]")
        model.sortChildren(of: model.otherBookmarks)
        #expect(model.outline == "Menu[] Other[z folder[], a, b, c]")
        #expect(events.lines == ["reorder Other Bookmarks", "reorder Other Bookmarks"])
    }

    @Test func extensiveChangesNestAndAreToldOnce() async {
        let model = await BookmarkFixture.inMemory()
        let events = BookmarkEvents()
        model.addObserver(events)

        model.performExtensiveChanges {
            model.performExtensiveChanges { model.addURLs(["a"], to: model.bookmarksMenu) }
            model.addURLs(["b"], to: model.bookmarksMenu)
        }

        #expect(
            events.lines == ["begin", "add a to Bookmarks Menu at 0", "add b to Bookmarks Menu at 1", "end"])
    }

    @Test func observersHearOfTheLoad() async {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        let events = BookmarkEvents()
        model.addObserver(events)
        #expect(!model.isLoaded)

        await model.waitUntilLoaded()

        #expect(model.isLoaded)
        #expect(events.lines == ["loaded"])
    }

    @Test func lastUsedTimeIsKeptAndNotToldAsAChange() async {
        let fixture = BookmarkFixture()
        let model = await fixture.launch()
        let node = model.addURL(to: model.otherBookmarks, at: 0, title: "A", url: BookmarkFixture.url("a"))
        let events = BookmarkEvents()
        model.addObserver(events)

        model.updateLastUsedTime(node, Date(timeIntervalSince1970: 1_700_000_123))
        model.shutdown()

        #expect(events.lines.isEmpty)
        let reopened = await fixture.launch()
        #expect(reopened.node(id: node.id)?.dateLastUsed == Date(timeIntervalSince1970: 1_700_000_123))
        reopened.shutdown()
    }
}
