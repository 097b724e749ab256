import Base
import BaseTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Helpers

private func makeTemporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("swiftlet-base-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs `body` with a fresh directory that is removed afterwards.
private func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try body(directory)
}

private func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

private func entries(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

private func permissions(_ path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}

/// Writes a small file, then a file far beyond the process's file size limit to the same
/// path. Returns whether the failure was reported at the write step and left the old
/// file intact with no temporary file behind.
private func oversizedWriteKeepsTheOldFile() -> Bool {
    guard let directory = try? makeTemporaryDirectory() else { return false }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/state.json"
    do {
        try AtomicFileWriter().write(Data("good".utf8), toPath: path)
    } catch {
        return false
    }
    do {
        try AtomicFileWriter().write(Data(repeating: 0x41, count: 100_000), toPath: path)
        return false
    } catch {
        guard error.path == path, error.step == .write, error.code == EFBIG else { return false }
    }
    return contents(path) == "good" && entries(directory) == ["state.json"]
}

// MARK: Tests

@Suite struct AtomicFileWriterTests {
    @Test func writesTheBytesWithMode0600ByDefault() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/file.txt"
            try AtomicFileWriter().write(Data("hello, world".utf8), toPath: path)
            #expect(contents(path) == "hello, world")
            #expect(permissions(path) == 0o600)
        }
    }

    @Test(arguments: [0o644, 0o664, 0o400] as [mode_t])
    func writesWithACustomMode(mode: mode_t) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/file.txt"
            try AtomicFileWriter().write(Data("x".utf8), toPath: path, permissions: mode)
            // The mode is set exactly, regardless of the process's umask.
            #expect(permissions(path) == mode)
            #expect(contents(path) == "x")
        }
    }

    @Test func writesToAFileURL() throws {
        try withTemporaryDirectory { directory in
            let url = URL(fileURLWithPath: directory).appendingPathComponent("with space.txt")
            try AtomicFileWriter().write(Data("via url".utf8), to: url)
            #expect(contents(directory + "/with space.txt") == "via url")
            #expect(entries(directory) == ["with space.txt"])
        }
    }

    @Test func writesEmptyData() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/empty"
            try AtomicFileWriter().write(Data(), toPath: path)
            #expect(FileManager.default.contents(atPath: path) == Data())
        }
    }

    @Test func writesBinaryDataUnchanged() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/blob"
            let data = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try AtomicFileWriter().write(data, toPath: path)
            #expect(FileManager.default.contents(atPath: path) == data)
        }
    }

    @Test func replacesAnExistingFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/file.txt"
            try AtomicFileWriter().write(Data("old content, longer".utf8), toPath: path, permissions: 0o644)
            try AtomicFileWriter().write(Data("new".utf8), toPath: path)
            #expect(contents(path) == "new")
            #expect(permissions(path) == 0o600)
            #expect(entries(directory) == ["file.txt"])
        }
    }

    @Test func replacesTheFileInsteadOfRewritingIt() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/file.txt"
            try AtomicFileWriter().write(Data("old".utf8), toPath: path)
            let reader = try #require(FileHandle(forReadingAtPath: path))
            defer { try? reader.close() }

            try AtomicFileWriter().write(Data("new".utf8), toPath: path)
            // A reader that opened the old file still sees all of it.
            let seen = try reader.readToEnd() ?? Data()
            #expect(String(decoding: seen, as: UTF8.self) == "old")
            #expect(contents(path) == "new")
        }
    }

    @Test func leavesNoTemporaryFilesBehind() throws {
        try withTemporaryDirectory { directory in
            for round in 0..<5 {
                try AtomicFileWriter().write(Data("a\(round)".utf8), toPath: directory + "/a")
                try AtomicFileWriter().write(Data("b\(round)".utf8), toPath: directory + "/b")
            }
            #expect(entries(directory) == ["a", "b"])
            #expect(contents(directory + "/a") == "a4")
            #expect(contents(directory + "/b") == "b4")
        }
    }

    @Test func errorDescriptionNamesThePathTheStepAndTheReason() {
        let error = FileWriteError(path: "/data/profile/Preferences", step: .sync, code: EIO)
        let reason = String(cString: strerror(EIO))
        #expect(
            error.description
                == "could not write /data/profile/Preferences: fsync failed: \(reason) (errno \(EIO))")
        #expect(FileWriteError.Step.createTemporary.rawValue == "create temporary file")
        #expect(FileWriteError.Step.write.rawValue == "write")
        #expect(FileWriteError.Step.rename.rawValue == "rename")
        #expect(FileWriteError.Step.syncDirectory.rawValue == "fsync directory")
    }

    @Test func missingDirectoryFailsToCreateTheTemporaryFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/missing/file.txt"
            let error = #expect(throws: FileWriteError.self) {
                try AtomicFileWriter().write(Data("x".utf8), toPath: path)
            }
            #expect(error == FileWriteError(path: path, step: .createTemporary, code: ENOENT))
            #expect(error?.description.contains(path) == true)
            #expect(error?.description.contains("create temporary file failed") == true)
            #expect(entries(directory).isEmpty)
        }
    }

    @Test(arguments: [
        FileWriteError.Step.createTemporary, .write, .sync, .rename,
    ])
    func injectedFaultBeforeTheRenameKeepsTheOldFile(step: FileWriteError.Step) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/file.txt"
            let calls = FaultInjectingFileSystemCalls()
            let writer = calls.writer
            try writer.write(Data("old".utf8), toPath: path, permissions: 0o644)

            calls.injectFault(forPath: path, at: step, code: EIO)
            let error = #expect(throws: FileWriteError.self) {
                try writer.write(Data("new".utf8), toPath: path)
            }
            #expect(error == FileWriteError(path: path, step: step, code: EIO))
            #expect(contents(path) == "old")
            #expect(permissions(path) == 0o644)
            #expect(entries(directory) == ["file.txt"])

            // The fault lasts until it is cleared.
            #expect(throws: FileWriteError(path: path, step: step, code: EIO)) {
                try writer.write(Data("new".utf8), toPath: path)
            }
            calls.clearFault(forPath: path)
            try writer.write(Data("new".utf8), toPath: path)
            #expect(contents(path) == "new")
            #expect(entries(directory) == ["file.txt"])
        }
    }

    @Test(arguments: [FileWriteError.Step.write, .sync, .rename])
    func injectedFaultWithoutAnOldFileCreatesNothing(step: FileWriteError.Step) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/new.txt"
            let calls = FaultInjectingFileSystemCalls()
            calls.injectFault(forPath: path, at: step, code: ENOSPC)
            #expect(throws: FileWriteError(path: path, step: step, code: ENOSPC)) {
                try calls.writer.write(Data("new".utf8), toPath: path)
            }
            #expect(entries(directory).isEmpty)
        }
    }

    @Test func injectedDirectorySyncFaultIsReportedAfterTheRename() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/file.txt"
            let calls = FaultInjectingFileSystemCalls()
            try calls.writer.write(Data("old".utf8), toPath: path)
            calls.injectFault(forPath: directory, at: .syncDirectory, code: EIO)
            #expect(throws: FileWriteError(path: path, step: .syncDirectory, code: EIO)) {
                try calls.writer.write(Data("new".utf8), toPath: path)
            }
            // The new content is in place but its durability was not confirmed.
            #expect(contents(path) == "new")
            #expect(entries(directory) == ["file.txt"])
            #expect(throws: FileWriteError(path: directory, step: .syncDirectory, code: EIO)) {
                try calls.writer.syncDirectory(directory)
            }
        }
    }

    @Test func injectedFaultOnlyAffectsItsPath() throws {
        try withTemporaryDirectory { directory in
            let faulty = directory + "/faulty"
            let healthy = directory + "/healthy"
            let calls = FaultInjectingFileSystemCalls()
            calls.injectFault(forPath: faulty, at: .write, code: EIO)
            try calls.writer.write(Data("fine".utf8), toPath: healthy)
            #expect(contents(healthy) == "fine")
            #expect(throws: FileWriteError.self) {
                try calls.writer.write(Data("x".utf8), toPath: faulty)
            }
            #expect(entries(directory) == ["healthy"])
        }
    }

    @Test func aShortOrInterruptedWriteIsContinued() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/blob"
            let data = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let calls = ShortWriteCalls(chunk: 4096)
            try AtomicFileWriter(calls: calls).write(data, toPath: path)
            #expect(FileManager.default.contents(atPath: path) == data)
            #expect(calls.writeCalls == 4, "one interrupted, then 4096 + 4096 + 1808 bytes")
        }
    }

    @Test func syncDirectoryReportsAMissingDirectory() throws {
        try withTemporaryDirectory { directory in
            try AtomicFileWriter().syncDirectory(directory)
            let missing = directory + "/missing"
            #expect(throws: FileWriteError(path: missing, step: .syncDirectory, code: ENOENT)) {
                try AtomicFileWriter().syncDirectory(missing)
            }
        }
    }

    @Test func writesToAPathRelativeToTheWorkingDirectory() async {
        await #expect(processExitsWith: .success) {
            guard let directory = try? makeTemporaryDirectory(), chdir(directory) == 0 else { exit(1) }
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try AtomicFileWriter().write(Data("relative".utf8), toPath: "relative.txt")
            guard contents(directory + "/relative.txt") == "relative", entries(directory) == ["relative.txt"]
            else { exit(1) }
        }
    }

    @Test func realWriteFailureKeepsTheOldFile() async {
        await #expect(processExitsWith: .success) {
            // Exceeding the file size limit makes write() fail with EFBIG instead of
            // killing the process.
            signal(SIGXFSZ, SIG_IGN)
            #if canImport(Glibc)
            let fileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
            #else
            let fileSize = RLIMIT_FSIZE
            #endif
            var limit = rlimit()
            guard getrlimit(fileSize, &limit) == 0 else { exit(1) }
            limit.rlim_cur = 4096
            guard setrlimit(fileSize, &limit) == 0 else { exit(1) }
            exit(oversizedWriteKeepsTheOldFile() ? 0 : 1)
        }
    }
}

