import Base
import FileSystemTestSupport
import Foundation
import Testing

/// The one reader of profile files: a regular file within its limit is read; everything else
/// is refused at once with its own error, without blocking and without reading it.
struct ProfileFileReaderTests {
    let directory = NSTemporaryDirectory() + "swiftlet-reader-\(UUID().uuidString)"
    var outside: String { directory + "/outside" }
    var path: String { directory + "/profile/file" }

    init() {
        try! FileManager.default.createDirectory(
            atPath: directory + "/profile", withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(
            atPath: directory + "/outside", withIntermediateDirectories: true)
    }

    func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    @Test func readsARegularFileWithinItsLimit() {
        defer { tearDown() }
        _ = FileManager.default.createFile(atPath: path, contents: Data("four".utf8))
        #expect(ProfileFileReader.read(path, limit: 4) == .success(Data("four".utf8)))
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(ProfileFileReader.read(path, limit: 4) == .success(Data()))
    }

    @Test(
        arguments: [
            (HostileEntry.namedPipe, ProfileFileReadError.notARegularFile(kind: "a named pipe")),
            (.linkToDevZero, .symbolicLink),
            (.linkToFileOutside, .symbolicLink),
            (.linkToDirectoryOutside, .symbolicLink),
            (.directory, .notARegularFile(kind: "a directory")),
            (.hugeFile, .tooLarge(size: 4 << 30, limit: 1 << 20)),
        ])
    func refusesWhatIsNotARegularFileWithinItsLimit(_ entry: HostileEntry, _ expected: ProfileFileReadError) {
        defer { tearDown() }
        entry.make(at: path, outside: outside)
        let result = ProfileFileReader.read(path, limit: 1 << 20)
        #expect(result == .failure(expected), "\(entry)")
        #expect(expected.isUnusable, "set aside by the caller")
    }

    @Test func refusesALargerFileAndADeviceAndAMissingFile() {
        defer { tearDown() }
        _ = FileManager.default.createFile(atPath: path, contents: Data("five!".utf8))
        #expect(ProfileFileReader.read(path, limit: 4) == .failure(.tooLarge(size: 5, limit: 4)))
        #expect(
            ProfileFileReader.read("/dev/zero", limit: 4)
                == .failure(.notARegularFile(kind: "a character device")))
        let missing = ProfileFileReader.read(directory + "/profile/none", limit: 4)
        #expect(missing == .failure(.missing) && !ProfileFileReadError.missing.isUnusable)
        #expect(
            ProfileFileReader.read(path + "/below", limit: 4) == .failure(.missing), "a file as a directory")
    }

    @Test func aFileOfAnotherOwnerIsPermissionDeniedNamingTheOwner() async {
        await #expect(processExitsWith: .success) {
            let directory = NSTemporaryDirectory() + "swiftlet-reader-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/Preferences"
            _ = FileManager.default.createFile(atPath: path, contents: Data("{}".utf8))
            ForeignOwnership.makeUnreadable(path)
            let owner = ForeignOwnership.isRoot ? ForeignOwnership.owner : geteuid()
            ForeignOwnership.becomeUser(owning: directory)
            let result = ProfileFileReader.read(path, limit: 100)
            precondition(result == .failure(.permissionDenied(owner: owner)), "\(result)")
            precondition(!ProfileFileReadError.permissionDenied(owner: owner).isUnusable, "left in place")
            precondition(
                "\(ProfileFileReadError.permissionDenied(owner: owner))".contains("uid \(owner)"),
                "names the owner")
        }
    }
}
