import UIInterfaces

/// Records every push: `finished <name>`, `failed <name>`.
@MainActor
final class RecordingDownloadsConsumer: DownloadsConsumer {
    var pushes: [String] = []

    func showDownloadFinished(fileName: String) { pushes.append("finished \(fileName)") }
    func showDownloadFailed(fileName: String?) { pushes.append("failed \(fileName ?? "-")") }
}
