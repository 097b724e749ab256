import Foundation
import History
import Testing

/// The application's history services: one a profile, committed by the quit sequence.
@MainActor
struct AppStateHistoryServiceTests {
    @Test func aVisitRecordedBeforeAQuitIsInTheProfilesHistoryFile() throws {
        let fixture = AppFixture()
        fixture.launch()
        let profile = try #require(fixture.app.profile)
        let history = try #require(fixture.app.historyServices.service(for: profile))
        #expect(profile.prefs.int(HistoryPrefs.expireDays) == HistoryPrefs.defaultExpireDays)
        history.addPage(
            HistoryAddPageArgs(url: URL(string: "https://quit.test/")!, time: Date(), transition: .typed))

        fixture.quit()

        let reader = try HistoryFileReader(
            path: profile.statePath.appendingPathComponent(HistoryService.fileName).path)
        let entries = try reader.queryHistory("", options: HistoryQueryOptions())
        #expect(entries.map(\.url.absoluteString) == ["https://quit.test/"])
    }

    @Test func incognitoHistoryIsItsOwnAndInMemory() throws {
        let fixture = AppFixture()
        fixture.launch()
        let profile = try #require(fixture.app.profile)
        let incognito = try #require(fixture.app.historyServices.service(for: profile.offTheRecordProfile))
        #expect(incognito !== fixture.app.historyServices.service(for: profile))
        #expect(incognito.path == nil)
        fixture.quit()
    }
}
