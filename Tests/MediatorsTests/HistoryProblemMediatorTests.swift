import Base
import Foundation
import History
import Mediators
import ModelTestSupport
import Testing
import UIInterfaces

@MainActor
struct HistoryProblemMediatorTests {
    let directory = TestProfile.makeUserDataDirectory()

    /// A service over a `History` file that is not a database.
    func damagedService() async throws -> HistoryService {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(HistoryService.fileName).path
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        let service = HistoryService(path: path, clock: ManualTimerClock())
        await service.waitForPendingWork()
        await Task.yield()
        return service
    }

    @Test func aSetAsideFileIsSaidOnceInTheFirstWindow() async throws {
        let service = try await damagedService()
        guard case .damaged(let setAside, _) = service.problem else {
            Issue.record("not set aside: \(String(describing: service.problem))")
            return
        }
        let announcements = ProblemAnnouncements()
        let first = RecordingInfoBarConsumer()
        let mediator = HistoryProblemMediator(service: service, announcements: announcements)
        mediator.consumer = first
        #expect(
            first.pushes == [
                "show history-problem: Your history could not be read, and a new one was started "
                    + "(The damaged file was kept as \(setAside).) []"
            ])
        let second = RecordingInfoBarConsumer()
        let other = HistoryProblemMediator(service: service, announcements: announcements)
        other.consumer = second
        #expect(second.pushes == [], "said once")
        mediator.disconnect()
        other.disconnect()
        service.shutdown()
    }

    @Test func aHealthyHistorySaysNothingAndAFailedWriteIsSaidWhenItComes() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let service = HistoryService(
            path: directory.appendingPathComponent(HistoryService.fileName).path, clock: ManualTimerClock())
        await service.waitForPendingWork()
        let consumer = RecordingInfoBarConsumer()
        let mediator = HistoryProblemMediator(service: service, announcements: ProblemAnnouncements())
        mediator.consumer = consumer
        #expect(consumer.pushes == [])
        // A full disk: the file may not grow past what it has.
        await service.limitFileSizeForTesting(pages: 8)
        for index in 0..<500 {
            service.addPage(
                HistoryAddPageArgs(
                    url: URL(string: "https://a.test/\(index)/" + String(repeating: "x", count: 200))!,
                    time: Date(), redirects: [], transition: .typed, title: nil))
        }
        await service.flush()
        await service.waitForPendingWork()
        await Task.yield()
        #expect(consumer.pushes.count == 1)
        #expect(consumer.pushes.first?.hasPrefix("show history-problem: History could not be saved") == true)
        mediator.disconnect()
        service.shutdown()
    }
}
