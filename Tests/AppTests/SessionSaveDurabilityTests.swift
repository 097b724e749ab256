import Foundation
import Testing

/// The power-loss check: runs the crash-test child (`swiftlet-session-crasher child`), which
/// mutates a session and saves it in a loop, under strace, and checks from the recorded
/// write/fsync/rename/mkdir sequence that everything a save replaced or created is durable
/// before the save reports itself done (`saved <step>` on standard output).
struct SessionSaveDurabilityTests {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let saves = 20

    /// The trace of `saves` saves of a fresh session, made once for the three checks.
    static let trace: Result<SyscallTrace, TraceError> = record()

    struct TraceError: Error, CustomStringConvertible {
        let description: String
    }

    static func record() -> Result<SyscallTrace, TraceError> {
        guard let strace else { return .failure(TraceError(description: "strace is not installed")) }
        guard let crasher = SwiftletProcess.path(of: "swiftlet-session-crasher") else {
            return .failure(TraceError(description: "swiftlet-session-crasher was not built"))
        }
        let directory = NSTemporaryDirectory() + "swiftlet-durability-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let traceFile = directory + "/trace"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        process.arguments = [
            "-f", "-qq", "-y", "-o", traceFile,
            "-e",
            "trace=openat,close,write,fsync,fdatasync,rename,renameat,renameat2,mkdir,mkdirat,link,linkat,unlink,unlinkat",
            crasher, "child", directory + "/session", "1", "0", "--saves", String(saves),
        ]
        // The markers go to a file: the trace shows each write(2) of one, wherever it goes.
        let output = directory + "/output"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch {
            return .failure(TraceError(description: "could not start strace: \(error)"))
        }
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let text = try? String(contentsOfFile: traceFile, encoding: .utf8)
        else {
            return .failure(
                TraceError(description: "strace exited \(process.terminationStatus): \(errorText)"))
        }
        return .success(SyscallTrace(text))
    }

    func recorded() throws -> SyscallTrace {
        let trace = try Self.trace.get()
        try #require(trace.markers == Array(0..<Self.saves), "every save is reported in the trace")
        try #require(trace.renameCount >= Self.saves && trace.mkdirCount > 0, "the saves wrote files")
        return trace
    }

    @Test(.enabled(if: strace != nil, "strace is not installed (scripts/install-deps installs it)"))
    func replacedFilesAreSyncedAndClosedBeforeTheRename() throws {
        let violations = try recorded().unsyncedRenames()
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test(.enabled(if: strace != nil, "strace is not installed (scripts/install-deps installs it)"))
    func theDirectoryOfEachRenameIsSyncedBeforeTheSaveIsReported() throws {
        let violations = try recorded().renamesWithoutDirectorySync()
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test(.enabled(if: strace != nil, "strace is not installed (scripts/install-deps installs it)"))
    func theParentOfEachNewDirectoryIsSyncedBeforeTheSaveIsReported() throws {
        let violations = try recorded().newDirectoriesWithoutParentSync()
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    /// The checks on a made-up trace: each rule broken once, and a thread's call split by
    /// another's.
    @Test func theChecksFindEachBrokenRule() {
        let trace = SyscallTrace(
            """
            10 mkdir("/d/s", 0700) = 0
            10 openat(AT_FDCWD</d>, "/d/s/.a.tmp", O_RDWR|O_CREAT|O_EXCL, 0600) = 3</d/s/.a.tmp>
            10 write(3</d/s/.a.tmp>, "x", 1) = 1
            10 fsync(3</d/s/.a.tmp> <unfinished ...>
            11 write(1</d/out>, "noise\\n", 6) = 6
            10 <... fsync resumed>) = 0
            10 close(3</d/s/.a.tmp>) = 0
            10 rename("/d/s/.a.tmp", "/d/s/a") = 0
            10 openat(AT_FDCWD</d>, "/d/s", O_RDONLY|O_DIRECTORY) = 3</d/s>
            10 fsync(3</d/s>) = 0
            10 close(3</d/s>) = 0
            11 write(1</d/out>, "saved 0\\n", 8) = 8
            10 openat(AT_FDCWD</d>, "/d/s/.b.tmp", O_RDWR|O_CREAT|O_EXCL, 0600) = 3</d/s/.b.tmp>
            10 write(3</d/s/.b.tmp>, "y", 1) = 1
            10 renameat2(AT_FDCWD</d/s>, ".b.tmp", AT_FDCWD</d/s>, "b", 0) = 0
            10 fsync(3</d/s/b>) = 0
            10 mkdir("/d/s/t", 0700) = -1 EEXIST (File exists)
            11 write(1<pipe:[1]>, "saved 1\\n", 8) = 8
            10 rename("/d/s/.c.tmp", "/d/s/c") = 0
            """)
        #expect(trace.markers == [0, 1])
        #expect(
            trace.unsyncedRenames() == [
                .init(
                    path: "/d/s/.b.tmp", problem: "renamed without fsync after its last write", step: 1,
                    line: 15),
                .init(
                    path: "/d/s/.c.tmp", problem: "renamed without fsync after its last write", step: nil,
                    line: 19),
            ])
        #expect(
            trace.renamesWithoutDirectorySync() == [
                .init(
                    path: "/d/s/b", problem: "its directory not fsynced after the rename", step: 1, line: 15)
            ])
        #expect(
            trace.newDirectoriesWithoutParentSync() == [
                .init(path: "/d/s", problem: "created, but its parent not fsynced after", step: 0, line: 1)
            ])
    }
}
