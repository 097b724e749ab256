public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and the window: pushes the window's title, made from
/// the active tab's title (``windowTitle(pageTitle:isIncognito:)``), to the
/// ``WindowTitleConsumer`` at once and whenever it changes — the tab's title changes, another
/// tab becomes active, the last tab goes.
///
/// An unrealized tab has its saved title, so a restored window is titled before its tab loads.
@MainActor
public final class WindowTitleMediator: WebStateObserver {
    /// The application's name, the end of every window title.
    public static let applicationName = "Swiftlet"

    private let webStateList: WebStateList
    private let isIncognito: Bool
    private var state = MediatorState("WindowTitleMediator")
    private var observation: ActiveWebStateObservation?
    private var lastTitle: String?

    /// The window; set it to push the title at once. Held weakly.
    public weak var consumer: (any WindowTitleConsumer)? {
        didSet {
            state.check("consumer")
            lastTitle = nil
            push()
        }
    }

    /// Starts observing `webStateList`'s active tab; `isIncognito` says whether the window is
    /// an incognito one.
    public init(webStateList: WebStateList, isIncognito: Bool) {
        self.webStateList = webStateList
        self.isIncognito = isIncognito
        observation = ActiveWebStateObservation(list: webStateList, observer: self) { [weak self] in
            self?.push()
        }
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        observation = nil
    }

    /// The title of a window whose active tab is titled `pageTitle`: "Title — Swiftlet", or
    /// "Swiftlet" alone when the title is empty (or only white space). An incognito window's
    /// title ends with " (Incognito)", so that the window list tells it apart even where the
    /// window's incognito look does not show. The page's title is put on one line (runs of
    /// white space, line breaks included, become one space).
    public static func windowTitle(pageTitle: String, isIncognito: Bool) -> String {
        let application = isIncognito ? "\(applicationName) (Incognito)" : applicationName
        let title = pageTitle.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return title.isEmpty ? application : "\(title) — \(application)"
    }

    private func push() {
        guard let consumer else { return }
        let webState = webStateList.activeWebStateIfAlive
        let title = Self.windowTitle(
            pageTitle: webState?.titleOrNewTabPageTitle ?? "", isIncognito: isIncognito)
        guard title != lastTitle else { return }
        lastTitle = title
        consumer.setWindowTitle(title)
    }

    // MARK: WebStateObserver (the active tab, through the observation)

    /// Pushes the new title.
    public func titleWasSet(_ webState: WebState) { push() }
    /// Pushes the title of the committed page.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { push() }
    /// Pushes the title of the realized tab's page.
    public func webStateRealized(_ webState: WebState) { push() }
}
