import UIInterfaces

/// Records every push: `list [a.zip running 50% "…", b.bin complete "1.0 kB"]` (newest
/// first; the progress in percent while running, `?` when unknown), `progress 40%` /
/// `progress none`, `finished <id> <name>`, `failed <name>`.
@MainActor
final class RecordingDownloadsConsumer: DownloadsConsumer {
    var pushes: [String] = []
    var items: [DownloadItem] = []

    func setDownloads(_ items: [DownloadItem]) {
        self.items = items
        let described = items.map { item in
            let progress =
                item.state == .inProgress
                ? " " + (item.progress.map { "\(Int(($0 * 100).rounded()))%" } ?? "?") : ""
            return "\(item.fileName) \(item.state)\(progress) \"\(item.status)\""
        }
        pushes.append("list [\(described.joined(separator: ", "))]")
    }

    func setOverallProgress(_ progress: Double?) {
        pushes.append("progress " + (progress.map { "\(Int(($0 * 100).rounded()))%" } ?? "none"))
    }

    func showDownloadFinished(id: Int, fileName: String) { pushes.append("finished \(id) \(fileName)") }
    func showDownloadFailed(fileName: String?) { pushes.append("failed \(fileName ?? "-")") }
    func showLaunchFailed(_ message: String) { pushes.append("launch failed: \(message)") }
}
