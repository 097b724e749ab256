/// Where a navigation opens (Chromium's WindowOpenDisposition,
/// `ui/base/window_open_disposition.h`): a link clicked with a modifier or the middle button
/// goes to another tab or window instead of the current one.
public enum WindowOpenDisposition: Sendable, Equatable, CaseIterable {
    /// In the tab it started in.
    case currentTab
    /// In a new tab after the current one, which becomes the active tab.
    case newForegroundTab
    /// In a new tab after the current one, which stays in the background.
    case newBackgroundTab
    case newWindow

    /// The disposition of a click, as Chromium's `ui::DispositionFromClick` gives it off macOS:
    /// the middle button or Ctrl opens a tab (in the foreground with Shift too), Shift alone a
    /// window. Chromium's Alt (save the link) is not followed: such a click stays in the tab.
    public init(clickWithMiddleButton middleButton: Bool, ctrl: Bool, shift: Bool) {
        if middleButton || ctrl {
            self = shift ? .newForegroundTab : .newBackgroundTab
        } else if shift {
            self = .newWindow
        } else {
            self = .currentTab
        }
    }
}
