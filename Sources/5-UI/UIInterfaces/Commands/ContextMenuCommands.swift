/// What the user chooses in the page's context menu (Chromium's
/// `RenderViewContextMenu::ExecuteCommand`, `chrome/browser/renderer_context_menu/render_view_context_menu.cc`):
/// it acts on what the menu was last opened on.
@MainActor
public protocol ContextMenuCommands: AnyObject {
    func executeContextMenuCommand(_ command: ContextMenuCommand)
}
