import Foundation
import Profiles
import Testing

struct ProfileNameTests {
    @Test(arguments: [
        "Default", "Profile 1", "work", "Ünïcödé", "a.b", "x" + String(repeating: "y", count: 63),
    ])
    func validNames(_ name: String) throws {
        #expect(try ProfileName(name).rawValue == name)
    }

    @Test(arguments: [
        ("", ProfileName.ValidationError.empty),
        ("a/b", .containsPathSeparator),
        ("../etc", .containsPathSeparator),
        ("a\\b", .containsPathSeparator),
        (".", .dotName),
        ("..", .dotName),
        ("tab\there", .controlCharacter),
        ("nul\u{0}", .controlCharacter),
        (" lead", .surroundingWhitespace),
        ("trail ", .surroundingWhitespace),
        ("Local State", .reserved("Local State")),
        (String(repeating: "x", count: 65), .tooLong(65)),
        (String(repeating: "é", count: 33), .tooLong(66)),
    ])
    func invalidNames(_ name: String, _ expected: ProfileName.ValidationError) {
        #expect(throws: expected) { try ProfileName(name) }
    }

    @Test func errorsReadClearly() {
        #expect(ProfileName.ValidationError.containsPathSeparator.description.contains("'/'"))
        #expect(ProfileName.ValidationError.tooLong(70).description.contains("64"))
    }
}

struct UserDataDirectoryTests {
    @Test func explicitDirectoryWinsAndHoldsTheCache() throws {
        for explicit in ["/tmp/x", "/tmp/x/", "/tmp/y/../x"] {
            let dirs = try UserDataDirectory.resolve(
                explicit: explicit, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data"])
            #expect(dirs.path.path == "/tmp/x")
            #expect(dirs.cachePath.path == "/tmp/x/Cache")
        }
    }

    @Test func xdgDirectories() throws {
        let dirs = try UserDataDirectory.resolve(
            explicit: nil,
            environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache"])
        #expect(dirs.path.path == "/data/swiftlet")
        #expect(dirs.cachePath.path == "/cache/swiftlet")
    }

    @Test func defaultsUnderHomeAndRelativeXDGIgnored() throws {
        let dirs = try UserDataDirectory.resolve(
            explicit: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative"])
        #expect(dirs.path.path == "/home/u/.local/share/swiftlet")
        #expect(dirs.cachePath.path == "/home/u/.cache/swiftlet")
    }

    @Test func anEmptyDirectoryIsAnError() {
        #expect(throws: UserDataDirectory.ArgumentError.self) {
            try UserDataDirectory.resolve(explicit: "", environment: [:])
        }
    }
}
