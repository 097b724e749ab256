public import Foundation
public import UIInterfaces
public import Web

/// Between a profile's engine context and a window: pushes each download that ends to the
/// ``DownloadsConsumer`` (the window's toast).
@MainActor
public final class DownloadsMediator: DownloadObserver {
    private let context: any WebEngineContext
    private var state = MediatorState("DownloadsMediator")

    /// The window; held weakly.
    public weak var consumer: (any DownloadsConsumer)?

    /// Starts observing `context`'s downloads.
    public init(context: any WebEngineContext) {
        self.context = context
        context.addDownloadObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        context.removeDownloadObserver(self)
    }

    // MARK: DownloadObserver

    /// Pushes the saved file's name.
    public func downloadFinished(_ file: URL) {
        consumer?.showDownloadFinished(fileName: file.lastPathComponent)
    }

    /// Pushes the failure.
    public func downloadFailed(_ file: URL?, message: String) {
        consumer?.showDownloadFailed(fileName: file?.lastPathComponent)
    }
}
