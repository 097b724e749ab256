import Foundation
import Testing

/// The bookmarks file under the SIGKILL crash test (`swiftlet-session-crasher`): its child
/// makes a batch of bookmark changes a step and flushes it before saying so; after every
/// kill `Bookmarks.db` passes `PRAGMA integrity_check` and holds every acknowledged batch
/// (and at most the one batch after them). The long run (≥ 1,000 kills) is
/// `scripts/crash-test`.
struct BookmarkCrashTests {
    @Test(.timeLimit(.minutes(2))) func acknowledgedBookmarkChangesSurviveRandomSIGKILLs() throws {
        let (status, output) = try SessionCrashTests.torture(["--kills", "10", "--longest-ms", "600"])
        #expect(status == 0, "crash test failed:\n\(output)")
        #expect(output.contains("10 passed, 0 failed"), "\(output)")
        let batches = output.firstRange(of: "history flushed to step ").flatMap { range in
            output[range.upperBound...].firstRange(of: ", ").map { comma in
                Int(output[comma.upperBound...].prefix { $0.isNumber }) ?? -1
            }
        }
        #expect((batches ?? -1) >= 5, "the child acknowledged too few bookmark batches: \(output)")
    }
}
