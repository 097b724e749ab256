/// An entry of the page's context menu (Chromium's `IDC_CONTENT_CONTEXT_*` commands,
/// `chrome/app/chrome_command_ids.h`, which `RenderViewContextMenu` executes).
public enum ContextMenuCommand: Sendable, Equatable {
    case openLinkInNewTab
    case openLinkInNewWindow
    case openLinkInIncognitoWindow
    case copyLinkAddress
    /// Asks where, then downloads the link there.
    case saveLinkAs
    case openImageInNewTab
    /// Asks where, then downloads the image there.
    case saveImageAs
    case copyImage
    case copyImageAddress
    case cut
    case copy
    case paste
    case selectAll
    /// Searches the web for the selection (its shortened text, for the label).
    case searchWebFor(String)
    case back
    case forward
    case reload
    /// Asks where, then saves the page there.
    case savePageAs
    case viewPageSource
    case inspectElement
}
