/// Where a view controller the window hosts shows toasts: over the window's content area
/// (desktop Chromium's `ToastController`, `chrome/browser/ui/toasts/toast_controller.h`).
@MainActor
public protocol ToastPresenter: AnyObject {
    /// Shows a toast saying `title` (plain text).
    func showToast(_ title: String)
}
