public import CAdwaita

/// The window as the fullscreen view controller sees it: the window whose state it watches,
/// the toolbar area over which the pointer and the focus count, and the layout it switches
/// (on iOS, Chromium's fullscreen UI elements follow the fullscreen controller this way:
/// `ios/chrome/browser/ui/fullscreen/fullscreen_ui_element.h`).
@MainActor
public protocol FullscreenLayout: AnyObject {
    var window: UnsafeMutablePointer<GtkWindow> { get }
    /// The header bar and the tab strip.
    var toolbarArea: UnsafeMutablePointer<GtkWidget> { get }
    /// Outside fullscreen, puts the toolbar area above the rest; in fullscreen, over the page,
    /// shown only while `isToolbarRevealed`.
    func layOutToolbar(isFullscreen: Bool, isToolbarRevealed: Bool)
}
