import Foundation
import History
import Testing

@MainActor
struct HistoryBatchTests {
    @Test func visitsReachTheFileTenSecondsAfterTheFirstOneOfABatch() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        fixture.visit(service, "https://example.test/a")
        fixture.clock.advance(by: .seconds(5))
        fixture.visit(service, "https://example.test/b")
        await service.waitForPendingWork()
        #expect(try fixture.committedCounts().isEmpty)
        // Readers of the service see the batch before it is committed.
        #expect(await service.queryHistory("", options: HistoryQueryOptions()).count == 2)

        fixture.clock.advance(by: .seconds(5))
        await service.waitForPendingWork()
        #expect(try fixture.committedCounts().count == 2)

        fixture.visit(service, "https://example.test/c")
        fixture.clock.advance(by: .seconds(9))
        await service.waitForPendingWork()
        #expect(try fixture.committedCounts().count == 2)
        fixture.clock.advance(by: .seconds(1))
        await service.waitForPendingWork()
        #expect(try fixture.committedCounts().count == 3)
        service.shutdown()
    }

    @Test func flushCommitsAtOnceAndShutdownCommitsWhatIsLeft() async throws {
        let fixture = HistoryFixture()
        let service = fixture.makeService()
        fixture.visit(service, "https://example.test/a")
        await service.flush()
        #expect(try fixture.committedCounts().count == 1)
        // No commit is due any more: only the first expiry round is.
        #expect(fixture.clock.pendingCount == 1)

        fixture.visit(service, "https://example.test/b")
        service.shutdown()
        #expect(try fixture.committedCounts().count == 2)
        // A shut down service records nothing more.
        fixture.visit(service, "https://example.test/c")
        #expect(try fixture.committedCounts().count == 2)
    }
}
