import UIInterfaces

/// Records every push: `show <id>: <message> (<detail>) [<buttons>]`, `hide <id>`.
@MainActor
final class RecordingInfoBarConsumer: InfoBarConsumer {
    var pushes: [String] = []
    /// The last item shown for each id still shown.
    var shown: [String: InfoBarItem] = [:]

    func showInfoBar(_ item: InfoBarItem) {
        shown[item.id] = item
        let buttons = item.buttons.map(\.label).joined(separator: ", ")
        pushes.append("show \(item.id): \(item.message) (\(item.detail ?? "")) [\(buttons)]")
    }

    func hideInfoBar(id: String) {
        shown[id] = nil
        pushes.append("hide \(id)")
    }
}
