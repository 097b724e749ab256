import Base
import Foundation
import ModelTestSupport
import SessionsTestSupport
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// The read-only inspector behind `swiftlet sessions`, on user data directories written by
/// the real services.
@MainActor
struct SessionInspectorTests {
    let engine = FakeWebEngine()
    let clock = ManualTimerClock()

    func makeUserDataDirectory(quit: Bool = true) throws -> URL {
        try SampleUserDataDirectory.make(engine: engine, clock: clock, quit: quit)
    }

    /// Every file under `directory` with its size and modification time.
    func snapshot(_ directory: URL) -> [String: String] {
        var files: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: directory.path) ?? .init() {
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(path).path)
            files[path] = "\(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? 0)"
        }
        return files
    }

    @Test func reportsWindowsTabsAndRecentlyClosedWithoutChangingAnything() throws {
        let directory = try makeUserDataDirectory()
        let before = snapshot(directory)
        let report = try SessionInspector(userDataDirectory: directory).inspect()
        #expect(snapshot(directory) == before)
        #expect(report.problems.isEmpty)
        #expect(!report.lastRunCrashed)
        let profile = try #require(report.profiles.first)
        #expect(report.profiles.map(\.name) == ["Default"])
        #expect(profile.windows.map(\.sessionID) == ["main", "old"], "a quit deletes incognito sessions")

        let main = try #require(report.windows.first { $0.sessionID == "main" })
        #expect(main.state == .open && !main.incognito && main.problems.isEmpty)
        #expect(main.formatVersion == SessionFormat.currentVersion)
        #expect(
            main.tabs.map(\.url) == [
                "https://a.test/second", "https://b.test/", "https://c.test/", "https://d.test/",
            ])
        #expect(main.tabs.map(\.pinned) == [true, false, false, false])
        #expect(main.tabs.map(\.active) == [false, false, true, false])
        #expect(main.tabs.map(\.group) == [nil, nil, "Work", "Work"])
        #expect(main.tabs.map(\.opener) == [nil, nil, 1, nil])
        #expect(main.tabs.map(\.navigationItemCount) == [2, 1, 1, 1])
        #expect(main.tabs.allSatisfy { $0.hasData })
        let group = try #require(main.groups.first)
        #expect(main.groups.count == 1)
        #expect(group.title == "Work" && group.color == "blue" && !group.collapsed)
        #expect(group.start == 2 && group.count == 2)

        let old = try #require(report.windows.first { $0.sessionID == "old" })
        #expect(old.state == .closed)

        #expect(profile.recentlyClosed.count == 1)
        let closed = try #require(profile.recentlyClosed.first)
        #expect(closed.kind == .tab && closed.url == "https://e.test/" && closed.windowSessionID == "main")
        #expect(closed.index == 4)
    }

    @Test func damagedFilesAreReportedAndShowWhatARestoreWouldRecover() throws {
        let directory = try makeUserDataDirectory()
        let storage = directory.appendingPathComponent("Default/SessionStorage/main")
        try Data("not a list".utf8).write(to: storage.appendingPathComponent(SessionFormat.metadataFileName))
        try Data().write(to: directory.appendingPathComponent("Default/RecentlyClosed.pb"))
        try Data("{".utf8).write(to: directory.appendingPathComponent("Local State"))
        let before = snapshot(directory)
        let report = try SessionInspector(userDataDirectory: directory).inspect()
        #expect(snapshot(directory) == before, "the inspector never sets anything aside itself")
        #expect(
            report.problems.count == 1 && report.problems[0].description.contains("Local State is unreadable")
        )
        let main = try #require(report.windows.first { $0.sessionID == "main" })
        #expect(
            report.windows.allSatisfy { $0.state == .open },
            "no readable Local State: the launch restores every window on disk")
        #expect(main.problems.first?.description.contains("session_metadata.pb is unreadable") == true)
        // Recovered from the tabs' own files, in identifier order (creation order here).
        #expect(
            main.tabs.map(\.url) == [
                "https://a.test/second", "https://b.test/", "https://c.test/", "https://d.test/",
            ])
        let profile = try #require(report.profiles.first)
        #expect(profile.problems.first?.description.contains("RecentlyClosed.pb is unreadable") == true)
    }

    @Test func aListWithoutFormatVersionIsChromiumsAndComplete() throws {
        let directory = try makeUserDataDirectory()
        let listURL = directory.appendingPathComponent("Default/SessionStorage/main/session_metadata.pb")
        var list = try StorageWebStateListStorage(serializedBytes: Data(contentsOf: listURL))
        list.items.removeLast()
        list.formatVersion = 0
        try list.serializedData().write(to: listURL)
        let report = try SessionInspector(userDataDirectory: directory).inspect()
        let main = try #require(report.windows.first { $0.sessionID == "main" })
        #expect(
            main.tabs.map(\.url) == ["https://a.test/second", "https://b.test/", "https://c.test/"])
        #expect(main.problems.first?.description.contains("written by Chromium") == true)
    }

    @Test func aTabFileNewerThanTheListIsShownAsARestoreShowsIt() throws {
        let directory = try makeUserDataDirectory()
        let main = directory.appendingPathComponent("Default/SessionStorage/main")
        let before = try SessionInspector(userDataDirectory: directory).inspect()
        let tab = try #require(before.windows.first { $0.sessionID == "main" }?.tabs[1])
        // A crash after the tab's data.pb was written and before the list was.
        let dataURL = main.appendingPathComponent(tab.directory).appendingPathComponent(
            SessionFormat.dataFileName)
        var data = try StorageWebStateStorage(serializedBytes: Data(contentsOf: dataURL))
        var item = StorageNavigationItemStorage()
        item.url = "https://b.test/later"
        item.title = "Later"
        data.navigation.items.append(item)
        data.navigation.lastCommittedItemIndex = 1
        try data.serializedData().write(to: dataURL)
        let after = try SessionInspector(userDataDirectory: directory).inspect()
        let window = try #require(after.windows.first { $0.sessionID == "main" })
        #expect(window.tabs[1].url == "https://b.test/later")
        #expect(window.tabs[1].title == "Later")
        #expect(window.tabs[1].navigationItemCount == 2)
    }

    @Test func aClosedWindowIsReportedWithItsTabs() throws {
        let directory = try makeUserDataDirectory()
        let tabRestore = TabRestoreService(
            fileURL: directory.appendingPathComponent("Default/RecentlyClosed.pb"))
        let now = Date()
        let tabs = ["https://w.test/1", "https://w.test/2"].map { url in
            WebStateStorage(
                metadata: WebStateMetadata(
                    creationTime: now, lastActiveTime: now, title: url, url: URL(string: url),
                    navigationItemCount: 1),
                navigation: NavigationHistory(
                    items: [NavigationItem(url: URL(string: url)!, title: url)], lastCommittedItemIndex: 0))
        }
        tabRestore.addWindow(tabs: tabs, activeIndex: 1, pinnedCount: 0, sessionID: "gone")
        tabRestore.flush()
        let report = try SessionInspector(userDataDirectory: directory).inspect()
        let entries = try #require(report.profiles.first?.recentlyClosed)
        #expect(entries.map(\.kind) == [.window, .tab], "newest first")
        #expect(entries[0].windowSessionID == "gone")
        #expect(entries[0].tabs?.map(\.url) == ["https://w.test/1", "https://w.test/2"])
        #expect(entries[0].tabs?.allSatisfy { $0.kind == .tab } == true)
    }

    @Test func aTabWithoutItsDataFileIsReported() throws {
        let directory = try makeUserDataDirectory()
        let main = directory.appendingPathComponent("Default/SessionStorage/main")
        let report = try SessionInspector(userDataDirectory: directory).inspect()
        let tab = try #require(report.windows.first { $0.sessionID == "main" }?.tabs[1])
        try FileManager.default.removeItem(
            at: main.appendingPathComponent(tab.directory).appendingPathComponent(SessionFormat.dataFileName))
        let after = try SessionInspector(userDataDirectory: directory).inspect()
        let window = try #require(after.windows.first { $0.sessionID == "main" })
        #expect(!window.tabs[1].hasData)
        #expect(window.tabs[1].url == "https://b.test/", "the list still knows its URL")
        #expect(window.problems == [.tabDataWouldFallBack(tab: tab.id, failure: .missing)])
    }

    @Test func aRunThatDidNotQuitIsReportedAsCrashed() throws {
        let report = try SessionInspector(userDataDirectory: try makeUserDataDirectory(quit: false)).inspect()
        #expect(report.lastRunCrashed)
        #expect(report.windows.map(\.sessionID) == ["main", "old", "private"])
        let incognito = try #require(report.windows.first { $0.sessionID == "private" })
        #expect(incognito.incognito && incognito.state == .open)
        #expect(incognito.tabs.map(\.url) == ["https://secret.test/"])
    }

    @Test func withoutLocalStateEveryWindowOnDiskIsOpenAsTheLaunchRestoresIt() throws {
        let directory = try makeUserDataDirectory()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Local State"))
        let report = try SessionInspector(userDataDirectory: directory).inspect()
        #expect(report.windows.map(\.sessionID) == ["main", "old"])
        #expect(report.windows.allSatisfy { $0.state == .open })
        #expect(
            report.problems == [.noLocalState(path: directory.appendingPathComponent("Local State").path)])
        #expect(!report.problems[0].isNotReadable)
    }

    @Test func aMissingDirectoryIsAnError() {
        let missing = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("no-such-\(UUID())")
        #expect(throws: SessionInspector.InspectionError.missing(missing.path)) {
            try SessionInspector(userDataDirectory: missing).inspect()
        }
    }

    @Test func anEmptyDirectoryHasNoProfiles() throws {
        let empty = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "swiftlet-empty-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let report = try SessionInspector(userDataDirectory: empty).inspect()
        #expect(report.profiles.isEmpty && report.problems.isEmpty)
    }
}
