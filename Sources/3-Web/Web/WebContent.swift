public import Base
public import Foundation

/// One web view of an engine, owned by a realized ``WebState``.
@MainActor
public protocol WebContent: AnyObject {
    /// Receives events; set by the owning WebState.
    var delegate: (any WebContentDelegate)? { get set }

    /// Starts loading `url` as a new history entry; its navigation carries `transition`.
    func load(_ url: URL, transition: PageTransition)
    /// Goes to the entry at `index` of ``history``, a navigation marked
    /// ``PageTransition/forwardBack`` (the entry's own transition is not kept: a link's).
    func goToItem(at index: Int)
    /// Reloads the committed entry (also recovers a crashed content), a navigation marked
    /// ``PageTransition/reload``.
    func reload()
    func stopLoading()

    /// The back-forward history as the engine has it.
    var history: NavigationHistory { get }
    /// The title of the visible page.
    var title: String { get }
    /// The URL shown to the user (the pending one while a navigation is under way).
    var visibleURL: URL? { get }
    /// The URL of the committed page.
    var lastCommittedURL: URL? { get }
    /// The estimated load progress (0...1).
    var estimatedProgress: Double { get }
    /// Whether the content is loading.
    var isLoading: Bool { get }
    /// The favicon URL of the page, if known.
    var faviconURL: URL? { get }
    /// The page's favicon as PNG bytes, if the engine has it; current when the content
    /// reports ``WebContentEvent/faviconURLChanged(_:)``.
    var favicon: Data? { get }
    /// The security of the committed page's connection.
    var sslStatus: SSLStatus { get }
    /// Whether the web process went away and the content has not been reloaded since.
    var isCrashed: Bool { get }
    /// The page zoom factor (1 is 100%).
    var zoomLevel: Double { get set }
    /// Whether the page is playing sound.
    var isPlayingAudio: Bool { get }
    /// Whether the user typed into a form of the committed page and did not submit it
    /// (Chromium's form interaction): reset when another page commits.
    var hadFormInteraction: Bool { get }

    /// The engine's native session state (the whole history), or nil if unavailable.
    func sessionStateData() -> Data?
    /// Restores a tab: from `sessionState` (the native blob) when given and readable, else
    /// from `history`. Loads the committed entry unless `loadCommittedEntry` is false (a tab
    /// that was loading when the browser crashed comes back without loading), a navigation
    /// marked ``PageTransition/reload`` and ``NavigationContext/isRestore``, as Chromium's
    /// session restore marks it. Returns false if neither could be used.
    @discardableResult
    func restore(sessionState: Data?, history: NavigationHistory, loadCommittedEntry: Bool) -> Bool

    /// Evaluates `script` in the main frame.
    func evaluateJavaScript(
        _ script: String, completion: @escaping @MainActor (Result<JavaScriptValue, JavaScriptError>) -> Void)

    /// Makes the engine's find-in-page controller for this content.
    func makeFindInPageController() -> any FindInPageController

    /// The content became visible.
    func wasShown()
    /// The content was hidden.
    func wasHidden()

    /// Shows the engine's print dialog for the page over the window its view is in, and
    /// prints what the user chooses there.
    func printPage()

    /// Opens the engine's web inspector (developer tools) for the page.
    func showInspector()

    /// The committed page's main resource as the engine received it, decoded as UTF-8 (the
    /// page's source); nil without a committed page. `completion` runs once, possibly later.
    func mainResourceText(completion: @escaping @MainActor (String?) -> Void)

    /// Downloads `url` as the page would (its session, the page as referrer) to the file
    /// `destination`, replacing it: the user chose it (Save Link As…, Save Image As…).
    func download(_ url: URL, to destination: URL)

    /// Saves the committed page to the file `destination` as one MHTML file (its resources
    /// included); `completion` gets whether it was written.
    func savePage(to destination: URL, completion: @escaping @MainActor (Bool) -> Void)

    /// Makes a new content for a window this content's page opens: in the same context,
    /// and related to it as the engine requires (same web process, `window.opener`).
    func makeRelatedContent() -> any WebContent

    /// The native view, for the UI layer (opaque there).
    var view: ViewHandle { get }

    /// Tears the content down; no event is reported after this.
    func close()
    /// The user clicked the notification `id` the page showed
    /// (``WebContentDelegate/webContent(_:showNotification:)``): the page's `onclick` runs.
    func notificationClicked(_ id: UInt64)
    /// Whether the page uses the camera or the microphone; changes are reported
    /// (``WebContentEvent/mediaCaptureStateChanged``).
    var mediaCaptureState: MediaCaptureState { get }
}

extension WebContent {
    /// Loads `url` as a followed link (Chromium's `WebLoadParams` default).
    public func load(_ url: URL) { load(url, transition: .link) }

    /// Restores a tab and loads its committed entry.
    @discardableResult
    public func restore(sessionState: Data?, history: NavigationHistory) -> Bool {
        restore(sessionState: sessionState, history: history, loadCommittedEntry: true)
    }

    /// Does nothing (an engine without notifications).
    public func notificationClicked(_ id: UInt64) {}

    /// Neither (an engine without media capture).
    public var mediaCaptureState: MediaCaptureState { .none }
}
