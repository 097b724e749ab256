import Foundation
import Mediators

/// Records what it is asked to open: `open <path>`, `show <path>`; fails with ``failure``
/// when set.
@MainActor
final class RecordingFileLauncher: FileLauncher {
    var launches: [String] = []
    var failure: String?

    func open(_ file: URL, failed: @escaping @MainActor (String) -> Void) {
        launches.append("open \(file.path)")
        if let failure { failed(failure) }
    }

    func showInFolder(_ file: URL, failed: @escaping @MainActor (String) -> Void) {
        launches.append("show \(file.path)")
        if let failure { failed(failure) }
    }
}
