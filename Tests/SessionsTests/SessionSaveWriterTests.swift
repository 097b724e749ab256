import Foundation
import Testing
import Web

@testable import Sessions

/// The writer runs a plan on the IO queue and reports what it could not write.
struct SessionSaveWriterTests {
    let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "swiftlet-savewriter-\(UUID().uuidString)"
    ).path
    let closed = WebStateID.fromSerializedValue(0xC)!

    func run(_ plan: SessionSavePlanner.Plan) -> [FailedSave] {
        let io = SessionIO()
        let writer = SessionSaveWriter(io: io, writesInFlight: TabWritesInFlight())
        return io.sync { writer.execute(plan) }
    }

    func plan(listPath: String) -> SessionSavePlanner.Plan {
        SessionSavePlanner.Plan(
            sessionIDs: ["w0"],
            requests: [
                .writeList(sessionID: "w0", path: listPath, list: StorageWebStateListStorage()),
                .deleteClosedTab(
                    sessionID: "w0", tab: closed,
                    directories: [SessionLayout.tabDirectory(closed, inSession: root + "/w0")]),
            ])
    }

    @Test func closedTabsGoOnceEveryListIsWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let closedDirectory = SessionLayout.tabDirectory(closed, inSession: root + "/w0")
        try FileManager.default.createDirectory(atPath: closedDirectory, withIntermediateDirectories: true)
        #expect(run(plan(listPath: SessionLayout.metadataFile(inSession: root + "/w0"))).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: closedDirectory))
    }

    @Test func aListNotWrittenKeepsTheClosedTabsFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let closedDirectory = SessionLayout.tabDirectory(closed, inSession: root + "/w0")
        try FileManager.default.createDirectory(atPath: closedDirectory, withIntermediateDirectories: true)
        // A non-empty directory where the list goes: the list cannot be renamed into place.
        let listPath = SessionLayout.metadataFile(inSession: root + "/w0")
        try FileManager.default.createDirectory(
            atPath: SessionLayout.entry("x", in: listPath), withIntermediateDirectories: true)
        let failed = run(plan(listPath: listPath))
        #expect(failed.count == 1 && failed[0].listFailed && failed[0].closed == [closed])
        #expect(FileManager.default.fileExists(atPath: closedDirectory))
    }
}
