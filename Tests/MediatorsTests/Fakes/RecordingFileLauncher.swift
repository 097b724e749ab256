import Foundation
import Mediators

/// Records what it is asked to open: `open <path>`, `show <path>`.
@MainActor
final class RecordingFileLauncher: FileLauncher {
    var launches: [String] = []
    func open(_ file: URL) { launches.append("open \(file.path)") }
    func showInFolder(_ file: URL) { launches.append("show \(file.path)") }
}
