public import Foundation

/// What opens a new window for a tab of a browser: windows are the application's, a layer
/// above the tab model (the application's state fills
/// ``WebStateDelegateBrowserAgent/windowOpener`` for each window it makes).
@MainActor
public protocol BrowserWindowOpener: AnyObject {
    /// Opens a new window of `browser`'s profile (incognito if `browser` is) whose one tab
    /// loads `url`.
    func openNewWindow(loading url: URL, from browser: Browser)
}
