import UIInterfaces

/// Records every push: `empty`, `placeholder <title>`, `view <tab id>`, `crashed <title>`;
/// the hovered links apart.
@MainActor
final class RecordingContentConsumer: ContentConsumer {
    var pushes: [String] = []
    var identities: [TabIdentifier] = []
    var hoveredLinks: [String?] = []

    func setHoveredLink(_ url: String?) { hoveredLinks.append(url) }

    func setContent(_ content: ContentView) {
        switch content {
        case .empty: pushes.append("empty")
        case .placeholder(let title): pushes.append("placeholder \(title)")
        case .engineView(_, let identity):
            identities.append(identity)
            pushes.append("view")
        case .crashed(let title): pushes.append("crashed \(title)")
        }
    }
}