/// The system's calls, except that write(2) writes at most `chunk` bytes a call and the
/// first call is interrupted (EINTR).
private final class ShortWriteCalls: FileSystemCalls {
    private let system = POSIXFileSystemCalls()
    private let chunk: Int
    private let calls = Mutex(0)

    init(chunk: Int) { self.chunk = chunk }

    var writeCalls: Int { calls.withLock { $0 } }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        let call = calls.withLock { count in
            count += 1
            return count
        }
        if call == 1 { throw SystemCallError(code: EINTR) }
        return try system.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes.prefix(chunk)))
    }

    func makeTemporaryFile(nextTo path: String) throws(SystemCallError) -> (descriptor: Int32, path: String) {
        try system.makeTemporaryFile(nextTo: path)
    }
    func setPermissions(_ permissions: mode_t, of descriptor: Int32) throws(SystemCallError) {
        try system.setPermissions(permissions, of: descriptor)
    }
    func sync(_ descriptor: Int32) throws(SystemCallError) { try system.sync(descriptor) }
    func close(_ descriptor: Int32) throws(SystemCallError) { try system.close(descriptor) }
    func rename(_ source: String, to destination: String) throws(SystemCallError) {
        try system.rename(source, to: destination)
    }
    func unlink(_ path: String) throws(SystemCallError) { try system.unlink(path) }
    func openDirectory(_ path: String) throws(SystemCallError) -> Int32 { try system.openDirectory(path) }
}
