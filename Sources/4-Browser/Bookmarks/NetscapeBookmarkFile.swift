import Foundation

/// The Netscape bookmark file (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`), the HTML every browser
/// exports and imports bookmarks as: a folder is a `<DT><H3>` header followed by its `<DL>`
/// list, a bookmark a `<DT><A HREF>`, dates are `ADD_DATE` / `LAST_MODIFIED` in seconds since
/// 1970, and the toolbar folder carries `PERSONAL_TOOLBAR_FOLDER="true"`. Reading follows
/// Chromium's chrome/utility/importer/bookmark_html_reader.cc, but scans tags rather than lines,
/// so that files that put several elements on a line, leave out `<p>`, or title themselves with
/// a localized `<H1>` read alike; writing follows chrome/browser/bookmarks/bookmark_html_writer.cc.
public enum NetscapeBookmarkFile {
    /// What a read found.
    public struct Contents: Sendable, Equatable {
        /// The top level of the file, in its order.
        public var entries: [BookmarkEntry]
        /// The links left out, each with why ("place:… is not a web address").
        public var skipped: [String]
    }

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        /// The text has no bookmark list at all.
        case notABookmarkFile

        public var description: String { "The file is not a bookmark file: it has no <DL> list" }
    }

    /// The schemes a bookmark may have; others (Firefox's `place:` queries, `chrome:` pages)
    /// are skipped, as Chromium's importer skips what `CanImportURL` refuses.
    static let importableSchemes: Set = ["http", "https", "ftp", "file", "data", "javascript", "about"]

    /// Reads `html`.
    public static func read(_ html: String) throws -> Contents {
        var reader = Reader()
        var scanner = TagScanner(html)
        var sawList = false
        while let token = scanner.next() {
            switch token {
            case .text(let text): reader.text(text)
            case .tag(let name, let attributes, let isEnd):
                if name == "DL" && !isEnd { sawList = true }
                reader.tag(name, attributes: attributes, isEnd: isEnd)
            }
        }
        guard sawList else { throw ReadError.notABookmarkFile }
        return Contents(entries: reader.finish(), skipped: reader.skipped)
    }

    /// The file for `entries` (the top level), titled `title`.
    public static func write(_ entries: [BookmarkEntry], title: String = "Bookmarks") -> String {
        var lines = [
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
            "<!-- This is an automatically generated file.",
            "     It will be read and overwritten.",
            "     DO NOT EDIT! -->",
            "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=UTF-8\">",
            "<TITLE>\(escaped(title))</TITLE>",
            "<H1>\(escaped(title))</H1>",
            "<DL><p>",
        ]
        func write(_ entry: BookmarkEntry, depth: Int) {
            let indent = String(repeating: "    ", count: depth)
            var attributes = ""
            if let added = entry.dateAdded { attributes += " ADD_DATE=\"\(seconds(added))\"" }
            switch entry.kind {
            case .url(let url):
                lines.append(
                    "\(indent)<DT><A HREF=\"\(escaped(url.absoluteString))\"\(attributes)>\(escaped(entry.title))</A>"
                )
            case .folder(let children):
                if let modified = entry.dateModified {
                    attributes += " LAST_MODIFIED=\"\(seconds(modified))\""
                }
                if entry.isToolbarFolder { attributes += " PERSONAL_TOOLBAR_FOLDER=\"true\"" }
                lines.append("\(indent)<DT><H3\(attributes)>\(escaped(entry.title))</H3>")
                lines.append("\(indent)<DL><p>")
                for child in children { write(child, depth: depth + 1) }
                lines.append("\(indent)</DL><p>")
            }
        }
        for entry in entries { write(entry, depth: 1) }
        lines.append("</DL><p>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whole seconds since 1970, as the format counts (Chromium writes `time_t`).
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// The date of an `ADD_DATE` / `LAST_MODIFIED` value: seconds since 1970, up to the end of
    /// year 9999 (anything else, such as microseconds, is no date the format knows).
    static func date(_ value: String?) -> Date? {
        guard let value, let seconds = Int64(value.trimmingCharacters(in: .whitespaces)), seconds > 0,
            seconds < 253_402_300_800
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as entities (Chromium's `EscapeForHTML`).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
