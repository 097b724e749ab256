import CWebKitGTK
import Foundation
import GLibSupport
import Web

/// One WebKit download (`WebKitDownload`) behind Web's ``DownloadTask``.
@MainActor
final class WebKitDownloadTask: DownloadTask {
    let identifier: Int
    let download: GObjectRef
    var connections: [SignalConnection] = []
    private(set) var destination: URL?
    private(set) var receivedBytes: Int64 = 0
    private(set) var state = DownloadState.inProgress
    private var failure: String?
    private var cancelRequested = false
    /// The progress last reported, in hundredths (or, with no size known, in 256 KiB steps).
    private var reportedStep = -1

    init(identifier: Int, download: GObjectRef) {
        self.identifier = identifier
        self.download = download
    }

    var expectedBytes: Int64? {
        guard let response = webkit_download_get_response(download.opaque) else { return nil }
        let length = webkit_uri_response_get_content_length(response)
        return length > 0 ? Int64(length) : nil
    }

    var progress: Double? {
        guard expectedBytes != nil else { return nil }
        return min(max(webkit_download_get_estimated_progress(download.opaque), 0), 1)
    }

    /// `webkit_download_cancel`: WebKit reports "failed" (cancelled by the user), then
    /// "finished"; the partial file is deleted then.
    func cancel() {
        guard state == .inProgress, !cancelRequested else { return }
        cancelRequested = true
        webkit_download_cancel(download.opaque)
    }

    func decided(_ url: URL) {
        destination = url
    }

    /// Whether the data received makes a new step worth reporting.
    func received(_ length: UInt64) -> Bool {
        receivedBytes += Int64(clamping: length)
        let step: Int
        if let progress { step = Int(progress * 100) } else { step = Int(receivedBytes / (256 * 1024)) }
        guard step != reportedStep else { return false }
        reportedStep = step
        return true
    }

    func failed(_ message: String, cancelled: Bool) {
        failure = message
        if cancelled { cancelRequested = true }
    }

    /// Ends the task: finished, failed or cancelled (a partial file is removed).
    func end() {
        for connection in connections { connection.cancel() }
        connections.removeAll()
        if cancelRequested {
            state = .cancelled
        } else if let failure {
            state = .failed(message: failure)
        } else {
            state = .finished
        }
        if state != .finished, let destination {
            try? FileManager.default.removeItem(at: destination)
        }
    }
}
