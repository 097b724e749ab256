import Foundation
import ModelTestSupport
import Sessions
import TabModel
import Testing
import Web
import WebTestSupport

/// Blank tabs (a new tab page and nothing else) stay out of Recently Closed, alone or in a
/// closed window, after Chromium's `TabRestoreServiceHelper::IsTabInteresting` and
/// `IsWindowInteresting` (components/sessions/core/tab_restore_service_helper.cc); a window
/// of blank tabs only is not recorded at all.
///
/// Tab names say what a tab holds: `nK` a new tab page (`about:blank`, realized), `eK` a
/// realized tab that never loaded anything, `uK` an unrealized new tab page (as restored),
/// `bK` a new tab page and then a site, any other name one site.
@MainActor
struct TabRestoreServiceBlankTabTests {
    let engine = FakeWebEngine()

    func browser(_ description: String) throws -> (Browser, WebStateListBuilder) {
        let builder = WebStateListBuilder(engine: engine)
        let browser = Browser(kind: .regular, profile: TestProfile.make(engine: engine), delegate: nil)
        for name in Self.names(in: description) { builder.register(makeTab(name), name: name) }
        try builder.build(browser.webStateList, description)
        return (browser, builder)
    }

    static func names(in description: String) -> [String] {
        description.split(whereSeparator: { " |[]*".contains($0) }).map(String.init)
            .filter { !$0.allSatisfy(\.isNumber) }
    }

    func makeTab(_ name: String) -> WebState {
        let blank = URL(string: "about:blank")!
        switch name.first {
        case "u":
            let now = Date()
            return WebState(
                context: engine.defaultContext, id: .newUnique(),
                metadata: WebStateMetadata(
                    creationTime: now, lastActiveTime: now, url: blank, navigationItemCount: 1),
                loaders: WebState.StorageLoaders(storage: { nil }, nativeSessionState: { nil }))
        case "e":
            return WebState(params: .init(context: engine.defaultContext))
        default:
            let webState = WebState(params: .init(context: engine.defaultContext))
            if name.first == "n" || name.first == "b" { webState.load(blank) }
            if name.first != "n" { webState.load(URL(string: "https://\(name).test/")!) }
            return webState
        }
    }

    /// A closed window entry as a list description: each tab named after its site (`blank`
    /// for a new tab page), pinned ones left of `|`, `*` on the active one.
    static func describe(_ window: TabRestoreService.ClosedWindow) -> String {
        var tokens: [String] = []
        for (index, tab) in window.tabs.enumerated() {
            if index == window.pinnedCount { tokens.append("|") }
            let url = tab.storage.navigation.lastCommittedItem?.url ?? tab.storage.metadata.url
            var name = url.flatMap { $0.host?.replacingOccurrences(of: ".test", with: "") } ?? "blank"
            if index == window.activeIndex { name += "*" }
            tokens.append(name)
        }
        if window.pinnedCount == window.tabs.count { tokens.append("|") }
        return tokens.joined(separator: " ")
    }

    static func recordedWindow(_ service: TabRestoreService) -> String? {
        guard let entry = service.entries.first else { return nil }
        guard case .window(let window) = entry else { return "a tab entry" }
        return describe(window)
    }

    nonisolated static let windows: [(closing: String, recorded: String?)] = [
        ("| a n1* b", "| a* b"),
        ("| n1* a b", "| a* b"),
        ("| n1 n2*", nil),
        ("| e1 u1*", nil),
        ("| u1 a*", "| a*"),
        ("| b1 n1*", "| b1*"),
        ("n1 | a*", "blank | a*"),
        ("| a b*", "| a b*"),
    ]

    @Test(arguments: windows)
    func aClosedWindowIsRecordedWithoutItsBlankTabs(closing: String, recorded: String?) throws {
        let service = TabRestoreService(fileURL: nil)
        let (window, _) = try browser(closing)
        service.observe(window, sessionID: "w")
        service.recordWindow(window, sessionID: "w")
        closeAllWebStates(window.webStateList)
        #expect(Self.recordedWindow(service) == recorded, "\(closing)")
        #expect(service.entries.count == (recorded == nil ? 0 : 1), "no tab recorded one by one")
    }

    @Test(arguments: windows)
    func aWindowReadFromDiskIsRecordedWithoutItsBlankTabs(closing: String, recorded: String?) throws {
        let service = TabRestoreService(fileURL: nil)
        let (window, _) = try browser(closing)
        let list = window.webStateList
        let tabs = (0..<list.count).map { index in
            let webState = list.webState(at: index)
            if webState.isRealized { return webState.serializeToStorage() }
            let metadata = webState.serializeMetadata()
            return WebStateStorage(
                metadata: metadata,
                navigation: NavigationHistory(
                    items: metadata.url.map { [NavigationItem(url: $0)] } ?? [],
                    lastCommittedItemIndex: metadata.url == nil ? -1 : 0))
        }
        service.addWindow(
            tabs: tabs, activeIndex: list.activeIndex, pinnedCount: list.pinnedCount, sessionID: "w")
        #expect(Self.recordedWindow(service) == recorded, "\(closing)")
    }

    nonisolated static let tabs: [(window: String, closing: String, isRecorded: Bool)] = [
        ("| n1 a*", "n1", false),
        ("| e1 a*", "e1", false),
        ("| u1 a*", "u1", false),
        ("| b1 a*", "b1", true),
        ("| c a*", "c", true),
        ("n1 | a*", "n1", true),
    ]

    @Test(arguments: tabs)
    func aClosedTabIsRecordedUnlessItIsBlank(
        window description: String, closing: String, isRecorded: Bool
    )
        throws
    {
        let service = TabRestoreService(fileURL: nil)
        let (window, builder) = try browser(description)
        service.observe(window, sessionID: "w")
        let list = window.webStateList
        let index = try #require(list.index(of: builder.webState(named: closing)))
        list.close(at: index, flags: .userAction)
        #expect(service.entries.count == (isRecorded ? 1 : 0), "\(description), closing \(closing)")
    }
}
