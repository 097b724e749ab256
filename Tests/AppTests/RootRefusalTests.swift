import FileSystemTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `sudo swiftlet` on a user's profile: refused, with a message that says why and what to
/// do, before anything is written (what root writes, the user's browser could not read).
struct RootRefusalTests {
    @Test(.enabled(if: ForeignOwnership.isRoot, "only root is refused"))
    func rootIsRefusedOnAProfileAnotherUserOwns() throws {
        let directory = NSTemporaryDirectory() + "swiftlet-root-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(
            atPath: directory + "/Default", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/Local State", contents: Data("{}".utf8))
        for path in [directory, directory + "/Default", directory + "/Local State"] {
            lchown(path, ForeignOwnership.owner, gid_t(ForeignOwnership.owner))
        }
        let before = DirectorySnapshot(of: directory)
        for arguments in [
            ["--user-data-dir", directory, "--window-screenshot", directory + ".png", "about:blank"],
            ["--headless", "--user-data-dir", directory, "about:blank"],
        ] {
            let result = try SwiftletProcess.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.errors)")
            #expect(result.errors.contains("refusing to run as root on \(directory)"), "\(result.errors)")
            #expect(result.errors.contains("uid \(ForeignOwnership.owner)"), "\(result.errors)")
        }
        #expect(DirectorySnapshot(of: directory) == before, "nothing was written")
    }

    @Test(.enabled(if: ForeignOwnership.isRoot, "only root is refused"))
    func rootIsRefusedWhereOnlyAProfileIsAnotherUsers() throws {
        let directory = NSTemporaryDirectory() + "swiftlet-root-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(
            atPath: directory + "/Default", withIntermediateDirectories: true)
        lchown(directory + "/Default", ForeignOwnership.owner, gid_t(ForeignOwnership.owner))
        let result = try SwiftletProcess.run(["--headless", "--user-data-dir", directory, "about:blank"])
        #expect(result.status == 1 && result.errors.contains("refusing to run as root"), "\(result.errors)")
    }
}
