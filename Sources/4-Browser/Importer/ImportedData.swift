public import Bookmarks
public import Foundation
public import History

/// Everything the readers found in one ``ImportSource``, read off the main thread by
/// ``read(_:)`` and then written to a profile by a ``ProfileWriter`` (Chromium's importer
/// process hands the same to its `ProfileWriter` through `ExternalProcessImporterHost`).
public struct ImportedData: Sendable {
    /// The source's bookmark roots (its toolbar one marked `isToolbarFolder`).
    public var bookmarks: [BookmarkEntry] = []
    /// Every visit kept, oldest first.
    public var visits: [ImportedVisit] = []
    /// The URLs of the last session's open tabs (Firefox's), each window's in order.
    public var tabs: [URL] = []
    public var skipped: [SkipReason: Int] = [:]
    public var notes: [String] = []

    public init() {}

    mutating func skip(_ counts: [SkipReason: Int]) {
        skipped.merge(counts, uniquingKeysWith: +)
    }

    /// Reads `source`: what one file of it lacks or cannot give is said in ``notes``, and
    /// the rest still comes in. Blocking; call it off the main thread.
    public static func read(_ source: ImportSource) -> ImportedData {
        var data = ImportedData()
        switch source {
        case .firefox(let profile):
            do {
                let places = try FirefoxPlacesReader(placesFile: profile.placesFile)
                let bookmarks = try places.bookmarks()
                data.bookmarks = bookmarks.roots
                data.skip(bookmarks.skipped)
                let history = try places.history()
                data.visits = history.visits
                data.skip(history.skipped)
            } catch {
                data.notes.append(error.description)
            }
            if let session = profile.sessionFile {
                do {
                    data.tabs = try FirefoxSession.windows(in: Data(contentsOf: session)).flatMap {
                        $0.map(\.url)
                    }
                } catch {
                    data.notes.append("The open tabs could not be read from \(session.path): \(error)")
                }
            }
        case .chromium(let profile):
            if FileManager.default.fileExists(atPath: profile.bookmarksFile.path) {
                do {
                    let contents = try ChromiumBookmarksFile.read(Data(contentsOf: profile.bookmarksFile))
                    data.bookmarks = contents.roots
                    data.notes += contents.skipped.map { "Not a bookmark: \($0)" }
                    if contents.checksumMatches == false {
                        data.notes.append(
                            "The Bookmarks file's checksum does not match: it was edited outside \(profile.browser); its bookmarks were imported as they are"
                        )
                    }
                } catch {
                    data.notes.append("\(profile.bookmarksFile.path): \(error)")
                }
            }
            if FileManager.default.fileExists(atPath: profile.historyFile.path) {
                do {
                    let history = try ChromiumHistoryReader(historyFile: profile.historyFile).history()
                    data.visits = history.visits
                    data.skip(history.skipped)
                } catch {
                    data.notes.append(error.description)
                }
            }
        case .epiphany(let profile):
            if FileManager.default.fileExists(atPath: profile.historyFile.path) {
                do {
                    let history = try EpiphanyHistoryReader(historyFile: profile.historyFile).history()
                    data.visits = history.visits
                    data.skip(history.skipped)
                } catch {
                    data.notes.append(error.description)
                }
            }
            if FileManager.default.fileExists(atPath: profile.bookmarksFile.path) {
                data.notes.append(
                    "GNOME Web's bookmarks (bookmarks.gvdb) need its own export: in GNOME Web, Bookmarks ▸ Export, then import that file"
                )
            }
        case .bookmarksFile(let file):
            do {
                let text = try String(decoding: Data(contentsOf: file), as: UTF8.self)
                let contents = try NetscapeBookmarkFile.read(text)
                data.bookmarks = contents.entries
                data.notes += contents.skipped.map { "Not a bookmark: \($0)" }
            } catch let error as NetscapeBookmarkFile.ReadError {
                data.notes.append("\(file.path): \(error.description)")
            } catch {
                data.notes.append("\(file.path) could not be read: \(error.localizedDescription)")
            }
        }
        var notPages = 0
        data.bookmarks = data.bookmarks.compactMap { Self.importable($0, dropped: &notPages) }
        if notPages > 0 { data.skipped[.notAPage, default: 0] += notPages }
        return data
    }

    /// `entry` without the bookmarks an import leaves out (``canImport(_:)``), counted in `dropped`.
    private static func importable(_ entry: BookmarkEntry, dropped: inout Int) -> BookmarkEntry? {
        switch entry.kind {
        case .url(let url):
            guard canImport(url) else {
                dropped += 1
                return nil
            }
            return entry
        case .folder(let children):
            var folder = entry
            folder.kind = .folder(children.compactMap { importable($0, dropped: &dropped) })
            return folder
        }
    }
}
