/// Where a view controller the window hosts shows toasts: over the window's content area
/// (desktop Chromium's `ToastController`, `chrome/browser/ui/toasts/toast_controller.h`).
@MainActor
public protocol ToastPresenter: AnyObject {
    /// Shows a toast saying `title` (plain text).
    func showToast(_ title: String)
    /// Shows a toast saying `title` with `buttons` (the first is the toast's own button, the
    /// others stand beside the title: libadwaita 1.2's toasts have one button).
    func showToast(_ title: String, buttons: [ToastButton])
}
