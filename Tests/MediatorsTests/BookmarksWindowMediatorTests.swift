import Bookmarks
import Foundation
import Mediators
import ModelTestSupport
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

@MainActor
struct BookmarksWindowMediatorTests {
    let engine = FakeWebEngine()
    let consumer = RecordingBookmarksWindowConsumer()
    let list = WebStateList(delegate: nil)

    /// A loaded model in memory holding `Menu[Work[Docs, Mail, Archive[Old]], News] Other[Recipes]`.
    func makeModel() async -> BookmarkModel {
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        await model.waitUntilLoaded()
        let work = model.addFolder(to: model.bookmarksMenu, at: 0, title: "Work")
        model.addURL(to: work, at: 0, title: "Docs", url: URL(string: "https://docs.test/")!)
        model.addURL(to: work, at: 1, title: "Mail", url: URL(string: "https://mail.test/inbox")!)
        let archive = model.addFolder(to: work, at: 2, title: "Archive")
        model.addURL(to: archive, at: 0, title: "Old", url: URL(string: "https://old.test/")!)
        model.addURL(to: model.bookmarksMenu, at: 1, title: "News", url: URL(string: "https://news.test/")!)
        model.addURL(
            to: model.otherBookmarks, at: 0, title: "Recipes", url: URL(string: "https://food.test/r")!)
        return model
    }

    func makeMediator(_ model: BookmarkModel) -> BookmarksWindowMediator {
        let mediator = BookmarksWindowMediator(
            model: model, webStateList: list, faviconLoader: nil,
            webStateFactory: { [engine] url in
                WebState(params: .init(context: engine.defaultContext, url: url))
            },
            now: { Date(timeIntervalSince1970: 1_700_000_000) })
        mediator.consumer = consumer
        return mediator
    }

    func folder(_ title: String, in model: BookmarkModel) -> BookmarkNode {
        model.root.subtree.first { $0.isFolder && $0.title == title }!
    }

