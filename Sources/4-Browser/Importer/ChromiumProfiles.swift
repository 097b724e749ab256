public import Foundation

/// The profiles of Chromium and Google Chrome on this machine: each user data directory
/// (`~/.config/chromium`, `~/.config/google-chrome`, their snap and Flatpak homes) holds one
/// directory per profile (`Default`, `Profile 1`, …), named for people in its `Local State`
/// file at `profile.info_cache.<directory>.name` (chrome/browser/profiles/profile_attributes_storage.cc).
public enum ChromiumProfiles {
    public struct Profile: Sendable, Hashable {
        /// "Chromium" or "Google Chrome".
        public var browser: String
        /// The name the browser shows (its directory's name when `Local State` has none).
        public var name: String
        public var directory: URL

        public init(browser: String, name: String, directory: URL) {
            self.browser = browser
            self.name = name
            self.directory = directory
        }

        /// The bookmarks (JSON; ``ChromiumBookmarksFile``).
        public var bookmarksFile: URL { directory.appending(path: "Bookmarks") }
        /// The history (SQLite; ``ChromiumHistoryReader``).
        public var historyFile: URL { directory.appending(path: "History") }
    }

    /// The user data directories, each with its browser's name. Chromium puts its own under
    /// `$XDG_CONFIG_HOME` (chrome/common/chrome_paths_linux.cc); the snap keeps Chromium's in
    /// `~/snap/chromium/common/chromium`, Flatpaks in `~/.var/app/<id>/config`.
    public static func userDataDirectories(
        home: URL, xdgConfigHome: URL?
    ) -> [(browser: String, directory: URL)] {
        let config = xdgConfigHome ?? home.appending(path: ".config")
        return [
            ("Chromium", config.appending(path: "chromium")),
            ("Google Chrome", config.appending(path: "google-chrome")),
            ("Google Chrome Beta", config.appending(path: "google-chrome-beta")),
            ("Google Chrome Dev", config.appending(path: "google-chrome-unstable")),
            ("Chromium", home.appending(path: "snap/chromium/common/chromium")),
            ("Chromium", home.appending(path: ".var/app/org.chromium.Chromium/config/chromium")),
            ("Google Chrome", home.appending(path: ".var/app/com.google.Chrome/config/google-chrome")),
        ]
    }

    /// Every profile directory that has a `Bookmarks` or a `History` file, in each user data
    /// directory's name order; not the guest and system profiles Chromium keeps for itself
    /// (`chrome::kGuestProfileDir`, `chrome::kSystemProfileDir`), which are nobody's.
    public static func find(home: URL, xdgConfigHome: URL?) -> [Profile] {
        userDataDirectories(home: home, xdgConfigHome: xdgConfigHome).flatMap { browser, directory in
            profiles(in: directory, browser: browser)
        }
    }

    /// The profiles of one user data directory.
    public static func profiles(in userDataDirectory: URL, browser: String) -> [Profile] {
        let fileManager = FileManager.default
        guard let entries = try? fileManager.contentsOfDirectory(atPath: userDataDirectory.path) else {
            return []
        }
        let names = profileNames(
            localState: try? Data(contentsOf: userDataDirectory.appending(path: "Local State")))
        return entries.sorted().compactMap { entry in
            guard !["Guest Profile", "System Profile"].contains(entry) else { return nil }
            let directory = userDataDirectory.appending(path: entry, directoryHint: .isDirectory)
            guard
                ["Bookmarks", "History"].contains(where: {
                    fileManager.fileExists(atPath: directory.appending(path: $0).path)
                })
            else { return nil }
            return Profile(browser: browser, name: names[entry] ?? entry, directory: directory)
        }
    }

    /// Directory → name, from a `Local State` file; empty when it is missing or not JSON.
    public static func profileNames(localState: Data?) -> [String: String] {
        guard let localState,
            let json = try? JSONSerialization.jsonObject(with: localState) as? [String: Any],
            let profile = json["profile"] as? [String: Any],
            let cache = profile["info_cache"] as? [String: Any]
        else { return [:] }
        return cache.compactMapValues { ($0 as? [String: Any])?["name"] as? String }
    }
}
