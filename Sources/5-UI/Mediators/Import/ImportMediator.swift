import Foundation
public import Importer
public import UIInterfaces

/// Between the Import dialog and a profile's bookmarks and history: finds the sources on this
/// machine, runs an import through an ``ImporterHost`` (read off the main thread, history
/// written on its queue) and pushes its progress and report (Chromium's `ImporterHost`
/// observer, chrome/browser/ui/webui/settings/import_data_handler.cc).
@MainActor
public final class ImportMediator: ImportCommands {
    private let host: ImporterHost
    private let findAll: @MainActor () -> [ImportSource]
    private var sources: [ImportSource] = []
    private var state = MediatorState("ImportMediator")
    private var running: Task<Void, Never>?

    public weak var consumer: (any ImportConsumer)?

    /// Imports through `host`; `find` lists the sources (``ImportSource/find(home:environment:)``).
    public init(host: ImporterHost, find: @escaping @MainActor () -> [ImportSource]) {
        self.host = host
        self.findAll = find
    }

    public func disconnect() { state.disconnect() }

    /// Waits for the import under way, if any.
    public func waitForImport() async { await running?.value }

    public func findSources() {
        state.check(#function)
        sources = findAll()
        consumer?.setSources(sources.map(Self.item))
    }

    public func importSource(at index: Int) {
        state.check(#function)
        guard sources.indices.contains(index) else { return }
        start(sources[index])
    }

    public func importBookmarksFile(atPath path: String) {
        state.check(#function)
        start(.bookmarksFile(URL(fileURLWithPath: path)))
    }

    private func start(_ source: ImportSource) {
        guard running == nil else { return }
        running = Task { [weak self, host] in
            let report = await host.startImport(source) { fraction in
                guard let self, !self.state.isDisconnected else { return }
                self.consumer?.setImportProgress(fraction)
            }
            guard let self else { return }
            running = nil
            guard !state.isDisconnected else { return }
            consumer?.importFinished(
                ImportSummary(
                    heading: "Imported from \(report.source)", lines: Array(report.lines.dropFirst())))
        }
    }

    static func item(_ source: ImportSource) -> ImportSourceItem {
        switch source {
        case .firefox(let profile):
            ImportSourceItem(
                browser: "Firefox", profile: profile.name, contents: "Bookmarks, history and open tabs")
        case .chromium(let profile):
            ImportSourceItem(
                browser: profile.browser, profile: profile.name, contents: "Bookmarks and history")
        case .epiphany(let profile):
            ImportSourceItem(
                browser: profile.name, profile: "",
                contents: "History (bookmarks: export them to a file first)")
        case .bookmarksFile(let file):
            ImportSourceItem(browser: "File", profile: file.lastPathComponent, contents: "Bookmarks")
        }
    }
}
