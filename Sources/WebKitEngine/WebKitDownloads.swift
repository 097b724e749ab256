import Base
import CWebKitGTK
import Foundation
import GLibSupport
import Web

/// The downloads of one network session: WebKit's "download-started" on the session, then
/// each `WebKitDownload`'s "decide-destination" (a unique name in ``directory``), "failed"
/// and "finished", reported to the ``DownloadObserver``s.
@MainActor
final class WebKitDownloads {
    /// One download under way.
    private final class Active {
        let download: GObjectRef
        var connections: [SignalConnection] = []
        var destination: URL?
        var failure: String?
        init(_ download: GObjectRef) { self.download = download }
    }

    /// Where downloads are saved (created if missing).
    var directory: URL
    let observers = ObserverList<any DownloadObserver>()
    private var active: [ObjectIdentifier: Active] = [:]
    private var started: SignalConnection?

    init(session: GObjectRef, directory: URL) {
        self.directory = directory
        started = SignalConnection.connect(session.pointer, signal: "download-started") { [weak self] args in
            guard let self, let download = args.object(at: 1) else { return }
            self.track(GObjectRef(retaining: download))
        }
    }

    isolated deinit {
        started?.cancel()
        for entry in active.values { for connection in entry.connections { connection.cancel() } }
    }

    /// The user's download directory (XDG's, else `~/Downloads`).
    static var defaultDirectory: URL {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
            return URL(fileURLWithPath: String(cString: path), isDirectory: true)
        }
        return URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
            .appendingPathComponent("Downloads", isDirectory: true)
    }

    private func track(_ download: GObjectRef) {
        let entry = Active(download)
        let key = ObjectIdentifier(entry)
        active[key] = entry
        func on(
            _ signal: String,
            _ handler: @escaping @MainActor (WebKitDownloads, Active, SignalArguments) -> Void
        ) {
            entry.connections.append(
                SignalConnection.connect(download.pointer, signal: signal) { [weak self, weak entry] args in
                    if let self, let entry { handler(self, entry, args) }
                })
        }
        on("decide-destination") { downloads, entry, args in
            let destination = downloads.uniqueDestination(for: args.string(at: 1) ?? "")
            entry.destination = destination
            webkit_download_set_destination(entry.download.opaque, destination.path)
            args.setReturnValue(true)
        }
        on("failed") { _, entry, args in
            let error = args.boxed(at: 1)?.assumingMemoryBound(to: GError.self)
            entry.failure = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "failed"
        }
        on("finished") { downloads, entry, _ in downloads.finish(entry, key: key) }
    }

    private func finish(_ entry: Active, key: ObjectIdentifier) {
        for connection in entry.connections { connection.cancel() }
        active[key] = nil
        if let failure = entry.failure {
            observers.forEach { $0.downloadFailed(entry.destination, message: failure) }
        } else if let destination = entry.destination {
            observers.forEach { $0.downloadFinished(destination) }
        }
    }

    /// A path in ``directory`` for `suggestedName` that no file and no other download uses:
    /// `name.ext`, else `name (1).ext`, `name (2).ext`, ...
    func uniqueDestination(for suggestedName: String) -> URL {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var name = (suggestedName as NSString).lastPathComponent
        if name.isEmpty || name == "." || name == ".." || name == "/" { name = "download" }
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        let taken = Set(active.values.compactMap { $0.destination?.path })
        var candidate = directory.appendingPathComponent(name)
        var counter = 1
        while FileManager.default.fileExists(atPath: candidate.path) || taken.contains(candidate.path) {
            let numbered = "\(base) (\(counter))" + (ext.isEmpty ? "" : ".\(ext)")
            candidate = directory.appendingPathComponent(numbered)
            counter += 1
        }
        return candidate
    }
}
