import Base
import BaseTestSupport
import Foundation
import Testing

struct PrivateStorageTests {
    func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "swiftlet-private-\(UUID().uuidString)"
        return path
    }

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as! NSNumber).intValue & 0o777
    }

    @Test func createsNestedDirectoriesWithMode0700() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let nested = root + "/a/b/c"
        let oldMask = umask(0)
        defer { umask(oldMask) }
        try PrivateStorage.createDirectory(atPath: nested)
        for path in [root, root + "/a", root + "/a/b", nested] { #expect(try mode(path) == 0o700) }
        try PrivateStorage.createDirectory(atPath: nested)  // Existing: fine.
    }

    @Test func eachNewDirectorysParentIsSynced() throws {
        let root = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let calls = FaultInjectingFileSystemCalls()
        // A parent that cannot be fsynced fails the creation: the new entry is not durable.
        calls.injectFault(forPath: root + "/a", at: .syncDirectory, code: EIO)
        #expect(throws: PrivateStorage.Error.self) {
            try PrivateStorage.createDirectory(atPath: root + "/a/b", fileWriter: calls.writer)
        }
        calls.clearFault(forPath: root + "/a")
        try PrivateStorage.createDirectory(atPath: root + "/a/b", fileWriter: calls.writer)
        // An existing directory needs no sync.
        calls.injectFault(forPath: root + "/a", at: .syncDirectory, code: EIO)
        try PrivateStorage.createDirectory(atPath: root + "/a/b", fileWriter: calls.writer)
    }

    @Test func fileInTheWayIsAnError() throws {
        let root = temporaryDirectory()
        try PrivateStorage.createDirectory(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = FileManager.default.createFile(atPath: root + "/file", contents: Data())
        #expect(throws: PrivateStorage.Error.self) {
            try PrivateStorage.createDirectory(atPath: root + "/file/x")
        }
    }

    @Test func removesTrees() throws {
        let root = temporaryDirectory()
        try PrivateStorage.createDirectory(atPath: root + "/x/y")
        _ = FileManager.default.createFile(atPath: root + "/x/y/f", contents: Data("1".utf8))
        try PrivateStorage.removeDirectory(atPath: root)
        #expect(!FileManager.default.fileExists(atPath: root))
        try PrivateStorage.removeDirectory(atPath: root)  // Missing: fine.
    }
}
