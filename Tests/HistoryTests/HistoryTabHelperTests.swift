import Foundation
import GRDB
import History
import Testing
import Web
import WebTestSupport

/// What a tab records in the history (``HistoryTabHelper``), over the fake engine, read back
/// from the file once committed.
@MainActor
struct HistoryTabHelperTests {
    let fixture = HistoryFixture()
    let engine = FakeWebEngine()
    let service: HistoryService

    init() {
        service = fixture.makeService()
        for name in ["a", "b", "c"] { engine.setPage(url(name), .init(title: "Page \(name)")) }
    }

    func url(_ name: String) -> URL { URL(string: "https://\(name).test/")! }

    /// A realized tab with the helper, dating visits by the fixture's clock.
    func makeTab() -> WebState {
        let webState = WebState(params: .init(context: engine.defaultContext))
        HistoryTabHelper.attach(to: webState, service: service) { [fixture] in fixture.now }
        return webState
    }

    func content(_ webState: WebState) -> FakeWebContent { webState.view.owner as! FakeWebContent }

    /// The visits committed, oldest first: "url transition".
    func visits() async throws -> [String] {
        await service.flush()
        return try fixture.committed { db in
            try Row.fetchAll(
                db,
                sql: "SELECT urls.url, visits.transition FROM visits JOIN urls ON urls.id = visits.url"
                    + " ORDER BY visits.id"
            ).map { row in
                let transition = PageTransition(rawValue: UInt32(truncatingIfNeeded: row[1] as Int64))
                return "\(row[0] as String) \(transition)"
            }
        }
    }

    /// The pages committed, by URL: [visit_count, typed_count, hidden].
    func pages() async throws -> [String: [Int]] {
        await service.flush()
        return try fixture.committedCounts()
    }

