public import Web

/// What builds the page's context menu for the tabs of a browser: the menu is the UI's, a
/// layer above the tab model (iOS's `ContextMenuConfigurationProvider`, which the browser
/// view controller hands to `WebStateDelegateBrowserAgent::SetUIProviders`). The window's UI
/// fills ``WebStateDelegateBrowserAgent/contextMenuProvider``.
@MainActor
public protocol ContextMenuConfigurationProvider: AnyObject {
    /// The sections of the context menu of `webState`'s page over what `params` describes.
    func contextMenuItems(for webState: WebState, params: ContextMenuParams) -> [[ContextMenuItem]]
}
