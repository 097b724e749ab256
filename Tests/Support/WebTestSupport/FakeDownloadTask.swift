public import Foundation
public import Web

/// A download of the ``FakeWebEngineContext``, driven by the test
/// (``FakeWebEngineContext/simulateDownloadStarted(fileName:expectedBytes:)``): it reports
/// what the test simulates to the context's observers, as a real engine would.
@MainActor
public final class FakeDownloadTask: DownloadTask {
    /// Identifies the task in its context.
    public let identifier: Int
    /// Where the file comes from.
    public let url: URL?
    /// Where the file is saved (decided at once by the fake).
    public private(set) var destination: URL?
    /// The bytes received so far.
    public private(set) var receivedBytes: Int64 = 0
    /// The size the "server" said.
    public let expectedBytes: Int64?
    /// Where the download is.
    public private(set) var state = DownloadState.inProgress
    /// How many times ``cancel()`` was called.
    public private(set) var cancelCalls = 0
    /// How many times ``interrupt()`` was called.
    public private(set) var interruptCalls = 0
    private unowned let context: FakeWebEngineContext

    init(identifier: Int, url: URL?, destination: URL, expectedBytes: Int64?, context: FakeWebEngineContext) {
        self.identifier = identifier
        self.url = url
        self.destination = destination
        self.expectedBytes = expectedBytes
        self.context = context
    }

    /// How far it got, when the size is known.
    public var progress: Double? {
        expectedBytes.map { $0 > 0 ? min(Double(receivedBytes) / Double($0), 1) : 0 }
    }

    /// Ends the task as cancelled at once (a real engine ends it a moment later).
    public func cancel() {
        cancelCalls += 1
        guard state == .inProgress else { return }
        end(.cancelled)
    }

    /// Ends the task as interrupted at once, its partial file kept as `<destination>.part`
    /// (a real engine ends it a moment later).
    public func interrupt() {
        interruptCalls += 1
        guard state == .inProgress else { return }
        end(.interrupted(partialFile: destination.map { URL(fileURLWithPath: $0.path + ".part") }))
    }

    /// Simulates `bytes` more received.
    public func simulateReceived(_ bytes: Int64) {
        precondition(state == .inProgress, "FakeDownloadTask.simulateReceived: the download has ended")
        receivedBytes += bytes
        context.downloadObservers.forEach { $0.downloadUpdated(self) }
    }

    /// Simulates the end of the download: saved, or failed with `failure`.
    public func simulateEnd(failure: String? = nil) {
        precondition(state == .inProgress, "FakeDownloadTask.simulateEnd: the download has ended")
        end(failure.map { .failed(message: $0) } ?? .finished)
    }

    private func end(_ state: DownloadState) {
        self.state = state
        context.downloadEnded(self)
    }
}
