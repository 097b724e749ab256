/// Runs one import, after Chromium's `ExternalProcessImporterHost`
/// (chrome/browser/importer/external_process_importer_host.cc): reads the source off the main
/// thread (Chromium reads in a utility process), then has the ``ProfileWriter`` write it, the
/// history on the history's own queue; says how far it got and ends with a report.
@MainActor
public final class ImporterHost {
    public let writer: ProfileWriter

    /// The share of the progress bar reading takes; bookmarks take a little after it, the
    /// history the rest (its visits are most of the work).
    static let readShare = 0.3
    static let bookmarksShare = 0.1

    public init(writer: ProfileWriter) { self.writer = writer }

    /// Imports `source`: `progress` hears the fraction done, from 0 to 1, on the main actor.
    public func startImport(
        _ source: ImportSource, progress: @escaping @MainActor @Sendable (Double) -> Void = { _ in }
    ) async -> ImportReport {
        progress(0)
        let data = await Task.detached(priority: .userInitiated) { ImportedData.read(source) }.value
        progress(Self.readShare)
        return await write(data, from: source, progress: progress)
    }

    /// Writes `data`, read from `source`.
    public func write(
        _ data: ImportedData, from source: ImportSource,
        progress: @escaping @MainActor @Sendable (Double) -> Void = { _ in }
    ) async -> ImportReport {
        var report = ImportReport(source: source.displayName)
        report.skipped = data.skipped
        report.notes = data.notes
        await writer.bookmarkModel.waitUntilLoaded()
        writer.addBookmarks(data.bookmarks, folderTitle: source.folderTitle, into: &report)
        let historyStart = Self.readShare + Self.bookmarksShare
        progress(historyStart)
        await writer.addHistory(data.visits, into: &report) { fraction in
            progress(historyStart + (1 - historyStart) * fraction)
        }
        writer.addTabs(data.tabs, into: &report)
        progress(1)
        return report
    }
}
