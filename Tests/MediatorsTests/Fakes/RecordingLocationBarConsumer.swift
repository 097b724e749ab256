import UIInterfaces

/// Records every push: `url <text>`, `progress <p>` or `progress none`, `security <s>`.
@MainActor
final class RecordingLocationBarConsumer: LocationBarConsumer {
    var pushes: [String] = []

    func setURLText(_ text: String) { pushes.append("url \(text)") }

    func setLoadProgress(_ progress: Double?) {
        pushes.append("progress \(progress.map { String($0) } ?? "none")")
    }

    /// The security last pushed.
    var lastSecurity: LocationBarSecurity?

    func setSecurity(_ security: LocationBarSecurity) {
        lastSecurity = security
        pushes.append("security \(security)")
    }
}
