import Base
import Bookmarks
import Foundation
import History
import Importer
import Mediators
import Testing
import UIInterfaces

/// Records what the Import mediator tells the dialog.
@MainActor
private final class RecordingImportConsumer: ImportConsumer {
    var sources: [[ImportSourceItem]] = []
    var fractions: [Double] = []
    var summaries: [ImportSummary] = []
    func setSources(_ sources: [ImportSourceItem]) { self.sources.append(sources) }
    func setImportProgress(_ fraction: Double) { fractions.append(fraction) }
    func importFinished(_ summary: ImportSummary) { summaries.append(summary) }
}

@MainActor
struct ImportMediatorTests {
    @Test func theSourcesFoundAreListedAndAnImportEndsWithItsReport() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "import-mediator-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bookmarks.html")
        try Data(
            #"<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="https://a.test/" ADD_DATE="1600000000">A &amp; B</A></DL>"#
                .utf8
        ).write(to: file)
        let chromium = ChromiumProfiles.Profile(browser: "Google Chrome", name: "Work", directory: directory)
        let model = BookmarkModel(store: BookmarkStore(path: nil))
        let history = HistoryService(path: nil, clock: ManualTimerClock())
        let mediator = ImportMediator(
            host: ImporterHost(writer: ProfileWriter(bookmarkModel: model, historyService: history))
        ) {
            [.chromium(chromium), .bookmarksFile(file)]
        }
        let consumer = RecordingImportConsumer()
        mediator.consumer = consumer

        mediator.findSources()
        #expect(
            consumer.sources == [
                [
                    ImportSourceItem(
                        browser: "Google Chrome", profile: "Work", contents: "Bookmarks and history"),
                    ImportSourceItem(browser: "File", profile: "bookmarks.html", contents: "Bookmarks"),
                ]
            ])
        mediator.importSource(at: 1)
        mediator.importSource(at: 1)  // while one runs, another is not started
        await mediator.waitForImport()

        #expect(
            consumer.summaries == [
                ImportSummary(
                    heading: "Imported from bookmarks.html",
                    lines: ["  1 bookmark and 1 folder added", "  0 history entries added (0 new pages)"])
            ])
        #expect(consumer.fractions.first == 0 && consumer.fractions.last == 1)
        #expect(model.otherBookmarks.children.first?.children.first?.title == "A & B")
        mediator.disconnect()
        history.shutdown()
    }
}
