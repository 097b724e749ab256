import Commands
import Foundation
import UIInterfaces

/// A fake handler of every command protocol: records each command as text, and can run a
/// reaction (e.g. a mediator's push) when one arrives.
@MainActor
final class RecordingCommands: NavigationCommands, LocationBarCommands, TabStripCommands, FindInPageCommands,
    BrowserCommands, ApplicationCommands, InfoBarCommands, SceneCommands, DownloadsCommands
{
    var received: [String] = []
    var onCommand: ((String) -> Void)?

    /// Registers this object for every command protocol on `dispatcher`.
    func register(on dispatcher: CommandDispatcher) {
        dispatcher.startDispatching((any NavigationCommands).self, to: self)
        dispatcher.startDispatching((any LocationBarCommands).self, to: self)
        dispatcher.startDispatching((any TabStripCommands).self, to: self)
        dispatcher.startDispatching((any FindInPageCommands).self, to: self)
        dispatcher.startDispatching((any BrowserCommands).self, to: self)
        dispatcher.startDispatching((any ApplicationCommands).self, to: self)
        dispatcher.startDispatching((any InfoBarCommands).self, to: self)
        dispatcher.startDispatching((any SceneCommands).self, to: self)
        dispatcher.startDispatching((any DownloadsCommands).self, to: self)
    }

    func cancelDownload(_ id: Int) { record("cancelDownload \(id)") }
    func openDownload(_ id: Int) { record("openDownload \(id)") }
    func showDownloadInFolder(_ id: Int) { record("showDownloadInFolder \(id)") }
    func retryDownload(_ id: Int) { record("retryDownload \(id)") }
    func removeDownload(_ id: Int) { record("removeDownload \(id)") }
    func clearDownloads() { record("clearDownloads") }

    private func record(_ command: String) {
        received.append(command)
        onCommand?(command)
    }

    func goBack() { record("goBack") }
    func goForward() { record("goForward") }
    func goToHistoryItem(at index: Int) { record("goToHistoryItem \(index)") }
    func reload() { record("reload") }
    func stopLoading() { record("stopLoading") }

    func loadUserInput(_ text: String) { record("loadUserInput \(text)") }

    func selectTab(_ id: TabIdentifier) { record("selectTab \(id.rawValue)") }
    func selectTab(atIndex index: Int) { record("selectTabAtIndex \(index)") }
    func selectLastTab() { record("selectLastTab") }
    func selectTab(byOffset offset: Int) { record("selectTabByOffset \(offset)") }
    func closeTab(_ id: TabIdentifier) { record("closeTab \(id.rawValue)") }
    func moveTab(_ id: TabIdentifier, to index: Int) { record("moveTab \(id.rawValue) \(index)") }
    func moveSelectedTab(byOffset offset: Int) { record("moveSelectedTab \(offset)") }
    func setTabPinned(_ id: TabIdentifier, pinned: Bool) { record("setTabPinned \(id.rawValue) \(pinned)") }
    func duplicateTab(_ id: TabIdentifier) { record("duplicateTab \(id.rawValue)") }
    func reloadTab(_ id: TabIdentifier) { record("reloadTab \(id.rawValue)") }
    func closeOtherTabs(_ id: TabIdentifier) { record("closeOtherTabs \(id.rawValue)") }
    func closeTabsToTheRight(of id: TabIdentifier) { record("closeTabsToTheRight \(id.rawValue)") }
    func moveTabToNewWindow(_ id: TabIdentifier) { record("moveTabToNewWindow \(id.rawValue)") }
    func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier) {
        record("moveTab \(id.rawValue) toWindow \(window.rawValue)")
    }
    func moveTab(_ id: TabIdentifier, toWindow window: WindowIdentifier, at index: Int) {
        record("moveTab \(id.rawValue) toWindow \(window.rawValue) at \(index)")
    }

    func showFindBar() { record("showFindBar") }
    func find(_ text: String) { record("find \(text)") }
    func findNext() { record("findNext") }
    func findPrevious() { record("findPrevious") }
    func hideFindBar() { record("hideFindBar") }

    func openNewTab() { record("openNewTab") }
    func closeCurrentTab() { record("closeCurrentTab") }
    func focusLocationBar() { record("focusLocationBar") }
    func zoomIn() { record("zoomIn") }
    func zoomOut() { record("zoomOut") }
    func resetZoom() { record("resetZoom") }
    func toggleFullscreen() { record("toggleFullscreen") }
    func printPage() { record("printPage") }
    func showInspector() { record("showInspector") }
    func viewSource() { record("viewSource") }
    func showKeyboardShortcuts() { record("showKeyboardShortcuts") }
    func showHistory() { record("showHistory") }
    func showBookmarks() { record("showBookmarks") }
    func showClearBrowsingData() { record("showClearBrowsingData") }
    func bookmarkCurrentPage() { record("bookmarkCurrentPage") }
    func showImport() { record("showImport") }

    func openNewWindow(incognito: Bool) { record(incognito ? "openNewIncognitoWindow" : "openNewWindow") }
    func openInIncognitoWindow(_ url: URL) {
        record("openInIncognitoWindow(\(url.absoluteString))")
    }
    func showAbout() { record("showAbout") }
    func showPreferences() { record("showPreferences") }
    func quit() { record("quit") }

    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind) {
        record("infoBarButtonActivated \(kind.rawValue) \(button.rawValue)")
    }
    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind, isChecked: Bool) {
        record("infoBarButtonActivated \(kind.rawValue) \(button.rawValue) checked=\(isChecked)")
    }
    func infoBarDismissed(_ kind: InfoBarKind) { record("infoBarDismissed \(kind.rawValue)") }

    func reopenLastClosed() { record("reopenLastClosed") }
    func reopenClosedEntry(_ id: Int) { record("reopenClosedEntry \(id)") }
    func restorePreviousSession() { record("restorePreviousSession") }
}
