import Bookmarks
import Foundation
import Mediators
import ModelTestSupport
import Testing
import UIInterfaces

@MainActor
struct BookmarkProblemMediatorTests {
    let directory = TestProfile.makeUserDataDirectory()

    /// A model over a `Bookmarks.db` that is not a database, once read.
    func damagedModel() async throws -> BookmarkModel {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(BookmarkStore.fileName).path
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        let model = BookmarkModel(store: BookmarkStore(path: path))
        await model.waitUntilLoaded()
        return model
    }

    @Test func aSetAsideFileIsSaidOnceInTheFirstWindow() async throws {
        let model = try await damagedModel()
        guard case .damaged(let setAside, _, false) = model.problem else {
            Issue.record("not set aside: \(String(describing: model.problem))")
            return
        }
        let announcements = ProblemAnnouncements()
        let first = RecordingInfoBarConsumer()
        let mediator = BookmarkProblemMediator(model: model, announcements: announcements)
        mediator.consumer = first
        #expect(
            first.pushes == [
                "show bookmarks-problem: Your bookmarks could not be read, and new ones were started "
                    + "(The damaged file was kept as \(setAside).) []"
            ])
        let second = RecordingInfoBarConsumer()
        let other = BookmarkProblemMediator(model: model, announcements: announcements)
        other.consumer = second
        #expect(second.pushes == [], "said once")
        mediator.disconnect()
        other.disconnect()
        model.shutdown()
    }

    @Test func aProblemFoundWhileTheFileIsReadIsSaidOnceItIsRead() async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(BookmarkStore.fileName).path
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        let model = BookmarkModel(store: BookmarkStore(path: path))
        let consumer = RecordingInfoBarConsumer()
        let mediator = BookmarkProblemMediator(model: model, announcements: ProblemAnnouncements())
        mediator.consumer = consumer
        await model.waitUntilLoaded()
        #expect(consumer.pushes.count == 1)
        #expect(
            consumer.pushes.first?.hasPrefix("show bookmarks-problem: Your bookmarks could not be read")
                == true)
        mediator.disconnect()
        model.shutdown()
    }

    @Test func aHealthyFileSaysNothing() async throws {
        let model = BookmarkModel(
            store: BookmarkStore(path: directory.appendingPathComponent(BookmarkStore.fileName).path))
        await model.waitUntilLoaded()
        let consumer = RecordingInfoBarConsumer()
        let mediator = BookmarkProblemMediator(model: model, announcements: ProblemAnnouncements())
        mediator.consumer = consumer
        #expect(consumer.pushes == [])
        mediator.disconnect()
        model.shutdown()
    }
}
