import Base
public import Foundation
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's ``WebStateList`` and its info bars: the windows its tabs' pages asked
/// for without a user gesture, which the WebState blocked
/// (``WebStateObserver/popupBlocked(_:url:)``), shown as an info bar — "Pop-up blocked", the
/// address, Open and a close button — while the tab that asked is the active one.
///
/// Each tab's blocked windows are kept (up to ``maximumBlockedPerTab``, as Chromium keeps)
/// until its page is replaced (a committed cross-document navigation), it is discarded or it
/// leaves the list, the user dismisses the bar, or opens them: ``openBlockedPopups()`` opens
/// each as the page would have had it been allowed — through the tab's ``WebStateDelegate``,
/// as a tab with the page's tab as its opener, activated (the user asked for it).
@MainActor
public final class BlockedPopupMediator: WebStateListObserver, WebStateObserver {
    /// The most blocked windows kept per tab; later ones are dropped.
    public static let maximumBlockedPerTab = 25

    private let webStateList: WebStateList
    private var state = MediatorState("BlockedPopupMediator")
    private var listObservation: ScopedObservation<WebStateList>?
    private var forwarder: AllWebStateObservationForwarder?
    /// The blocked windows' URLs of each tab, in the order they were asked for.
    private var blocked: [ObjectIdentifier: [URL?]] = [:]
    /// What the consumer was last told (nil: hidden).
    private var shown: InfoBarItem?

    /// The window's info bars; set it to push the active tab's bar at once. Held weakly.
    public weak var consumer: (any InfoBarConsumer)? {
        didSet {
            state.check("consumer")
            shown = nil
            push(force: true)
        }
    }

    /// Starts observing `webStateList` and every tab in it.
    public init(webStateList: WebStateList) {
        self.webStateList = webStateList
        listObservation = ScopedObservation(webStateList, observer: self)
        forwarder = AllWebStateObservationForwarder(list: webStateList, observer: self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        stopObserving()
    }

    private func stopObserving() {
        listObservation = nil
        forwarder = nil
        blocked.removeAll()
    }

    private var activeWebState: WebState? { webStateList.activeWebStateIfAlive }

    /// The info bar for `urls` (the blocked windows of one tab, none empty).
    public static func infoBar(for urls: [URL?]) -> InfoBarItem {
        let first = urls.first.flatMap { $0?.absoluteString } ?? "about:blank"
        return InfoBarItem(
            .blockedPopup,
            message: urls.count == 1 ? "Pop-up blocked" : "\(urls.count) pop-ups blocked",
            detail: urls.count == 1 ? first : "\(first) and \(urls.count - 1) more",
            buttons: [InfoBarButton(.open, label: "Open")])
    }

    private func push(force: Bool = false) {
        guard let consumer else { return }
        let item = activeWebState.flatMap { blocked[ObjectIdentifier($0)] }.map(Self.infoBar(for:))
        guard force || item != shown else { return }
        shown = item
        if let item {
            consumer.showInfoBar(item)
        } else {
            consumer.hideInfoBar(.blockedPopup)
        }
    }

    private func forget(_ webState: WebState) {
        guard blocked.removeValue(forKey: ObjectIdentifier(webState)) != nil else { return }
        if webState === activeWebState { push() }
    }

    // MARK: What the user does with the bar (the window's info bar commands)

    /// Opens the active tab's blocked windows, in order, each as a new tab whose opener is the
    /// active tab (through its delegate, as an allowed window would open), and hides the bar.
    /// Without a delegate nothing opens.
    public func openBlockedPopups() {
        state.check(#function)
        guard let source = activeWebState, let urls = blocked.removeValue(forKey: ObjectIdentifier(source))
        else { return push() }
        push()
        for url in urls {
            guard
                let child = source.delegate?.createNewWebState(
                    for: source, url: url, openerURL: source.lastCommittedURL, initiatedByUser: true)
            else { break }
            child.load(url ?? URL(string: "about:blank")!)
        }
    }

    /// Forgets the active tab's blocked windows and hides the bar.
    public func dismissBlockedPopups() {
        state.check(#function)
        if let source = activeWebState { blocked[ObjectIdentifier(source)] = nil }
        push()
    }

    // MARK: WebStateObserver (every tab, through the forwarder)

    /// Records the blocked window; shows the bar if the tab is the active one.
    public func popupBlocked(_ webState: WebState, url: URL?) {
        var urls = blocked[ObjectIdentifier(webState)] ?? []
        guard urls.count < Self.maximumBlockedPerTab else { return }
        urls.append(url)
        blocked[ObjectIdentifier(webState)] = urls
        if webState === activeWebState { push() }
    }

    /// Forgets the tab's blocked windows when another page replaces the one that asked.
    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        guard context.hasCommitted, !context.isSameDocument else { return }
        forget(webState)
    }

    /// Forgets the discarded tab's blocked windows (their page is gone).
    public func webStateDiscarded(_ webState: WebState) { forget(webState) }

    // MARK: WebStateListObserver

    /// Shows the new active tab's bar (or none); forgets tabs that left the list.
    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) {
        switch change {
        case .detach(let detach): blocked[ObjectIdentifier(detach.detachedWebState)] = nil
        case .replace(let replace): blocked[ObjectIdentifier(replace.replacedWebState)] = nil
        default: break
        }
        push()
    }

    /// Hides the bar and stops observing.
    public func webStateListDestroyed(_ list: WebStateList) {
        stopObserving()
        push()
    }
}
