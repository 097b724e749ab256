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
    private var isInterrupted = false
    /// Where ``interrupt()`` put the bytes received so far (nil: there was no file yet).
    private var partialFile: URL?
    /// The progress last reported, in hundredths (or, with no size known, in 256 KiB steps).
    private var reportedStep = -1
    /// A second name for WebKit's intermediate file, `<destination>.part` (a hard link), made
    /// as soon as that file exists: WebKit's network process deletes the intermediate file
    /// when the browser dies, and the link keeps the bytes, as Chromium's `.crdownload` stays
    /// after a crash. Removed when the download completes, fails or is cancelled.
    private var crashGuard: URL?

    init(identifier: Int, download: GObjectRef) {
        self.identifier = identifier
        self.download = download
    }

    /// The request's URI (`webkit_download_get_request`).
    var url: URL? {
        guard let request = webkit_download_get_request(download.opaque),
            let uri = webkit_uri_request_get_uri(request)
        else { return nil }
        return URL(string: String(cString: uri))
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

    /// WebKitGTK cannot resume a download, and on `webkit_download_cancel` its network
    /// process deletes what it wrote. It writes to `<destination>.wkdownload` beside an empty
    /// placeholder at the destination, and renames the one over the other when done
    /// (WebKit's NetworkDataTaskSoup). So that file is renamed first, to
    /// `<destination>.part` (Firefox's name for a download under way; `<name> (1).part` …
    /// if taken), and the empty placeholder removed: WebKit goes on writing the same open file
    /// until the cancel reaches it, and then finds nothing left to delete. It is done at
    /// once, so that the bytes stay even if the process quits before WebKit answers.
    func interrupt() {
        guard state == .inProgress, !cancelRequested else { return }
        cancelRequested = true
        isInterrupted = true
        partialFile = keepPartialFile()
        webkit_download_cancel(download.opaque)
    }

    /// Moves what was written so far to a free `.part` name beside the destination; nil if
    /// nothing was written yet.
    private func keepPartialFile() -> URL? {
        guard let destination else { return nil }
        let files = FileManager.default
        let intermediate = URL(fileURLWithPath: destination.path + ".wkdownload")
        if let crashGuard {
            // The bytes already have the name: the intermediate's goes, and the placeholder.
            try? files.removeItem(at: intermediate)
            if (try? files.attributesOfItem(atPath: destination.path)[.size] as? Int) == 0 {
                try? files.removeItem(at: destination)
            }
            guard let size = try? files.attributesOfItem(atPath: crashGuard.path)[.size] as? Int, size > 0
            else {
                try? files.removeItem(at: crashGuard)
                return nil
            }
            return crashGuard
        }
        let written = files.fileExists(atPath: intermediate.path) ? intermediate : destination
        guard let size = try? files.attributesOfItem(atPath: written.path)[.size] as? Int, size > 0 else {
            return nil
        }
        let name = destination.lastPathComponent
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var candidate = URL(fileURLWithPath: destination.path + ".part")
        var counter = 1
        while files.fileExists(atPath: candidate.path) {
            candidate = destination.deletingLastPathComponent().appendingPathComponent(
                "\(base) (\(counter))" + (ext.isEmpty ? "" : ".\(ext)") + ".part")
            counter += 1
        }
        guard (try? files.moveItem(at: written, to: candidate)) != nil else { return nil }
        // The empty placeholder only: a file the user chose to replace (Save Link As…) stays.
        if written != destination, (try? files.attributesOfItem(atPath: destination.path)[.size] as? Int) == 0
        {
            try? files.removeItem(at: destination)
        }
        return candidate
    }

    func decided(_ url: URL) {
        destination = url
    }

    /// Whether the data received makes a new step worth reporting.
    func received(_ length: UInt64) -> Bool {
        receivedBytes += Int64(clamping: length)
        if crashGuard == nil { guardAgainstCrash() }
        let step: Int
        if let progress { step = Int(progress * 100) } else { step = Int(receivedBytes / (256 * 1024)) }
        guard step != reportedStep else { return false }
        reportedStep = step
        return true
    }

    /// Links `<destination>.part` to WebKit's intermediate file once it exists (not when the
    /// name is taken).
    private func guardAgainstCrash() {
        guard let destination else { return }
        let intermediate = destination.path + ".wkdownload"
        let part = destination.path + ".part"
        let files = FileManager.default
        guard files.fileExists(atPath: intermediate), !files.fileExists(atPath: part),
            (try? files.linkItem(atPath: intermediate, toPath: part)) != nil
        else { return }
        crashGuard = URL(fileURLWithPath: part)
    }

    func failed(_ message: String, cancelled: Bool) {
        failure = message
        if cancelled { cancelRequested = true }
    }

    /// Ends the task: finished, failed, cancelled (a partial file is removed) or interrupted
    /// (the partial file was moved aside before).
    func end() {
        for connection in connections { connection.cancel() }
        connections.removeAll()
        if isInterrupted {
            state = .interrupted(partialFile: partialFile)
        } else if cancelRequested {
            state = .cancelled
        } else if let failure {
            state = .failed(message: failure)
        } else {
            state = .finished
        }
        if state != .finished, !isInterrupted, let destination {
            try? FileManager.default.removeItem(at: destination)
        }
        if !isInterrupted, let crashGuard { try? FileManager.default.removeItem(at: crashGuard) }
    }
}
