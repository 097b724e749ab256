import Base
import CWebKitGTK
import Foundation
import GLibSupport
import Web

/// The downloads of one network session: WebKit's "download-started" on the session, then
/// each `WebKitDownload`'s "decide-destination" (a unique name in ``directory``),
/// "received-data" (progress, reported in steps of 1%, or of 256 KiB when the size is
/// unknown), "failed" and "finished", reported to the ``DownloadObserver``s.
@MainActor
final class WebKitDownloads {
    /// Where downloads are saved (created if missing).
    var directory: URL
    /// Decides the destination of each download not set in advance (else ``directory``).
    weak var destinationDelegate: (any DownloadDestinationDelegate)?
    let observers = ObserverList<any DownloadObserver>()
    private var active: [Int: WebKitDownloadTask] = [:]
    private var nextIdentifier = 0
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
        for task in active.values { for connection in task.connections { connection.cancel() } }
    }

    /// The downloads under way, oldest first.
    var tasks: [any DownloadTask] { active.keys.sorted().compactMap { active[$0] } }

    /// The user's download directory (XDG's, else `~/Downloads`).
    static var defaultDirectory: URL {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
            return URL(fileURLWithPath: String(cString: path), isDirectory: true)
        }
        return URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
            .appendingPathComponent("Downloads", isDirectory: true)
    }

    private func track(_ download: GObjectRef) {
        nextIdentifier += 1
        let task = WebKitDownloadTask(identifier: nextIdentifier, download: download)
        active[task.identifier] = task
        func on(
            _ signal: String,
            _ handler: @escaping @MainActor (WebKitDownloads, WebKitDownloadTask, SignalArguments) -> Void
        ) {
            task.connections.append(
                SignalConnection.connect(download.pointer, signal: signal) { [weak self, weak task] args in
                    if let self, let task { handler(self, task, args) }
                })
        }
        on("decide-destination") { downloads, task, args in
            args.setReturnValue(true)
            // A download started with its destination (Save Link As…) keeps it.
            if let preset = webkit_download_get_destination(task.download.opaque) {
                return downloads.decide(.file(URL(fileURLWithPath: String(cString: preset))), for: task)
            }
            let suggested = args.string(at: 1) ?? ""
            guard let delegate = downloads.destinationDelegate else {
                return downloads.decide(.directory(downloads.directory), suggestedName: suggested, for: task)
            }
            // WebKit waits for the destination (the signal was handled): the delegate may ask.
            delegate.decideDestination(suggestedFileName: suggested) {
                [weak downloads, weak task] destination in
                guard let downloads, let task, task.state == .inProgress else { return }
                guard let destination else { return task.cancel() }
                downloads.decide(destination, suggestedName: suggested, for: task)
            }
        }
        on("received-data") { downloads, task, args in
            if task.received(args.uint64(at: 1)) { downloads.observers.forEach { $0.downloadUpdated(task) } }
        }
        on("failed") { _, task, args in
            let error = args.boxed(at: 1)?.assumingMemoryBound(to: GError.self)
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "failed"
            let cancelled =
                error.map {
                    $0.pointee.domain == webkit_download_error_quark()
                        && $0.pointee.code == Int32(WEBKIT_DOWNLOAD_ERROR_CANCELLED_BY_USER.rawValue)
                } ?? false
            task.failed(message, cancelled: cancelled)
        }
        on("finished") { downloads, task, _ in downloads.finish(task) }
        observers.forEach { $0.downloadStarted(task) }
    }

    /// Sets `task`'s destination: a unique name for `suggestedName` in a folder, or a file
    /// the user chose (replaced).
    private func decide(
        _ destination: DownloadDestination, suggestedName: String = "", for task: WebKitDownloadTask
    ) {
        let file: URL
        switch destination {
        case .directory(let folder): file = uniqueDestination(for: suggestedName, in: folder)
        case .file(let chosen):
            file = chosen
            webkit_download_set_allow_overwrite(task.download.opaque, 1)
        }
        task.decided(file)
        webkit_download_set_destination(task.download.opaque, file.path)
        observers.forEach { $0.downloadUpdated(task) }
    }

    private func finish(_ task: WebKitDownloadTask) {
        active[task.identifier] = nil
        task.end()
        observers.forEach { $0.downloadEnded(task) }
    }

    /// A path in `folder` (``directory`` by default) for `suggestedName` that no file and no
    /// other download uses: `name.ext`, else `name (1).ext`, `name (2).ext`, ...
    func uniqueDestination(for suggestedName: String, in folder: URL? = nil) -> URL {
        let directory = folder ?? directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var name = (suggestedName as NSString).lastPathComponent
        if name.isEmpty || name == "." || name == ".." || name == "/" { name = "download" }
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        let taken = Set(active.values.compactMap { $0.destination?.path })
        var candidate = directory.appendingPathComponent(name)
        var counter = 1
        // A `.part` file of the name is an interrupted download's (kept for the user): taken too.
        while FileManager.default.fileExists(atPath: candidate.path)
            || FileManager.default.fileExists(atPath: candidate.path + ".part")
            || taken.contains(candidate.path)
        {
            let numbered = "\(base) (\(counter))" + (ext.isEmpty ? "" : ".\(ext)")
            candidate = directory.appendingPathComponent(numbered)
            counter += 1
        }
        return candidate
    }
}
