import UIInterfaces

/// Records every push: `shown`, `hidden`, `matches <current>/<total>` (`-` for no search).
@MainActor
final class RecordingFindBarConsumer: FindBarConsumer {
    var pushes: [String] = []

    func setVisible(_ visible: Bool) { pushes.append(visible ? "shown" : "hidden") }

    func setMatches(current: Int, total: Int?) {
        pushes.append("matches \(current)/\(total.map(String.init) ?? "-")")
    }
}