    @Test func aTypedLoadALinkAndAFormAreRecordedWithTheirTransitions() async throws {
        let tab = makeTab()
        tab.load(url("a"), transition: PageTransition.typed.adding(.fromAddressBar))
        content(tab).simulateLinkClick(url: url("b"))
        content(tab).simulateFormSubmission(url: url("c"))
        #expect(
            try await visits() == [
                "https://a.test/ typed|fromAddressBar|chainStart|chainEnd",
                "https://b.test/ link|chainStart|chainEnd",
                "https://c.test/ formSubmit|chainStart|chainEnd",
            ])
        #expect(try await pages()["https://a.test/"] == [1, 1, 0])
    }

    @Test func aDelayingTabRecordsItsVisitsWhenTheDelayEndsDatedThenWithItsTitle() async throws {
        let tab = makeTab()
        let helper = try #require(HistoryTabHelper.fromWebState(tab))
        helper.delaysHistoryServiceNotification = true
        tab.load(url("a"), transition: PageTransition.typed.adding(.fromAddressBar))
        content(tab).simulateTitleChange("Later title")
        #expect(try await visits() == [])

        fixture.now += 60
        helper.delaysHistoryServiceNotification = false
        #expect(try await visits() == ["https://a.test/ typed|fromAddressBar|chainStart|chainEnd"])
        let entries = await service.queryHistory("", options: HistoryQueryOptions())
        #expect(entries.map(\.title) == ["Later title"])
        #expect(entries.map(\.visitTime) == [fixture.now])
    }

    @Test func aRedirectChainIsRecordedItsHopsHidden() async throws {
        engine.setPage(URL(string: "https://r.test/")!, .init(title: "", redirect: url("a")))
        let tab = makeTab()
        tab.load(URL(string: "https://r.test/")!, transition: .typed)
        #expect(try await pages() == ["https://r.test/": [0, 0, 1], "https://a.test/": [1, 1, 0]])
        #expect(try await visits().count == 2)
    }

    @Test func backForwardAndReloadsAreRecordedButDoNotCount() async throws {
        let tab = makeTab()
        tab.load(url("a"))
        tab.load(url("b"))
        tab.navigationManager.goBack()
        tab.reload()
        #expect(
            try await visits().map { $0.components(separatedBy: "|chainStart")[0] } == [
                "https://a.test/ link", "https://b.test/ link", "https://a.test/ link|forwardBack",
                "https://a.test/ reload",
            ])
        #expect(try await pages()["https://a.test/"]?[0] == 1)
    }

    @Test(arguments: [
        (
            "unreachable",
            FakeWebEngine.Page(title: "", failure: WebLoadError(kind: .unreachable, message: "no"))
        ),
        ("missing", FakeWebEngine.Page(title: "Missing", httpStatus: 404)),
        ("broken", FakeWebEngine.Page(title: "Broken", httpStatus: 500)),
    ])
    func errorPagesAreNeverRecorded(name: String, page: FakeWebEngine.Page) async throws {
        engine.setPage(url(name), page)
        let tab = makeTab()
        tab.load(url(name), transition: .typed)
        #expect(try await visits() == [])
    }

    @Test(arguments: ["about:blank", "data:text/html,hi", "ftp://a.test/x"])
    func onlyWebAndFilePagesAreRecorded(address: String) async throws {
        let tab = makeTab()
        tab.load(URL(string: address)!, transition: .typed)
        tab.load(URL(string: "file:///tmp/page.html")!, transition: .typed)
        #expect(try await visits() == ["file:///tmp/page.html typed|chainStart|chainEnd"])
    }

    @Test func anUnrealizedTabRecordsNothingAndItsRestoreIsNoVisit() async throws {
        let history = NavigationHistory(
            items: [NavigationItem(url: url("a"), title: "Page a")], lastCommittedItemIndex: 0)
        let metadata = WebStateMetadata(
            creationTime: fixture.now, lastActiveTime: fixture.now, title: "Page a", url: url("a"),
            navigationItemCount: 1)
        let storage = WebStateStorage(metadata: metadata, navigation: history)
        let tab = WebState(
            context: engine.defaultContext, id: .newUnique(), metadata: metadata,
            loaders: .init(storage: { storage }, nativeSessionState: { nil }))
        HistoryTabHelper.attach(to: tab, service: service) { [fixture] in fixture.now }
        #expect(try await visits() == [])
        tab.forceRealized()
        #expect(try await visits() == [])
        #expect(try await pages() == [:], "the restored page's title is not recorded either")
        tab.load(url("b"))
        #expect(try await visits() == ["https://b.test/ link|chainStart|chainEnd"])
    }

    @Test func titlesThePageSetsAreRecordedAtMostFivePerPage() async throws {
        let tab = makeTab()
        tab.load(url("a"))
        for index in 1...7 { content(tab).simulateTitleChange("Title \(index)") }
        await service.flush()
        let title = try fixture.committed { try String.fetchOne($0, sql: "SELECT title FROM urls") }
        // The page's own title at commit, then four of its changes.
        #expect(title == "Title 4")
        tab.load(url("b"))
        content(tab).simulateTitleChange("Later")
        await service.flush()
        let titles = try fixture.committed {
            try String.fetchAll($0, sql: "SELECT title FROM urls ORDER BY id")
        }
        #expect(titles == ["Title 4", "Later"])
    }

    @Test func aSameDocumentNavigationIsRecordedWithThePagesTitle() async throws {
        let tab = makeTab()
        tab.load(url("a"))
        var context = NavigationContext(
            navigationID: 99, url: URL(string: "https://a.test/#part")!, isSameDocument: true,
            isRendererInitiated: true)
        context.hasCommitted = true
        HistoryTabHelper.fromWebState(tab)?.didFinishNavigation(tab, context: context)
        await service.flush()
        let rows = try fixture.committed {
            try Row.fetchAll($0, sql: "SELECT url, title FROM urls ORDER BY id").map {
                "\($0[0] as String) \($0[1] as String)"
            }
        }
        #expect(rows == ["https://a.test/ Page a", "https://a.test/#part Page a"])
    }

    @Test func aNavigationThatTurnedIntoADownloadIsNoVisit() async throws {
        let tab = makeTab()
        var context = NavigationContext(navigationID: 98, url: URL(string: "https://a.test/file.zip")!)
        context.hasCommitted = true
        context.isDownload = true
        HistoryTabHelper.fromWebState(tab)?.didFinishNavigation(tab, context: context)
        #expect(try await visits() == [])
    }

    @Test func aClosedTabRecordsNothingMore() async throws {
        let tab = makeTab()
        tab.load(url("a"))
        tab.close()
        #expect(try await visits().count == 1)
        service.shutdown()
    }
}
