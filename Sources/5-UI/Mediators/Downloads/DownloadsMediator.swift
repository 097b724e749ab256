public import Base
public import Downloads
import Foundation
public import UIInterfaces

/// Between a profile's downloads list (``DownloadHistoryService``) and a window: pushes the
/// list, newest first, to the ``DownloadsConsumer`` (the header bar's downloads button and
/// its popover) with each running download's speed and time left, and the overall progress
/// for the button's icon; shows a toast for each download that ends saved or failed (none
/// for a cancelled one: that was the user's doing); carries out ``DownloadsCommands``. Every
/// window of the profile lists the profile's downloads, after Chromium's download bubble
/// (chrome/browser/download/bubble/download_bubble_ui_controller.cc).
@MainActor
public final class DownloadsMediator: DownloadHistoryObserver, DownloadsCommands {
    private let history: DownloadHistoryService
    private let launcher: any FileLauncher
    private let clock: any TimerClock
    private var state = MediatorState("DownloadsMediator")
    /// What the consumer was last told.
    private var shown: [DownloadItem]?
    private var shownProgress: Double??
    /// How each record stood at the last change, to tell when one ended.
    private var lastStates: [Int64: DownloadRecord.State] = [:]
    /// When each running download was first seen, and its bytes then: its speed is measured
    /// from there.
    private var firstSeen: [Int64: (time: Duration, bytes: Int64)] = [:]

    /// The window; held weakly. Setting it pushes the list.
    public weak var consumer: (any DownloadsConsumer)? {
        didSet {
            state.check("consumer")
            shown = nil
            shownProgress = nil
            push()
        }
    }

    /// Follows `history`; files open through `launcher`; speeds are measured on `clock`.
    public init(history: DownloadHistoryService, launcher: any FileLauncher, clock: any TimerClock) {
        self.history = history
        self.launcher = launcher
        self.clock = clock
        for record in history.records { lastStates[record.id] = record.state }
        history.addObserver(self)
    }

    /// Stops following the list; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        history.removeObserver(self)
    }

    private func item(for record: DownloadRecord) -> DownloadItem {
        let state: DownloadItem.State
        let status: String
        var progress: Double?
        switch record.state {
        case .inProgress:
            state = .inProgress
            if let total = record.totalBytes, total > 0 {
                progress = min(Double(record.receivedBytes) / Double(total), 1)
            }
            status = DownloadStatusText.running(
                received: record.receivedBytes, total: record.totalBytes, bytesPerSecond: speed(of: record))
        case .complete:
            state = .complete
            status = DownloadStatusText.size(record.totalBytes ?? record.receivedBytes)
        case .cancelled:
            state = .cancelled
            status = "Cancelled"
        case .failed:
            state = .failed
            status = "Failed"
        case .interrupted:
            state = .interrupted
            status = "Interrupted"
        }
        return DownloadItem(
            id: Int(record.id), fileName: record.fileName, state: state, progress: progress, status: status)
    }

    /// Bytes a second since the download was first seen running (nil before a second passed).
    private func speed(of record: DownloadRecord) -> Double? {
        guard let first = firstSeen[record.id] else { return nil }
        let elapsed = clock.now - first.time
        guard elapsed >= .seconds(1) else { return nil }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(record.receivedBytes - first.bytes) / seconds
    }

    private func push() {
        for record in history.records where record.state == .inProgress && firstSeen[record.id] == nil {
            firstSeen[record.id] = (clock.now, record.receivedBytes)
        }
        guard let consumer else { return }
        let items = history.records.reversed().map(item(for:))
        if items != shown {
            shown = items
            consumer.setDownloads(items)
        }
        let progress = overallProgress
        if shownProgress != .some(progress) {
            shownProgress = .some(progress)
            consumer.setOverallProgress(progress)
        }
    }

    /// The bytes received over the bytes expected of the running downloads of known size.
    private var overallProgress: Double? {
        let running = history.records.filter { $0.state == .inProgress }
        guard !running.isEmpty else { return nil }
        let sized = running.filter { ($0.totalBytes ?? 0) > 0 }
        let total = sized.reduce(Int64(0)) { $0 + ($1.totalBytes ?? 0) }
        guard total > 0 else { return 0 }
        return min(Double(sized.reduce(Int64(0)) { $0 + $1.receivedBytes }) / Double(total), 1)
    }

    // MARK: DownloadHistoryObserver

    /// Pushes the list, and a toast for each download that has just ended saved or failed.
    public func downloadHistoryChanged(_ history: DownloadHistoryService) {
        push()
        var ended: [DownloadRecord] = []
        var states: [Int64: DownloadRecord.State] = [:]
        for record in history.records {
            states[record.id] = record.state
            if lastStates[record.id] == .inProgress, record.state != .inProgress { ended.append(record) }
        }
        lastStates = states
        for id in firstSeen.keys where states[id] != .inProgress { firstSeen[id] = nil }
        for record in ended {
            switch record.state {
            case .complete: consumer?.showDownloadFinished(id: Int(record.id), fileName: record.fileName)
            case .failed:
                consumer?.showDownloadFailed(fileName: record.fileName.isEmpty ? nil : record.fileName)
            case .cancelled, .interrupted, .inProgress: break
            }
        }
    }

    // MARK: DownloadsCommands

    /// Cancels the download `id`, if it is still under way.
    public func cancelDownload(_ id: Int) {
        state.check(#function)
        history.task(for: Int64(id))?.cancel()
    }

    /// Opens the saved file (a download not saved has nothing to open).
    public func openDownload(_ id: Int) {
        state.check(#function)
        guard let record = history.record(Int64(id)), record.state == .complete else { return }
        let name = record.fileName
        launcher.open(URL(fileURLWithPath: record.destinationPath)) { [weak self] reason in
            self?.consumer?.showLaunchFailed("“\(name)” could not be opened: \(reason)")
        }
    }

    /// Shows the saved file, or an interrupted download's partial file, in its folder.
    public func showDownloadInFolder(_ id: Int) {
        state.check(#function)
        guard let record = history.record(Int64(id)) else { return }
        let path = record.state == .interrupted ? record.partialFilePath : record.destinationPath
        guard let path, !path.isEmpty else { return }
        let name = record.fileName
        launcher.showInFolder(URL(fileURLWithPath: path)) { [weak self] reason in
            self?.consumer?.showLaunchFailed("The folder of “\(name)” could not be shown: \(reason)")
        }
    }

    public func retryDownload(_ id: Int) {
        state.check(#function)
        history.retry(Int64(id))
    }

    public func removeDownload(_ id: Int) {
        state.check(#function)
        history.remove(Int64(id))
    }

    public func clearDownloads() {
        state.check(#function)
        history.clear()
    }
}
