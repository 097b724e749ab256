import Application
import Base
import Foundation
import History
import Profiles
import Testing
import Web

/// The history of the application's tabs: every tab of a window records its visits in its
/// profile's history (an incognito window's in memory), and the visits reach the file when a
/// window leaves the foreground and at quit.
@MainActor
struct AppStateHistoryTests {
    let fixture = AppFixture()

    var historyPath: String {
        fixture.directory.appendingPathComponent("Default/\(HistoryService.fileName)").path
    }

    /// The URLs another reader of the file sees: only what was committed (read once the
    /// writer has nothing pending).
    func committedURLs() async -> [String] {
        let reader = HistoryService(path: historyPath, clock: ManualTimerClock())
        defer { reader.shutdown() }
        return await reader.queryHistory("", options: HistoryQueryOptions()).map(\.url.absoluteString)
    }

    func history(_ profile: Profile) throws -> HistoryService {
        try #require(fixture.app.historyServices.service(for: profile))
    }

    @Test func aWindowsTabsRecordTheirVisitsInTheProfilesHistory() async throws {
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/", "https://b.test/"])
        let visits = try await history(scene.profile).queryHistory("", options: HistoryQueryOptions())
        #expect(Set(visits.map(\.url.absoluteString)) == ["https://a.test/", "https://b.test/"])
        fixture.quit()
    }

    @Test func anIncognitoWindowRecordsInAHistoryOfItsOwnInMemory() async throws {
        fixture.launch()
        let scene = fixture.openWindow(["https://secret.test/"], incognito: true)
        let incognito = try history(scene.profile)
        let regular = try history(scene.profile.originalProfile)
        #expect(incognito !== regular)
        #expect(incognito.path == nil)
        #expect(await incognito.queryHistory("", options: HistoryQueryOptions()).count == 1)
        #expect(await regular.queryHistory("", options: HistoryQueryOptions()).isEmpty)
        fixture.quit()
        #expect(await committedURLs() == [])
    }

    @Test func aWindowLeavingTheForegroundCommitsTheVisits() async throws {
        fixture.launch()
        let scene = fixture.openWindow(["https://a.test/"])
        scene.setActivationLevel(.foregroundActive)
        scene.setActivationLevel(.background)
        let agent = try #require(scene.allAgents.compactMap { $0 as? HistoryFlushingSceneAgent }.first)
        await agent.lastFlush?.value
        #expect(await committedURLs() == ["https://a.test/"])
        #expect(agent.flushRequestCount == 1)
        // Going from one background state to another asks for nothing more.
        scene.setActivationLevel(.disconnected)
        #expect(agent.flushRequestCount == 1)
        fixture.quit()
    }

    @Test func quittingCommitsTheVisits() async throws {
        fixture.launch()
        fixture.openWindow(["https://a.test/"]).setActivationLevel(.foregroundActive)
        fixture.quit()
        #expect(await committedURLs() == ["https://a.test/"])
    }
}
