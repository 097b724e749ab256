import UIInterfaces

/// Records every push: `list [a.zip 50%, b.bin ?]` (progress in percent, `?` when unknown),
/// `finished <name>`, `failed <name>`.
@MainActor
final class RecordingDownloadsConsumer: DownloadsConsumer {
    var pushes: [String] = []
    var items: [DownloadItem] = []

    func setDownloads(_ items: [DownloadItem]) {
        self.items = items
        let described = items.map { item in
            "\(item.fileName) " + (item.progress.map { "\(Int(($0 * 100).rounded()))%" } ?? "?")
        }
        pushes.append("list [\(described.joined(separator: ", "))]")
    }

    func showDownloadFinished(fileName: String) { pushes.append("finished \(fileName)") }
    func showDownloadFailed(fileName: String?) { pushes.append("failed \(fileName ?? "-")") }
}
