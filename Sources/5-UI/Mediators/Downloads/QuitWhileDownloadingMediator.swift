public import UIInterfaces
public import Web

/// Decides whether a quit the user asked for (Ctrl+Q, closing the last window) may go ahead
/// while downloads are under way, after Chromium's `Browser::OkToCloseWithInProgressDownloads`
/// (chrome/browser/ui/browser.cc): with none it quits at once; otherwise it asks
/// (``QuitWhileDownloadingConsumer``) and does what the user answers
/// (``QuitWhileDownloadingCommands``). A download is never cancelled, nor its file deleted,
/// without the user asking: quitting interrupts downloads and keeps their partial files
/// (``DownloadTask/interrupt()``), whatever the answer (or a signal) that ends the run.
@MainActor
public final class QuitWhileDownloadingMediator: DownloadObserver, QuitWhileDownloadingCommands {
    private let contexts: @MainActor () -> [any WebEngineContext]
    private let quit: @MainActor () -> Void
    private let windowsStay: @MainActor () -> Void
    private var state = MediatorState("QuitWhileDownloadingMediator")
    /// The contexts observed while waiting for their downloads to end.
    private var watched: [any WebEngineContext] = []

    /// Asks the user; held weakly.
    public weak var consumer: (any QuitWhileDownloadingConsumer)?

    /// Quitting waits for the downloads of `contexts` (the engine contexts of every profile
    /// open, incognito ones included, asked anew each time); `quit` ends the run, and
    /// `windowsStay` runs when the user chose not to quit now (Cancel, or Wait): a window
    /// that asked to close stays, and may ask again.
    public init(
        contexts: @escaping @MainActor () -> [any WebEngineContext], quit: @escaping @MainActor () -> Void,
        windowsStay: @escaping @MainActor () -> Void = {}
    ) {
        self.contexts = contexts
        self.quit = quit
        self.windowsStay = windowsStay
    }

    /// Stops waiting for downloads; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        stopWatching()
    }

    /// Whether the user chose to quit once the downloads finish, and they have not yet.
    public var isWaitingForDownloads: Bool { !watched.isEmpty }

    /// The downloads under way in every context.
    private var downloadsUnderWay: [any DownloadTask] {
        contexts().flatMap(\.downloadTasks).filter { $0.state == .inProgress }
    }

    /// The user asked to quit: quits at once without downloads under way, else asks.
    public func requestQuit() {
        state.check(#function)
        let count = downloadsUnderWay.count
        guard count > 0, let consumer else {
            quit()
            return
        }
        consumer.askToQuitWhileDownloading(count: count)
    }

    /// Interrupts every download under way, keeping what each received: the run is ending.
    public func interruptDownloads() {
        state.check(#function)
        stopWatching()
        for task in downloadsUnderWay { task.interrupt() }
    }

    // MARK: QuitWhileDownloadingCommands

    /// Interrupts the downloads (their partial files stay) and quits.
    public func quitAnyway() {
        state.check(#function)
        interruptDownloads()
        quit()
    }

    /// Waits for every download under way (and any that starts meanwhile) to end, then
    /// quits; at once if none is left.
    public func quitWhenDownloadsFinish() {
        state.check(#function)
        stopWatching()
        guard !downloadsUnderWay.isEmpty else {
            quit()
            return
        }
        watched = contexts()
        for context in watched { context.addDownloadObserver(self) }
        windowsStay()
    }

    /// Does not quit, and stops waiting if it was.
    public func cancelQuit() {
        state.check(#function)
        stopWatching()
        windowsStay()
    }

    private func stopWatching() {
        for context in watched { context.removeDownloadObserver(self) }
        watched = []
    }

    // MARK: DownloadObserver

    public func downloadStarted(_ task: any DownloadTask) {}

    public func downloadUpdated(_ task: any DownloadTask) {}

    /// Quits once the last download under way ended.
    public func downloadEnded(_ task: any DownloadTask) {
        guard isWaitingForDownloads, downloadsUnderWay.isEmpty else { return }
        stopWatching()
        quit()
    }
}
