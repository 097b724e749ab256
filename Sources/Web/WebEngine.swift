public import Base
public import Foundation

/// How a ``WebEngineContext`` keeps its data.
public enum WebEngineStorage: Sendable, Equatable {
    /// Cookies, local storage, caches and the like persist in these directories.
    case persistent(dataDirectory: URL, cacheDirectory: URL)
    /// Nothing touches the disk; everything goes when the context does (off-the-record).
    case ephemeral
}

/// A browser engine: the seam a backend (WebKitGTK, or the fake engine of the tests)
/// implements. It makes one ``WebEngineContext`` per profile.
@MainActor
public protocol WebEngine: AnyObject {
    /// Makes the engine state of one profile (its network session).
    func makeContext(storage: WebEngineStorage) -> any WebEngineContext
}

/// A profile's engine state (WebKit's network session): every ``WebContent`` made from it
/// shares its cookies, storage and cache.
@MainActor
public protocol WebEngineContext: AnyObject {
    /// How this context keeps its data.
    var storage: WebEngineStorage { get }
    /// Makes a new web content (a web view) bound to this context.
    func makeWebContent() -> any WebContent
}

/// Events a ``WebContent`` reports to its ``WebContentDelegate`` (its ``WebState``).
public enum WebContentEvent: Sendable, Equatable {
    /// A navigation started.
    case didStartNavigation(NavigationContext)
    /// A navigation was redirected.
    case didRedirectNavigation(NavigationContext)
    /// A navigation finished (committed, failed or was cancelled).
    case didFinishNavigation(NavigationContext)
    /// The content started loading.
    case didStartLoading
    /// The content stopped loading.
    case didStopLoading
    /// The page finished loading, or failed to.
    case pageLoaded(PageLoadCompletionStatus)
    /// The estimated load progress changed (0...1).
    case loadProgressChanged(Double)
    /// The back-forward list or the committed index changed.
    case backForwardStateChanged
    /// The title changed.
    case titleChanged
    /// The security state of the visible page changed.
    case visibleSecurityStateChanged
    /// The favicon URL changed.
    case faviconURLChanged(URL?)
    /// The web process went away (crash or termination).
    case renderProcessGone
    /// The page sent a script command.
    case scriptCommand(ScriptCommand)
}

/// The receiver of a ``WebContent``'s events and policy questions.
@MainActor
public protocol WebContentDelegate: AnyObject {
    /// The content reports `event`.
    func webContent(_ content: any WebContent, didReport event: WebContentEvent)
    /// Whether `request` may proceed.
    func webContent(_ content: any WebContent, decidePolicyFor request: NavigationRequest) -> PolicyDecision
}

/// One web view of an engine, owned by a realized ``WebState``.
@MainActor
public protocol WebContent: AnyObject {
    /// Receives events; set by the owning WebState.
    var delegate: (any WebContentDelegate)? { get set }

    /// Starts loading `url` as a new history entry.
    func load(_ url: URL)
    /// Goes to the entry at `index` of ``history``.
    func goToItem(at index: Int)
    /// Reloads the committed entry (also recovers a crashed content).
    func reload()
    /// Stops loading.
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
    /// Whether the web process went away and the content has not been reloaded since.
    var isCrashed: Bool { get }

    /// The engine's native session state (the whole history), or nil if unavailable.
    func sessionStateData() -> Data?
    /// Restores a tab: from `sessionState` (the native blob) when given and readable, else
    /// from `history`. Loads the committed entry unless `loadCommittedEntry` is false (a tab
    /// that was loading when the browser crashed comes back without loading). Returns false
    /// if neither could be used.
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

    /// The native view, for the UI layer (opaque there).
    var view: ViewHandle { get }

    /// Tears the content down; no event is reported after this.
    func close()
}

/// Options for a find-in-page search.
public struct FindOptions: Sendable, Equatable, OptionSet {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Match case exactly.
    public static let caseSensitive = FindOptions(rawValue: 1)
    /// Continue from the other end when the last match is passed.
    public static let wrapAround = FindOptions(rawValue: 2)
}

/// The engine's find-in-page machinery for one content.
@MainActor
public protocol FindInPageController: AnyObject {
    /// Searches for `text`; `completion` gets the number of matches (0 if none).
    func find(_ text: String, options: FindOptions, completion: @escaping @MainActor (Int) -> Void)
    /// Moves to the next match.
    func findNext()
    /// Moves to the previous match.
    func findPrevious()
    /// Clears the highlights and ends the search.
    func dismiss()
}

extension WebContent {
    /// Restores a tab and loads its committed entry.
    @discardableResult
    public func restore(sessionState: Data?, history: NavigationHistory) -> Bool {
        restore(sessionState: sessionState, history: history, loadCommittedEntry: true)
    }
}
