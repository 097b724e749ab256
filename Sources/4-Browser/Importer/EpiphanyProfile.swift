public import Foundation

/// GNOME Web's (Epiphany's) profile: one directory, `$XDG_DATA_HOME/epiphany`, or the
/// Flatpak's `~/.var/app/org.gnome.Epiphany/data/epiphany` (lib/ephy-file-helpers.c), with
/// `ephy-history.db` (``EpiphanyHistoryReader``) and `bookmarks.gvdb`.
///
/// `bookmarks.gvdb` is a GVDB file (GVariant Database, the hash-table format of GSettings'
/// and GResource's compiled files), which GLib reads only through its private, unexported
/// `gvdb-reader`; Epiphany builds its own copy (third-party/gvdb). No public GLib API opens
/// one, so we do not read it: bookmarks come in through the HTML file GNOME Web exports
/// (Bookmarks ▸ Export, `NetscapeBookmarkFile`).
public struct EpiphanyProfile: Sendable, Hashable {
    /// "GNOME Web", or "GNOME Web (Flatpak)".
    public var name: String
    public var directory: URL

    public init(name: String, directory: URL) {
        self.name = name
        self.directory = directory
    }

    public var historyFile: URL { directory.appending(path: "ephy-history.db") }
    /// Read by nothing here (see above); listed so that a caller can say it is there.
    public var bookmarksFile: URL { directory.appending(path: "bookmarks.gvdb") }

    /// The profiles that have a history or a bookmarks file.
    public static func find(home: URL, xdgDataHome: URL?) -> [EpiphanyProfile] {
        let data = xdgDataHome ?? home.appending(path: ".local/share")
        return [
            EpiphanyProfile(name: "GNOME Web", directory: data.appending(path: "epiphany")),
            EpiphanyProfile(
                name: "GNOME Web (Flatpak)",
                directory: home.appending(path: ".var/app/org.gnome.Epiphany/data/epiphany")),
        ].filter { profile in
            [profile.historyFile, profile.bookmarksFile].contains {
                FileManager.default.fileExists(atPath: $0.path)
            }
        }
    }
}
