import Base
import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// The rules applied to a stored list when it is loaded, and to a live list when it is
/// saved (Chromium's session_loading and web_state_list_serialization tests). Stored lists
/// are built by hand from the generated messages.
@MainActor
struct SessionLoadingRulesTests {
    /// Writes `storage` as session "w0" with a data.pb for every tab of `data` (stored
    /// identifier -> URLs), then loads it in a new browser.
    func load(
        _ env: SessionTestEnvironment, _ storage: StorageWebStateListStorage, data: [Int32: [String]]
    ) -> (SessionRestorationService, Browser) {
        env.writeList(storage, "w0")
        for (rawID, urls) in data { env.writeTabData("w0", rawID: rawID, urls: urls) }
        let service = env.restart()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        return (service, browser)
    }

    func urls(_ list: WebStateList) -> [String] {
        list.webStates.map { $0.lastCommittedURL?.absoluteString ?? "-" }
    }

    @Test func tabsWithoutNavigationItemsAreDropped() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let (service, browser) = load(
            env,
            listStorage(
                [
                    listItem(101, url: "https://a.test/"),
                    listItem(102, url: "https://b.test/", itemCount: 0),
                    listItem(103, url: "https://c.test/"),
                ], active: 1, pinned: 2),
            data: [101: ["https://a.test/"], 102: [], 103: ["https://c.test/"]])
        let list = browser.webStateList
        #expect(list.webStates.map(\.id.rawValue) == [101, 103])
        #expect(urls(list) == ["https://a.test/", "https://c.test/"])
        #expect(list.activeIndex == 1)  // the dropped active tab's right neighbour
        #expect(list.pinnedCount == 1)  // b was pinned
        #expect(
            !env.exists(env.sessionPath("w0") + "/" + WebStateListSerialization.storageName(rawValue: 102)))
        #expect(service.problems.contains { $0.description.contains("102") })
        service.disconnect(browser)
    }

    @Test func duplicateTabsAreDroppedKeepingTheFirst() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let (service, browser) = load(
            env,
            listStorage(
                [
                    listItem(111, url: "https://a.test/"), listItem(112, url: "https://b.test/"),
                    listItem(111, url: "https://a-again.test/"),
                    listItem(113, url: "https://c.test/", opener: 2),  // opened by the duplicate
                ], active: 2),
            data: [111: ["https://a.test/"], 112: ["https://b.test/"], 113: ["https://c.test/"]])
        let list = browser.webStateList
        #expect(list.webStates.map(\.id.rawValue) == [111, 112, 113])
        #expect(urls(list) == ["https://a.test/", "https://b.test/", "https://c.test/"])
        #expect(list.opener(at: 2) == nil)  // its opener was dropped
        #expect(list.activeIndex == 2)
        service.disconnect(browser)
    }

    @Test func openersAreReindexedAndInvalidOnesCleared() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        var selfOpened = listItem(125, url: "https://e.test/", opener: 4)
        selfOpened.opener.navigationIndex = 3
        var withNavigationIndex = listItem(124, url: "https://d.test/", opener: 2)
        withNavigationIndex.opener.navigationIndex = 7
        let (service, browser) = load(
            env,
            listStorage(
                [
                    listItem(121, url: "https://a.test/"),
                    listItem(122, url: "https://b.test/", itemCount: 0),
                    listItem(123, url: "https://c.test/", opener: 0), withNavigationIndex, selfOpened,
                    listItem(126, url: "https://f.test/", opener: 99),
                    listItem(127, url: "https://g.test/", opener: 1),
                ], active: 0),
            data: [121: ["https://a.test/"], 123: ["https://c.test/"], 124: ["https://d.test/"]])
        let list = browser.webStateList
        #expect(list.webStates.map(\.id.rawValue) == [121, 123, 124, 125, 126, 127])
        #expect(list.opener(at: 0) == nil)
        #expect(list.opener(at: 1)?.webState === list.webState(at: 0))
        #expect(list.opener(at: 2)?.webState === list.webState(at: 1))
        #expect(list.opener(at: 2)?.navigationIndex == 7)
        #expect(list.opener(at: 3) == nil)  // itself
        #expect(list.opener(at: 4) == nil)  // out of range
        #expect(list.opener(at: 5) == nil)  // dropped
        service.disconnect(browser)
    }

    @Test func groupsShrinkWithDroppedTabsAndInvalidOnesAreDropped() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let g1 = TabGroupID(high: 1, low: 2)
        let g2 = TabGroupID(high: 3, low: 4)
        var collapsed = groupStorage(start: 3, count: 2, title: "two", id: g2)
        collapsed.collapsed = true
        collapsed.color = .tabGroupColorOrange
        let (service, browser) = load(
            env,
            listStorage(
                [
                    listItem(131, url: "https://p.test/"),  // pinned
                    listItem(132, url: "https://b.test/"), listItem(131, url: "https://p-again.test/"),
                    listItem(133, url: "https://c.test/"), listItem(134, url: "https://d.test/"),
                    listItem(135, url: "https://e.test/"),
                ], active: 4, pinned: 1,
                groups: [
                    groupStorage(start: 1, count: 2, title: "one", id: g1),  // b and the duplicate
                    collapsed,  // c and d
                    groupStorage(start: 0, count: 2, title: "pinned", id: TabGroupID(high: 5, low: 5)),
                    groupStorage(start: 4, count: 2, title: "overlap", id: TabGroupID(high: 6, low: 6)),
                    groupStorage(start: 5, count: 3, title: "too far", id: TabGroupID(high: 7, low: 7)),
                    groupStorage(start: 5, count: 1, title: "same id", id: g1),
                ]),
            data: [:])
        let list = browser.webStateList
        #expect(list.webStates.map(\.id.rawValue) == [131, 132, 133, 134, 135])
        #expect(list.pinnedCount == 1)
        #expect(list.activeIndex == 3)
        #expect(list.groups.count == 2)
        let one = list.group(withID: g1)
        #expect(one?.range == TabGroupRange(start: 1, count: 1))
        #expect(one?.visualData == TabGroupVisualData(title: "one", color: .purple))
        let two = list.group(withID: g2)
        #expect(two?.range == TabGroupRange(start: 2, count: 2))
        #expect(two?.visualData == TabGroupVisualData(title: "two", color: .orange, isCollapsed: true))
        #expect(list.group(at: 4) == nil)
        service.disconnect(browser)
    }

    @Test func anEmptyListRestoresNoTabAndANegativeActiveIndexNoActiveTab() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let (service, browser) = load(env, listStorage([], active: -1), data: [:])
        #expect(browser.webStateList.isEmpty)
        service.disconnect(browser)

        let env2 = SessionTestEnvironment()
        defer { env2.tearDown() }
        let (service2, browser2) = load(
            env2, listStorage([listItem(141, url: "https://a.test/")], active: -1),
            data: [141: ["https://a.test/"]])
        #expect(browser2.webStateList.count == 1)
        #expect(browser2.webStateList.activeIndex == nil)
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser2)
    }

    /// Chromium gives an empty session when any data.pb is missing. Here the tab comes back
    /// from what the list knows (its page and title): a user must never lose a tab because
    /// one file is gone, and the list's copy of the page is the last good state there is.
    @Test func aTabWhoseDataIsMissingComesBackFromTheList() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let (service, browser) = load(
            env,
            listStorage(
                [listItem(151, url: "https://a.test/"), listItem(152, url: "https://lost.test/page")],
                active: 0),
            data: [151: ["https://a.test/0", "https://a.test/"]])
        let list = browser.webStateList
        #expect(list.webStates.map(\.id.rawValue) == [151, 152])
        let lost = list.webState(at: 1)
        #expect(lost.lastCommittedURL == URL(string: "https://lost.test/page"))
        #expect(lost.title == "page")
        lost.forceRealized()
        #expect(lost.navigationManager.items.map(\.url.absoluteString) == ["https://lost.test/page"])
        #expect(lost.lastCommittedURL == URL(string: "https://lost.test/page"))
        #expect(service.problems.contains { $0.description.contains("missing") })
        let kept = list.webState(at: 0)
        kept.forceRealized()
        #expect(kept.navigationManager.itemCount == 2)
        service.disconnect(browser)
    }

    /// Chromium restores an empty session when any stored identifier is invalid. One bad
    /// number does not make the other tabs, or this one, unreadable: the tab gets a fresh
    /// identifier and its files follow it.
    @Test func tabsWithInvalidIdentifiersGetFreshOnesAndKeepTheirData() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        // A valid identifier the generator would hand out next, to catch fresh identifiers
        // colliding with stored ones.
        let next = WebStateID.generator.lastIssued + 1
        let (service, browser) = load(
            env,
            listStorage(
                [
                    listItem(0, url: "https://zero.test/"), listItem(-5, url: "https://negative.test/"),
                    listItem(next, url: "https://valid.test/"),
                ], active: 2),
            data: [
                0: ["https://zero.test/1", "https://zero.test/"], -5: ["https://negative.test/"],
                next: ["https://valid.test/"],
            ])
        let list = browser.webStateList
        let ids = list.webStates.map(\.id)
        #expect(list.count == 3)
        #expect(Set(ids).count == 3)
        #expect(ids[2].rawValue == next)
        #expect(ids.allSatisfy { $0.rawValue > 0 })
        #expect(ids[0].rawValue > next && ids[1].rawValue > next)
        #expect(urls(list) == ["https://zero.test/", "https://negative.test/", "https://valid.test/"])
        // The files moved to the new names.
        #expect(!env.exists(env.sessionPath("w0") + "/00000000"))
        #expect(!env.exists(env.sessionPath("w0") + "/fffffffb"))
        #expect(env.readTabData("w0", ids[0])?.navigation.items.count == 2)
        #expect(env.readTabData("w0", ids[1])?.navigation.items.count == 1)
        list.webState(at: 0).forceRealized()
        #expect(list.webState(at: 0).navigationManager.itemCount == 2)
        #expect(service.problems.contains { $0.description.contains("invalid") })
        service.disconnect(browser)
    }

    @Test func theIdentifierGeneratorIsAdvancedPastEveryRestoredIdentifier() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let high = WebStateID.generator.lastIssued + 1000
        let (service, browser) = load(
            env,
            listStorage(
                [listItem(high, url: "https://a.test/"), listItem(7, url: "https://b.test/")], active: 0),
            data: [high: ["https://a.test/"], 7: ["https://b.test/"]])
        #expect(browser.webStateList.count == 2)
        #expect(WebStateID.newUnique().rawValue > high)
        service.disconnect(browser)
    }

    @Test func pinnedTabsGroupsOpenersAndTheActiveTabSurviveARestart() throws {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        let builder = WebStateListBuilder(engine: env.engine)
        for name in ["a", "b", "c", "d", "e"] { _ = builder.realizedWebState(named: name) }
        let service = env.makeService()
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        let list = browser.webStateList
        try builder.build(list, "a b | [0 c d*] e")
        let group = try #require(builder.group(named: "0"))
        list.updateGroupVisualData(group, TabGroupVisualData(title: "g", color: .cyan, isCollapsed: true))
        list.setOpener(at: 3, WebStateOpener(list.webState(at: 0), navigationIndex: 0))
        list.setOpener(at: 4, WebStateOpener(list.webState(at: 2)))
        service.disconnect(browser)

        let service2 = env.restart()
        let browser2 = env.makeBrowser()
        service2.setSessionID("w0", for: browser2)
        service2.loadSession(for: browser2)
        let restored = browser2.webStateList
        let names = WebStateListBuilder(engine: env.engine)
        for tab in restored.webStates { names.register(tab, name: String(tab.title.prefix { $0 != "." })) }
        let restoredGroup = try #require(restored.group(withID: group.id))
        names.setGroupName("0", for: restoredGroup)
        #expect(names.describe(restored) == "a b | [0 c d*] e")
        #expect(restoredGroup.visualData == TabGroupVisualData(title: "g", color: .cyan, isCollapsed: true))
        #expect(restored.opener(at: 3)?.webState === restored.webState(at: 0))
        #expect(restored.opener(at: 3)?.navigationIndex == 0)
        #expect(restored.opener(at: 4)?.webState === restored.webState(at: 2))
        #expect(restored.opener(at: 4)?.navigationIndex == 0)
        #expect(restored.opener(at: 0) == nil)
        #expect(service2.problems.isEmpty)
        service2.disconnect(browser2)
    }

    @Test func savingDropsEmptyAndDuplicateTabsAndFixesTheRest() {
        let env = SessionTestEnvironment()
        let list = WebStateList(delegate: nil)
        defer {
            list.destroy()
            env.tearDown()
        }
        let p1 = env.makeRealizedTab(["https://p1.test/"])
        let empty1 = WebState(params: .init(context: env.engine.defaultContext))  // nothing loaded
        let x = env.makeRealizedTab(["https://x.test/"])
        let now = Date()
        let duplicate = WebState(
            context: env.engine.defaultContext, id: x.id,
            metadata: WebStateMetadata(
                creationTime: now, lastActiveTime: now, title: "dup", url: URL(string: "https://dup.test/"),
                navigationItemCount: 1),
            loaders: .init(storage: { nil }, nativeSessionState: { nil }))
        let y = env.makeRealizedTab(["https://y.test/"])
        let empty2 = WebState(params: .init(context: env.engine.defaultContext))
        list.insert(p1, .atIndex(0).pinning())
        list.insert(empty1, .atIndex(1).pinning())
        list.insert(x, .atIndex(2))
        list.insert(duplicate, .atIndex(3))
        list.insert(y, .atIndex(4))
        list.insert(empty2, .atIndex(5))
        let group = list.createGroup(
            indices: [4, 5], visualData: TabGroupVisualData(title: "g", color: .red))
        list.setOpener(at: 4, WebStateOpener(x))
        list.setOpener(at: 2, WebStateOpener(empty1))
        list.activate(at: 5)

        let (storage, webStates) = WebStateListSerialization.serialize(list)
        #expect(webStates.map { ObjectIdentifier($0) } == [p1, x, y].map { ObjectIdentifier($0) })
        #expect(storage.items.map(\.identifier) == [p1.id.rawValue, x.id.rawValue, y.id.rawValue])
        #expect(
            storage.items.map(\.metadata.activePage.pageURL) == [
                "https://p1.test/", "https://x.test/", "https://y.test/",
            ])
        #expect(storage.pinnedItemCount == 1)
        #expect(storage.activeIndex == 2)  // y: the closest tab left of the dropped active one
        #expect(!storage.items[1].hasOpener)  // x's opener was dropped
        #expect(storage.items[2].hasOpener)
        #expect(storage.items[2].opener.index == 1)  // y's opener x, re-indexed
        #expect(storage.groups.count == 1)
        #expect(storage.groups.first?.range.start == 2)
        #expect(storage.groups.first?.range.count == 1)
        #expect(storage.groups.first?.tabGroupID.high == group.id.high)
        #expect(storage.groups.first?.tabGroupID.low == group.id.low)
        #expect(storage.groups.first?.color == .tabGroupColorRed)
        #expect(storage.formatVersion == SessionFormat.currentVersion)

        // And what was written loads back as the same list.
        let loaded = WebStateListSerialization.load(storage)
        #expect(loaded.items.map(\.id) == [p1.id, x.id, y.id])
        #expect(loaded.activeIndex == 2)
        #expect(loaded.pinnedCount == 1)
        #expect(loaded.groups.map(\.range) == [TabGroupRange(start: 2, count: 1)])
        #expect(loaded.items[2].openerIndex == 1)
        #expect(loaded.problems.isEmpty)
    }

}
