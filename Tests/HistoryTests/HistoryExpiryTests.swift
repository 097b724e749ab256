import Base
import Foundation
import History
import ModelTestSupport
import Prefs
import Profiles
import Testing
import WebTestSupport

@MainActor
struct HistoryExpiryTests {
    private static let day: TimeInterval = 24 * 60 * 60

    @Test func visitsOlderThanTheLimitGoOnIdleWithThePagesTheyLeaveEmpty() async throws {
        let fixture = HistoryFixture()
        let service = HistoryService(path: fixture.path, clock: fixture.clock, now: { fixture.now }) {
            fixture.expireDays
        }
        let log = HistoryObserverLog()
        service.addObserver(log)
        let now = fixture.now
        for (url, age) in [
            ("https://old.test/", 100), ("https://old.test/", 95), ("https://mixed.test/", 91),
        ]
            + [("https://mixed.test/", 10), ("https://new.test/", 1)]
        {
            service.addPage(
                HistoryAddPageArgs(
                    url: URL(string: url)!, time: now - Double(age) * Self.day, transition: .link))
        }
        fixture.clock.advance(by: HistoryService.expiryStartDelay - .seconds(1))
        await service.waitForPendingWork()
        #expect(log.deleted.isEmpty)

        fixture.clock.advance(by: .seconds(1))
        await service.waitForPendingWork()
        #expect(
            try fixture.committedCounts() == [
                "https://mixed.test/": [1, 0, 0], "https://new.test/": [1, 0, 0],
            ])
        #expect(log.deleted.map(\.isExpired) == [true])
        #expect(log.deleted.first?.deletedRows.map(\.url.absoluteString) == ["https://old.test/"])

        // The next round comes an hour later, with the limit then.
        fixture.expireDays = 5
        fixture.clock.advance(by: HistoryService.expiryIdleDelay - .seconds(1))
        await service.waitForPendingWork()
        #expect(log.deleted.count == 1)
        fixture.clock.advance(by: .seconds(1))
        await service.waitForPendingWork()
        #expect(try fixture.committedCounts() == ["https://new.test/": [1, 0, 0]])
        service.shutdown()
    }

    @Test func aLimitOfZeroDaysKeepsEverything() async throws {
        let fixture = HistoryFixture()
        let service = HistoryService(path: fixture.path, clock: fixture.clock, now: { fixture.now }) { 0 }
        service.addPage(
            HistoryAddPageArgs(
                url: URL(string: "https://ancient.test/")!, time: fixture.now - 5000 * Self.day,
                transition: .link))
        fixture.clock.advance(by: HistoryService.expiryStartDelay)
        await service.flush()
        #expect(try fixture.committedCounts().count == 1)
        service.shutdown()
    }

    @Test func manyOldVisitsGoInRoundsASecondApart() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        let count = HistoryService.expiryBatchSize + 10
        for index in 0..<count {
            service.addPage(
                HistoryAddPageArgs(
                    url: URL(string: "https://old.test/\(index)")!, time: fixture.now - 200 * Self.day,
                    transition: .link))
        }
        fixture.clock.advance(by: HistoryService.expiryStartDelay)
        await service.waitForPendingWork()
        #expect(try fixture.committedCounts().count == 10)
        fixture.clock.advance(by: HistoryService.expiryBusyDelay)
        await service.waitForPendingWork()
        #expect(try fixture.committedCounts().isEmpty)
        service.shutdown()
    }

    @Test func theProfilesPrefSetsTheLimit() async throws {
        let clock = ManualTimerClock()
        let context = TestProfile.makeApplicationContext(
            engine: FakeWebEngine(), clock: clock, registerProfilePrefs: HistoryPrefs.register)
        let factory = HistoryServiceFactory.register(in: context)
        let profile = try context.profileManager.createProfile(named: "Default")
        #expect(profile.prefs.int(HistoryPrefs.expireDays) == 90)
        profile.prefs.set(HistoryPrefs.expireDays, .int(10))
        let service = try #require(factory.service(for: profile))
        for age in [20.0, 5.0] {
            service.addPage(
                HistoryAddPageArgs(
                    url: URL(string: "https://\(Int(age)).test/")!, time: Date() - age * Self.day,
                    transition: .link))
        }
        clock.advance(by: HistoryService.expiryStartDelay)
        await service.waitForPendingWork()
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).map(\.url.host) == ["5.test"])
    }
}
