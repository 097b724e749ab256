public import Foundation

/// Firefox's profiles on this machine, from the `profiles.ini` of each place Firefox keeps
/// them (toolkit/profile/nsToolkitProfileService.cpp): `[ProfileN]` sections with `Name`,
/// `Path` (relative to the file when `IsRelative=1`) and `Default=1`, and `[Install…]`
/// sections, one per installation, whose `Default=` is the profile that installation opens
/// (it wins over `Default=1`, which only older Firefox writes).
public enum FirefoxProfiles {
    public struct Profile: Sendable, Hashable {
        public var name: String
        public var directory: URL
        /// Whether Firefox opens this profile when started without `-P`.
        public var isDefault: Bool

        public init(name: String, directory: URL, isDefault: Bool) {
            self.name = name
            self.directory = directory
            self.isDefault = isDefault
        }

        /// `places.sqlite`: bookmarks and history.
        public var placesFile: URL { directory.appending(path: "places.sqlite") }
        /// The session store to read (``FirefoxSession``): `sessionstore-backups/recovery.jsonlz4`,
        /// which Firefox writes while it runs and leaves behind if it crashes, or else
        /// `sessionstore.jsonlz4`, which it writes when it quits; nil when there is neither.
        public var sessionFile: URL? {
            ["sessionstore-backups/recovery.jsonlz4", "sessionstore.jsonlz4"].lazy
                .map { directory.appending(path: $0) }
                .first { FileManager.default.fileExists(atPath: $0.path) }
        }
    }

    /// The directories that may hold a `profiles.ini`, in the order Firefox's own packages
    /// would be preferred: the XDG one (Firefox 147 and later), the classic `~/.mozilla`, the
    /// snap's and the Flatpak's.
    public static func roots(home: URL, xdgConfigHome: URL?) -> [URL] {
        let config = xdgConfigHome ?? home.appending(path: ".config")
        return [
            config.appending(path: "mozilla/firefox"),
            home.appending(path: ".mozilla/firefox"),
            home.appending(path: "snap/firefox/common/.mozilla/firefox"),
            home.appending(path: ".var/app/org.mozilla.firefox/.mozilla/firefox"),
        ]
    }

    /// Every profile listed in a `profiles.ini` under ``roots(home:xdgConfigHome:)`` whose
    /// directory exists, each once.
    public static func find(home: URL, xdgConfigHome: URL?) -> [Profile] {
        var seen: Set<String> = []
        return roots(home: home, xdgConfigHome: xdgConfigHome).flatMap { root -> [Profile] in
            guard let text = try? String(contentsOf: root.appending(path: "profiles.ini"), encoding: .utf8)
            else { return [] }
            return profiles(ini: text, root: root).filter { profile in
                var isDirectory: ObjCBool = false
                let path = profile.directory.standardizedFileURL.path
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                    && isDirectory.boolValue && seen.insert(path).inserted
            }
        }
    }

    /// The profiles `ini` (a `profiles.ini`) lists, relative paths resolved against `root`.
    public static func profiles(ini: String, root: URL) -> [Profile] {
        let sections = INIFile.sections(of: ini)
        let installDefaults = Set(
            sections.filter { $0.name.hasPrefix("Install") }.compactMap { $0.values["Default"] })
        let hasInstalls = !installDefaults.isEmpty
        return sections.filter { $0.name.hasPrefix("Profile") }.compactMap { section in
            guard let path = section.values["Path"], !path.isEmpty else { return nil }
            let directory =
                section.values["IsRelative"] == "0"
                ? URL(filePath: path, directoryHint: .isDirectory)
                : root.appending(path: path, directoryHint: .isDirectory)
            let isDefault =
                hasInstalls ? installDefaults.contains(path) : section.values["Default"] == "1"
            return Profile(name: section.values["Name"] ?? path, directory: directory, isDefault: isDefault)
        }
    }
}
