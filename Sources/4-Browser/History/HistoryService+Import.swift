import Dispatch
import Foundation

extension HistoryService {
    /// How many visits one step of ``addImportedVisits(_:progress:)`` writes before it says
    /// how far it got.
    static let importChunkSize = 5000

    /// Adds another browser's visits, keeping their times, and commits them; never on the main
    /// thread: the visits go to the backend's queue in steps of ``importChunkSize`` within one
    /// transaction, `progress` hears the fraction done after each (on the main actor), and the
    /// observers (the location bar's index, the History window) hear of the pages once, at the
    /// end, as modified rows. A visit of a page at a time history holds one of already is left
    /// out, so that importing the same visits twice adds nothing (Chromium's importer relies
    /// on its own "imported" visit source instead; ours has none).
    @discardableResult
    public func addImportedVisits(
        _ visits: [ImportedVisit], progress: @escaping @MainActor @Sendable (Double) -> Void = { _ in }
    ) async -> HistoryImportCounts {
        guard !isShutDown, !visits.isEmpty else { return HistoryImportCounts() }
        let chunk = Self.importChunkSize
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<HistoryImportCounts, Never>) in
            backend.queue.async { [backend] in
                var counts = HistoryImportCounts()
                var rows: [URL: URLRow] = [:]
                var order: [URL] = []
                for start in stride(from: 0, to: visits.count, by: chunk) {
                    let part = Array(visits[start..<min(start + chunk, visits.count)])
                    if case .imported(let partCounts, let changed) = backend.perform(.addImportedVisits(part))
                    {
                        counts.added += partCounts.added
                        counts.alreadyPresent += partCounts.alreadyPresent
                        counts.refused += partCounts.refused
                        counts.pagesAdded += partCounts.pagesAdded
                        for row in changed {
                            if rows.updateValue(row, forKey: row.url) == nil { order.append(row.url) }
                        }
                    }
                    let done = Double(min(start + chunk, visits.count)) / Double(visits.count)
                    DispatchQueue.main.async { MainActor.assumeIsolated { progress(done) } }
                }
                backend.commit()
                self.post(.effect(.imported(counts, order.compactMap { rows[$0] })))
                continuation.resume(returning: counts)
            }
        }
        drainOutbox()
        return result
    }
}
