public import Bookmarks
public import Foundation
public import History

/// Writes what an import read into a profile, after Chromium's `ProfileWriter`
/// (chrome/browser/importer/profile_writer.cc): bookmarks into its ``BookmarkModel``,
/// visits into its ``HistoryService``, and the open tabs through ``openTabs``.
///
/// Bookmarks: the source's toolbar bookmarks go into the Bookmarks Menu, which is where this
/// browser shows what others keep on their toolbar (Chromium's `AddBookmarks` puts them on
/// its bar when the bar is empty); every other root goes into a folder of Other Bookmarks
/// named after the source (``ImportSource/folderTitle``, Chromium's "Imported from …").
/// Chromium makes that folder's name unique on each import, so importing twice gives two
/// folders; here the import merges into the folder of that name, and a bookmark whose folder
/// holds its URL already is left out (``BookmarkModel/importEntries(_:into:)``), so that
/// importing the same source twice adds nothing.
@MainActor
public final class ProfileWriter {
    public let bookmarkModel: BookmarkModel
    public let historyService: HistoryService
    /// Opens `urls` as tabs of a new window and returns how many it opened; nil when there
    /// is no window to open (the command line): tabs are then reported, not opened.
    public let openTabs: (@MainActor ([URL]) -> Int)?

    public init(
        bookmarkModel: BookmarkModel, historyService: HistoryService,
        openTabs: (@MainActor ([URL]) -> Int)? = nil
    ) {
        self.bookmarkModel = bookmarkModel
        self.historyService = historyService
        self.openTabs = openTabs
    }

    /// Adds `bookmarks` (a source's roots) as said above.
    public func addBookmarks(
        _ bookmarks: [BookmarkEntry], folderTitle: String, into report: inout ImportReport
    ) {
        guard bookmarks.contains(where: { $0.bookmarkCount > 0 }) else { return }
        let toolbar = bookmarks.filter { $0.isToolbarFolder && $0.bookmarkCount > 0 }
        let others = bookmarks.filter { !$0.isToolbarFolder && $0.bookmarkCount > 0 }
        var entries = toolbar
        if !others.isEmpty {
            // A file's top-level bookmarks sit beside its folders; a browser's roots are
            // folders (Bookmarks Menu, Other Bookmarks…), kept as subfolders.
            entries.append(.folder(folderTitle, others))
        }
        let counts = bookmarkModel.importEntries(entries, into: bookmarkModel.otherBookmarks)
        report.bookmarksAdded += counts.bookmarksAdded
        report.foldersAdded += counts.foldersAdded
        report.bookmarksAlreadyPresent += counts.duplicatesSkipped
    }

    /// Adds `visits` to history off the main thread (``HistoryService/addImportedVisits(_:progress:)``).
    public func addHistory(
        _ visits: [ImportedVisit], into report: inout ImportReport,
        progress: @escaping @MainActor @Sendable (Double) -> Void = { _ in }
    ) async {
        let counts = await historyService.addImportedVisits(visits, progress: progress)
        report.visitsAdded += counts.added
        report.pagesAdded += counts.pagesAdded
        report.visitsAlreadyPresent += counts.alreadyPresent
        if counts.refused > 0 { report.skipped[.notAPage, default: 0] += counts.refused }
    }

    /// Opens `urls` in a new window when there is one to open; otherwise says so.
    public func addTabs(_ urls: [URL], into report: inout ImportReport) {
        guard !urls.isEmpty else { return }
        guard let openTabs else {
            report.tabsNotOpened += urls.count
            report.notes.append("The open tabs come over only in the window (Import Bookmarks and History…)")
            return
        }
        let opened = openTabs(urls)
        report.tabsOpened += opened
        report.tabsNotOpened += urls.count - opened
    }
}
