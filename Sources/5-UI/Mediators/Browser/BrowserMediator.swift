public import Foundation
public import Prefs
public import TabModel
import Web

/// The model-facing part of a window's ``BrowserCommands``: opening, closing and
/// duplicating tabs in its ``WebStateList``.
///
/// It does not conform to `BrowserCommands`: the browser coordinator does, handles the
/// UI-only commands itself (focusing the location bar, fullscreen) and forwards
/// `openNewTab()`, `closeCurrentTab()` and the zoom commands here. Zoom is per tab: each
/// WebState keeps its own level, stepped through ``ZoomLevels/presets``. Printing shows the
/// engine's print dialog for the active tab.
@MainActor
public final class BrowserMediator {
    private let webStateList: WebStateList
    private let startPageURL: URL
    private let webStateFactory: WebStateFactory
    private let newTabPrefs: PrefService?
    private var state = MediatorState("BrowserMediator")

    /// Works on `webStateList`; new tabs come from `webStateFactory` and open `startPageURL`,
    /// or the home page when `newTabPrefs` (the window's profile's, with ``HomePagePrefs``
    /// registered) say so, read at each new tab.
    public init(
        webStateList: WebStateList, startPageURL: URL, newTabPrefs: PrefService? = nil,
        webStateFactory: @escaping WebStateFactory
    ) {
        self.webStateList = webStateList
        self.startPageURL = startPageURL
        self.newTabPrefs = newTabPrefs
        self.webStateFactory = webStateFactory
    }

    /// Ends the mediator; it cannot be used afterwards.
    public func disconnect() { state.disconnect() }

    /// Opens a new tab with the start page (or the home page) at the end of the list (no
    /// opener: the "+" button's tab) and activates it.
    public func openNewTab() {
        state.check(#function)
        let url = newTabPrefs.map { HomePagePrefs.newTabURL(in: $0, blank: startPageURL) } ?? startPageURL
        let webState = webStateFactory(url)
        webStateList.insert(webState, .automatic.activating())
        webState.load(url, transition: Self.transition(ofNewTabPage: url, startPage: startPageURL))
    }

    /// Opens `urls` as new tabs at the end of the list (tabs the user asked for from outside
    /// the page: the command line, another instance), the last one activated.
    public func openTabs(_ urls: [URL]) {
        state.check(#function)
        for (index, url) in urls.enumerated() {
            let webState = webStateFactory(url)
            webStateList.insert(webState, index == urls.count - 1 ? .automatic.activating() : .automatic)
            webState.load(url, transition: Self.transitionFromOutside)
        }
    }

    /// How a page another program asked for is marked (Chromium's startup URLs:
    /// `chrome/browser/ui/startup/startup_browser_creator_impl.cc`).
    static let transitionFromOutside = PageTransition.autoToplevel.adding(.fromAPI)

    /// How the page a new tab or window opens is marked: the home page as Chromium's Home
    /// button marks it (`chrome::Home`), the start page as a page the browser loaded itself.
    static func transition(ofNewTabPage url: URL, startPage: URL) -> PageTransition {
        url == startPage ? .autoToplevel : PageTransition.autoBookmark.adding(.homePage)
    }

    /// Closes the active tab (a user action). Returns whether the list is now empty (the
    /// coordinator then closes the window).
    @discardableResult
    public func closeCurrentTab() -> Bool {
        state.check(#function)
        if let index = webStateList.activeIndex { webStateList.close(at: index, flags: .userAction) }
        return webStateList.isEmpty
    }

    /// Zooms the active tab in to the next preset level.
    public func zoomIn() { setActiveZoom { ZoomLevels.zoomedIn(from: $0) } }

    /// Zooms the active tab out to the previous preset level.
    public func zoomOut() { setActiveZoom { ZoomLevels.zoomedOut(from: $0) } }

    /// Puts the active tab back at the default zoom (it follows the default again).
    public func resetZoom() {
        state.check("zoom")
        webStateList.activeWebState?.resetZoomLevel()
    }

    /// Shows the print dialog for the active tab's page (nothing without an active tab).
    public func printActivePage() {
        state.check(#function)
        webStateList.activeWebState?.printPage()
    }

    /// Opens the engine's web inspector for the active tab.
    public func showInspectorForActivePage() {
        state.check(#function)
        webStateList.activeWebState?.showInspector()
    }

    /// Opens the active tab's page source in a new tab after it, activated (Chromium's
    /// `chrome::ViewSource` in `chrome/browser/ui/browser_commands.cc` opens it so, with the
    /// page as opener). WebKitGTK has no `view-source:`: the new tab shows the main
    /// resource's text as a `data:` page titled "Source of <URL>". Nothing without a
    /// committed page.
    public func viewSourceOfActivePage() {
        state.check(#function)
        guard let webState = webStateList.activeWebState, let pageURL = webState.lastCommittedURL else {
            return
        }
        webState.mainResourceText { [weak self, weak webState] text in
            guard let self, let webState, let text, !self.state.isDisconnected,
                webStateList.index(of: webState) != nil
            else { return }
            let url = Self.sourcePageURL(of: pageURL, text: text)
            let source = webStateFactory(url)
            webStateList.insert(source, .automatic.withOpener(WebStateOpener(webState)).activating())
            source.load(url)
        }
    }

    /// A `data:` URL of a plain page showing `text`, titled after `pageURL`.
    static func sourcePageURL(of pageURL: URL, text: String) -> URL {
        func escaped(_ string: String) -> String {
            string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        let html =
            "<!DOCTYPE html><meta charset=\"utf-8\"><title>Source of \(escaped(pageURL.absoluteString))</title>"
            + "<pre style=\"white-space: pre-wrap\">\(escaped(text))</pre>"
        return URL(string: "data:text/html;charset=utf-8;base64,\(Data(html.utf8).base64EncodedString())")!
    }

    private func setActiveZoom(_ next: (Double) -> Double) {
        state.check("zoom")
        guard let webState = webStateList.activeWebState else { return }
        let level = next(webState.zoomLevel)
        if level != webState.zoomLevel { webState.zoomLevel = level }
    }
}