    @Test func theTreeAndTheMenuFolderArePushedInTheUsersOrder() async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        #expect(
            consumer.folderPushes.last == ["Bookmarks Menu", "  Work", "    Archive", "Other Bookmarks"])
        #expect(consumer.selectedFolders == [model.bookmarksMenu.id])
        #expect(consumer.itemPushes.last == ["Work/", "News https://news.test/"])
        #expect(consumer.searchTexts == [""])
        mediator.disconnect()
    }

    @Test func selectingAFolderListsItAndChangesElsewherePushNoList() async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        mediator.selectBookmarkFolder(folder("Work", in: model).id)
        #expect(
            consumer.itemPushes.last == [
                "Docs https://docs.test/", "Mail https://mail.test/inbox", "Archive/",
            ])
        let pushes = consumer.itemPushes.count
        let folderPushes = consumer.folderPushes.count
        model.addURL(
            to: model.otherBookmarks, at: 1, title: "Elsewhere", url: URL(string: "https://e.test/")!)
        #expect(consumer.itemPushes.count == pushes, "a bookmark added to an unlisted folder")
        #expect(consumer.folderPushes.count == folderPushes, "a bookmark changes no folder")
        model.setTitle(folder("Work", in: model).children[0], "Documents")
        #expect(consumer.itemPushes.last?.first == "Documents https://docs.test/")
        #expect(consumer.folderPushes.count == folderPushes)
        mediator.disconnect()
    }

    struct SearchCase: CustomTestStringConvertible, Sendable {
        let text: String
        let rows: [String]
        var testDescription: String { "“\(text)”" }
    }

    nonisolated static let searches: [SearchCase] = [
        SearchCase(text: "mail", rows: ["Mail https://mail.test/inbox (Bookmarks Menu › Work)"]),
        SearchCase(text: "INBOX", rows: ["Mail https://mail.test/inbox (Bookmarks Menu › Work)"]),
        SearchCase(text: "old test", rows: ["Old https://old.test/ (Bookmarks Menu › Work › Archive)"]),
        SearchCase(text: "food", rows: ["Recipes https://food.test/r (Other Bookmarks)"]),
        SearchCase(text: "ar", rows: ["Archive/ (Bookmarks Menu › Work)"]),
        SearchCase(text: "nothing here", rows: []),
    ]

    @Test(arguments: searches)
    func searchMatchesTitlesAndAddressesInEveryFolder(_ search: SearchCase) async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        mediator.searchBookmarks(search.text)
        #expect(consumer.itemPushes.last == search.rows)
        #expect(consumer.searchResultFlags.last == true)
        // Choosing a folder ends the search.
        mediator.selectBookmarkFolder(model.otherBookmarks.id)
        #expect(consumer.searchTexts.last == "")
        #expect(consumer.itemPushes.last == ["Recipes https://food.test/r"])
        #expect(consumer.searchResultFlags.last == false)
        mediator.disconnect()
    }

    @Test func deletingTwoAtOncePushesOnceAndUndoBringsBothBack() async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        mediator.selectBookmarkFolder(folder("Work", in: model).id)
        let pushes = consumer.itemPushes.count
        mediator.removeBookmarks([consumer.id("Docs"), consumer.id("Mail")])
        #expect(consumer.itemPushes.count == pushes + 1, "one push for the batch")
        #expect(consumer.itemPushes.last == ["Archive/"])
        #expect(consumer.removals == ["2 bookmarks deleted"])
        mediator.undoBookmarkRemoval()
        #expect(
            consumer.itemPushes.last == [
                "Docs https://docs.test/", "Mail https://mail.test/inbox", "Archive/",
            ])
        mediator.undoBookmarkRemoval()  // nothing left to undo
        #expect(model.treeOutline == "Menu[Work[Docs, Mail, Archive[Old]], News] Other[Recipes]")
        mediator.disconnect()
    }

    @Test func deletingAFolderOf300BookmarksAndUndoingPutsThemAllBack() async {
        let model = await makeModel()
        let big = model.addFolder(to: model.otherBookmarks, at: 1, title: "Reading")
        for number in 0..<300 {
            model.addURL(
                to: big, at: number, title: "Page \(number)", url: URL(string: "https://r.test/\(number)")!)
        }
        let outline = model.treeOutline
        let mediator = makeMediator(model)
        mediator.selectBookmarkFolder(big.id)
        #expect(consumer.lastItems.count == 300)
        mediator.removeBookmarks([big.id])
        #expect(consumer.removals == ["“Reading” and 300 bookmarks deleted"])
        #expect(consumer.selectedFolders.last == model.otherBookmarks.id, "its parent is selected")
        #expect(consumer.folderPushes.last == ["Bookmarks Menu", "  Work", "    Archive", "Other Bookmarks"])
        mediator.undoBookmarkRemoval()
        #expect(model.treeOutline == outline)
        #expect(consumer.folderPushes.last?.last == "  Reading")
        mediator.disconnect()
    }

    @Test func openingABookmarkOpensANewTabAndAFolderIsSelected() async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        list.insert(WebState(params: .init(context: engine.defaultContext)), .automatic.activating())
        mediator.openBookmark(consumer.id("News"), inBackground: false)
        #expect(list.count == 2)
        #expect(list.activeIndex == 1)
        #expect(list.webState(at: 1).visibleURL?.absoluteString == "https://news.test/")
        #expect(model.bookmarksMenu.children[1].dateLastUsed == Date(timeIntervalSince1970: 1_700_000_000))
        mediator.openBookmark(consumer.id("News"), inBackground: true)
        #expect(list.count == 3)
        #expect(list.activeIndex == 1, "a middle click opens in the background")
        let work = consumer.id("Work")
        mediator.openBookmark(work, inBackground: false)
        #expect(list.count == 3)
        #expect(mediator.selectedFolderID == work)
        mediator.disconnect()
    }

    @Test func dropsMoveBeforeARowOrIntoAFolder() async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        let work = folder("Work", in: model)
        mediator.selectBookmarkFolder(work.id)
        mediator.moveBookmarks([consumer.id("Archive")], toFolder: work.id, before: consumer.id("Docs"))
        #expect(
            consumer.itemPushes.last == [
                "Archive/", "Docs https://docs.test/", "Mail https://mail.test/inbox",
            ])
        #expect(consumer.folderPushes.last == ["Bookmarks Menu", "  Work", "    Archive", "Other Bookmarks"])
        mediator.moveBookmarks(
            [consumer.id("Docs"), consumer.id("Mail")], toFolder: consumer.id("Archive"), before: nil)
        #expect(consumer.itemPushes.last == ["Archive/"])
        // A folder never goes into itself, nor a permanent folder anywhere.
        mediator.moveBookmarks(
            [work.id, model.otherBookmarks.id], toFolder: consumer.id("Archive"), before: nil)
        #expect(model.treeOutline == "Menu[Work[Archive[Old, Docs, Mail]], News] Other[Recipes]")
        mediator.disconnect()
    }

    @Test func aNewFolderGoesAtTheEndAndEditsChangeTitleAndAddress() async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        mediator.addBookmarkFolder(titled: "Travel")
        #expect(consumer.itemPushes.last == ["Work/", "News https://news.test/", "Travel/"])
        #expect(
            consumer.folderPushes.last == [
                "Bookmarks Menu", "  Work", "    Archive", "  Travel", "Other Bookmarks",
            ])
        mediator.editBookmark(consumer.id("News"), title: "Headlines", url: "https://news.test/today")
        #expect(consumer.itemPushes.last?[1] == "Headlines https://news.test/today")
        mediator.editBookmark(consumer.id("Headlines"), title: "Headlines", url: "not an address")
        #expect(consumer.itemPushes.last?[1] == "Headlines https://news.test/today")
        mediator.editBookmark(consumer.id("Travel"), title: "Trips", url: nil)
        #expect(consumer.folderPushes.last?[3] == "  Trips")
        mediator.disconnect()
    }

    @Test func aBatchOfChangesIsPushedOnceAtItsEnd() async {
        let model = await makeModel()
        let mediator = makeMediator(model)
        let pushes = (consumer.itemPushes.count, consumer.folderPushes.count)
        model.performExtensiveChanges {
            for number in 0..<50 {
                model.addURL(
                    to: model.bookmarksMenu, at: 0, title: "\(number)",
                    url: URL(string: "https://b.test/\(number)")!)
            }
        }
        #expect(consumer.itemPushes.count == pushes.0 + 1)
        #expect(consumer.folderPushes.count == pushes.1 + 1)
        #expect(consumer.lastItems.count == 52)
        mediator.disconnect()
    }

    @Test func selectingAfterDisconnectFailsNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = BookmarkModel(store: BookmarkStore(path: nil))
                let mediator = BookmarksWindowMediator(
                    model: model, webStateList: WebStateList(delegate: nil), faviconLoader: nil,
                    webStateFactory: { _ in fatalError() })
                mediator.disconnect()
                mediator.selectBookmarkFolder(1)
            }
        }.expectPreconditionMessage(
            "BookmarksWindowMediator.selectBookmarkFolder(_:) used after disconnect()")
    }
}

extension BookmarkModel {
    /// The tree below the permanent folders as text: `Menu[a, F[b]] Other[c]`.
    fileprivate var treeOutline: String {
        func text(_ node: BookmarkNode) -> String {
            node.isFolder ? "\(node.title)[\(node.children.map(text).joined(separator: ", "))]" : node.title
        }
        return "Menu[\(bookmarksMenu.children.map(text).joined(separator: ", "))] "
            + "Other[\(otherBookmarks.children.map(text).joined(separator: ", "))]"
    }
}
