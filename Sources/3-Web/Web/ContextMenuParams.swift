public import Foundation

/// What was under the pointer when the user asked for the page's context menu, as plain
/// values (Chromium's `content::ContextMenuParams`, `content/public/browser/context_menu_params.h`,
/// and iOS's `web::ContextMenuParams`, `ios/web/public/ui/context_menu_params.h`): the
/// embedder builds its menu from them, never from the engine's own menu.
public struct ContextMenuParams: Sendable, Equatable {
    /// The committed page's URL.
    public var pageURL: URL?
    /// The link under the pointer, if any.
    public var linkURL: URL?
    /// The link's text (or its `title`), if any.
    public var linkText: String?
    /// The image under the pointer (its `src`), if any.
    public var imageURL: URL?
    /// The selected text, empty without a selection.
    public var selectionText: String
    /// Whether the pointer is over an editable field or editable content.
    public var isEditable: Bool

    public init(
        pageURL: URL? = nil, linkURL: URL? = nil, linkText: String? = nil, imageURL: URL? = nil,
        selectionText: String = "", isEditable: Bool = false
    ) {
        self.pageURL = pageURL
        self.linkURL = linkURL
        self.linkText = linkText
        self.imageURL = imageURL
        self.selectionText = selectionText
        self.isEditable = isEditable
    }

    /// Whether there is an image under the pointer.
    public var hasImage: Bool { imageURL != nil }
}
