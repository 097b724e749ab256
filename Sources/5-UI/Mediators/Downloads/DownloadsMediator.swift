import Foundation
public import UIInterfaces
public import Web

/// Between a profile's engine context and a window: pushes the downloads under way, with
/// their progress, to the ``DownloadsConsumer`` (the window's downloads button and list), and
/// each one that ends (its toast); carries out ``DownloadsCommands`` (cancel). Every window
/// of the profile lists the profile's downloads.
@MainActor
public final class DownloadsMediator: DownloadObserver, DownloadsCommands {
    private let context: any WebEngineContext
    private var state = MediatorState("DownloadsMediator")
    /// What the consumer was last told.
    private var shown: [DownloadItem]?

    /// The window; held weakly. Setting it pushes the downloads under way.
    public weak var consumer: (any DownloadsConsumer)? {
        didSet {
            state.check("consumer")
            shown = nil
            push()
        }
    }

    /// Starts observing `context`'s downloads (those under way already included).
    public init(context: any WebEngineContext) {
        self.context = context
        context.addDownloadObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        context.removeDownloadObserver(self)
    }

    /// What the list shows of `task`.
    static func item(for task: any DownloadTask) -> DownloadItem {
        DownloadItem(
            id: task.identifier, fileName: task.destination?.lastPathComponent ?? "", progress: task.progress,
            receivedBytes: task.receivedBytes, expectedBytes: task.expectedBytes)
    }

    private func push() {
        guard let consumer else { return }
        let items = context.downloadTasks.map(Self.item(for:))
        guard items != shown else { return }
        shown = items
        consumer.setDownloads(items)
    }

    // MARK: DownloadObserver

    /// Lists the new download.
    public func downloadStarted(_ task: any DownloadTask) { push() }

    /// Pushes its progress.
    public func downloadUpdated(_ task: any DownloadTask) { push() }

    /// Takes it off the list and, saved or failed, shows a toast (a cancelled one was the
    /// user's doing: no toast).
    public func downloadEnded(_ task: any DownloadTask) {
        push()
        switch task.state {
        case .finished:
            if let file = task.destination {
                consumer?.showDownloadFinished(fileName: file.lastPathComponent)
            }
        case .failed:
            consumer?.showDownloadFailed(fileName: task.destination?.lastPathComponent)
        case .cancelled, .interrupted, .inProgress:
            break
        }
    }

    // MARK: DownloadsCommands

    /// Cancels the download `id`, if it is still under way.
    public func cancelDownload(_ id: Int) {
        state.check(#function)
        context.downloadTasks.first { $0.identifier == id }?.cancel()
    }
}
