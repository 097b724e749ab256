/// One entry of the page's context menu as the embedder builds it: a title and what it does
/// (iOS's `UIAction`s of the context menu configuration,
/// `ios/chrome/browser/context_menu/ui_bundled/context_menu_configuration_provider.mm`). The
/// engine shows the menu; an entry runs the embedder's handler, or one of the engine's own
/// actions where only the engine can act on what the menu was opened on (the node under the
/// pointer, the page's selection).
@MainActor
public struct ContextMenuItem {
    /// What choosing an entry does.
    public enum Action {
        /// One of the engine's actions on what the menu was opened on.
        case engine(EngineAction)
        /// The embedder's handler.
        case perform(@MainActor () -> Void)
    }

    /// The engine's actions on what the menu was opened on.
    public enum EngineAction: Sendable, Equatable, CaseIterable {
        /// Copies the page's selection (rich text, as the page has it).
        case copy
        case cut
        case paste
        case selectAll
        /// Copies the link's address.
        case copyLinkAddress
        /// Copies the image itself (its pixels, as the page shows it).
        case copyImage
        /// Copies the image's address.
        case copyImageAddress
        /// Opens the web inspector on the node under the pointer.
        case inspectElement
    }

    /// The entry's label.
    public var title: String
    public var action: Action
    /// Whether the entry can be chosen (shown greyed out otherwise).
    public var isEnabled: Bool

    public init(_ title: String, isEnabled: Bool = true, action: Action) {
        self.title = title
        self.action = action
        self.isEnabled = isEnabled
    }
}
