/// What an import brought in and what it left out, and why; what the Import dialog and
/// `swiftlet import` show at the end (Chromium shows only that it is done; GNOME Web not even
/// that).
public struct ImportReport: Sendable, Hashable {
    public var source: String
    public var bookmarksAdded = 0
    public var foldersAdded = 0
    /// Bookmarks whose folder held their URL already (an import made before).
    public var bookmarksAlreadyPresent = 0
    /// Visits added to history.
    public var visitsAdded = 0
    /// Pages new to history (each with one or more of the visits added).
    public var pagesAdded = 0
    /// Visits history held already (same page, same time).
    public var visitsAlreadyPresent = 0
    /// Tabs opened in a new window.
    public var tabsOpened = 0
    /// Tabs of the source's last session that were not opened (see ``notes``).
    public var tabsNotOpened = 0
    /// Entries the readers left out, by reason.
    public var skipped: [SkipReason: Int] = [:]
    /// What else there is to say: a file that could not be read and why, a checksum that did
    /// not match, entries a file held that are not bookmarks.
    public var notes: [String] = []

    public init(source: String) { self.source = source }

    public var skippedCount: Int { skipped.values.reduce(0, +) }

    /// The report as lines of text.
    public var lines: [String] {
        var lines = ["Imported from \(source):"]
        lines.append(
            "  \(Self.count(bookmarksAdded, "bookmark")) and \(Self.count(foldersAdded, "folder")) added")
        if bookmarksAlreadyPresent > 0 {
            lines.append("  \(Self.count(bookmarksAlreadyPresent, "bookmark")) already there")
        }
        let added = Self.count(visitsAdded, "history entry", "history entries")
        lines.append("  \(added) added (\(Self.count(pagesAdded, "new page")))")
        if visitsAlreadyPresent > 0 {
            lines.append(
                "  \(Self.count(visitsAlreadyPresent, "history entry", "history entries")) already there")
        }
        if tabsOpened > 0 || tabsNotOpened > 0 {
            lines.append("  \(Self.count(tabsOpened, "tab")) opened in a new window")
            if tabsNotOpened > 0 { lines.append("  \(Self.count(tabsNotOpened, "tab")) not opened") }
        }
        if !skipped.isEmpty {
            lines.append("  \(skippedCount) skipped:")
            for reason in SkipReason.allCases {
                if let count = skipped[reason] { lines.append("    \(count) \(reason)") }
            }
        }
        lines += notes.map { "  \($0)" }
        return lines
    }

    /// “1 bookmark”, “2 bookmarks”.
    static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
