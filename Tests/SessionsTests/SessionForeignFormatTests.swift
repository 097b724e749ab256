import Base
import Foundation
import ModelTestSupport
import TabModel
import Testing
import Web
import WebTestSupport

@testable import Sessions

/// Lists written by Chromium (no format version of ours) and by Swiftlet's format 1 (times
/// from the Unix epoch): both read right; what is written counts from Chromium's epoch.
@MainActor
struct SessionForeignFormatTests {
    /// 2024-05-06 07:08:09 UTC.
    let date = Date(timeIntervalSince1970: 1_714_979_289)

    /// `date` as Chromium stores it: microseconds since 1601-01-01 UTC.
    var chromiumMicroseconds: Int64 { (1_714_979_289 + 11_644_473_600) * 1_000_000 }

    func load(_ service: SessionRestorationService, _ env: SessionTestEnvironment) -> Browser {
        let browser = env.makeBrowser()
        service.setSessionID("w0", for: browser)
        service.loadSession(for: browser)
        return browser
    }

    @Test func timesAreWrittenFromChromiumsEpoch() {
        #expect(StorageTimestamp(date).microseconds == chromiumMicroseconds)
        #expect(StorageTimestamp(Date(timeIntervalSince1970: 0)).microseconds == 11_644_473_600_000_000)
        #expect(StorageTimestamp(date).date == date)
    }

    @Test func timesOfFormatOneAreReadFromTheUnixEpoch() {
        var legacy = StorageTimestamp()
        legacy.microseconds = 1_714_979_289 * 1_000_000
        #expect(legacy.date == date)
        var chromium = StorageTimestamp()
        chromium.microseconds = chromiumMicroseconds
        #expect(chromium.date == date)
    }

    @Test func aListWithoutFormatVersionIsChromiumsCompleteList() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        var a = listItem(1, url: "https://a.test/")
        a.metadata.lastActiveTime.microseconds = chromiumMicroseconds
        var list = listStorage([a, listItem(2, url: "https://b.test/")], active: 0)
        list.formatVersion = 0
        env.writeList(list, "w0")
        env.writeTabData("w0", rawID: 1, urls: ["https://a.test/"])
        env.writeTabData("w0", rawID: 2, urls: ["https://b.test/"])
        // A tab directory the list does not name: Chromium's leftover, not a lost tab.
        env.writeTabData("w0", rawID: 3, urls: ["https://leftover.test/"])
        let service = env.makeService()
        let browser = load(service, env)
        let list2 = browser.webStateList
        #expect(
            list2.webStates.map { $0.visibleURL?.absoluteString } == ["https://a.test/", "https://b.test/"])
        #expect(list2.webState(at: 0).lastActiveTime == date)
        service.disconnect(browser)
    }

    @Test func aFormatOneListIsReadAndRewrittenFromChromiumsEpoch() {
        let env = SessionTestEnvironment()
        defer { env.tearDown() }
        var a = listItem(1, url: "https://a.test/")
        a.metadata.lastActiveTime.microseconds = 1_714_979_289 * 1_000_000
        var list = listStorage([a], active: 0)
        list.formatVersion = 1
        env.writeList(list, "w0")
        env.writeTabData("w0", rawID: 1, urls: ["https://a.test/"])
        let service = env.makeService()
        let browser = load(service, env)
        #expect(browser.webStateList.webState(at: 0).lastActiveTime == date)
        _ = env.insertTabs(browser, urls: ["https://new.test/"])
        env.waitForSave(service)
        let saved = env.readList("w0")
        #expect(saved?.formatVersion == SessionFormat.currentVersion)
        #expect(saved?.items.first?.metadata.lastActiveTime.microseconds == chromiumMicroseconds)
        service.disconnect(browser)
    }
}
