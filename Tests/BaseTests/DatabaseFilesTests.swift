import Base
import Foundation
import Testing

struct DatabaseFilesTests {
    @Test func aDatabaseGoesAsideWithItsJournalsUnderTheFirstFreeNameAndNothingIsOverwritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dbfiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("History").path
        func write(_ suffix: String, _ text: String) {
            _ = FileManager.default.createFile(atPath: path + suffix, contents: Data(text.utf8))
        }
        func read(_ file: String) -> String? {
            FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) }
        }
        write("", "first")
        write("-wal", "first wal")
        #expect(DatabaseFiles.setAside(path) == path + ".bad")
        write("", "second")
        #expect(DatabaseFiles.setAside(path) == path + ".bad.1")
        #expect(read(path + ".bad") == "first" && read(path + ".bad-wal") == "first wal")
        #expect(read(path + ".bad.1") == "second")
        #expect(
            !FileManager.default.fileExists(atPath: path)
                && !FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(DatabaseFiles.setAside(path) == nil, "no file: nothing moved")
    }
}
