import UIInterfaces

/// Records every push: `show <kind>: <message> (<detail>) [<buttons>]`, `hide <kind>`.
@MainActor
final class RecordingInfoBarConsumer: InfoBarConsumer {
    var pushes: [String] = []
    /// The last item shown of each kind still shown.
    var shown: [InfoBarKind: InfoBarItem] = [:]

    func showInfoBar(_ item: InfoBarItem) {
        shown[item.kind] = item
        let buttons = item.buttons.map(\.label).joined(separator: ", ")
        pushes.append("show \(item.kind.rawValue): \(item.message) (\(item.detail ?? "")) [\(buttons)]")
    }

    func hideInfoBar(_ kind: InfoBarKind) {
        shown[kind] = nil
        pushes.append("hide \(kind.rawValue)")
    }
}
