public import Foundation

/// What an import reads: one profile of another browser found on this machine, or a
/// bookmarks file (after Chromium's `importer::SourceProfile`,
/// chrome/common/importer/importer_data_types.h).
public enum ImportSource: Sendable, Hashable {
    case firefox(FirefoxProfiles.Profile)
    case chromium(ChromiumProfiles.Profile)
    case epiphany(EpiphanyProfile)
    /// A Netscape bookmark HTML file (any browser's export).
    case bookmarksFile(URL)

    /// The browser's name: "Firefox", "Chromium", "Google Chrome", "GNOME Web"; "a bookmarks
    /// file" for a file.
    public var browserName: String {
        switch self {
        case .firefox: "Firefox"
        case .chromium(let profile): profile.browser
        case .epiphany: "GNOME Web"
        case .bookmarksFile: "a bookmarks file"
        }
    }

    /// What a person reads in a list of sources: the browser and its profile's name.
    public var displayName: String {
        switch self {
        case .firefox(let profile): "Firefox — \(profile.name)"
        case .chromium(let profile): "\(profile.browser) — \(profile.name)"
        case .epiphany(let profile): profile.name
        case .bookmarksFile(let file): file.lastPathComponent
        }
    }

    /// The folder of Other Bookmarks the source's bookmarks go into, named after the browser
    /// as Chromium names it (`IDS_IMPORTED_FROM_BOOKMARK_FOLDER`, "Imported from %s"; a file's
    /// go into "Imported", `IDS_BOOKMARK_GROUP_FROM_FILE`'s short form). The name does not
    /// depend on the profile, so that importing again merges into the same folder.
    public var folderTitle: String {
        switch self {
        case .bookmarksFile: "Imported"
        default: "Imported from \(browserName)"
        }
    }

    /// Every source found under `home` (with the XDG directories of `environment`): Firefox's
    /// profiles, Chromium's and Chrome's, GNOME Web's, in that order.
    public static func find(
        home: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [ImportSource] {
        func directory(_ name: String) -> URL? {
            environment[name].flatMap {
                $0.hasPrefix("/") ? URL(filePath: $0, directoryHint: .isDirectory) : nil
            }
        }
        let config = directory("XDG_CONFIG_HOME")
        return FirefoxProfiles.find(home: home, xdgConfigHome: config).map(ImportSource.firefox)
            + ChromiumProfiles.find(home: home, xdgConfigHome: config).map(ImportSource.chromium)
            + EpiphanyProfile.find(home: home, xdgDataHome: directory("XDG_DATA_HOME")).map(
                ImportSource.epiphany)
    }
}
