public import Web

/// Records the context of every navigation that finished in the WebStates it observes, for
/// tests of how a navigation came about (its transition, redirect chain, restore mark).
@MainActor
public final class FinishedNavigationRecorder: WebStateObserver {
    /// The contexts, oldest first.
    public private(set) var contexts: [NavigationContext] = []

    /// A recorder observing `webStates`.
    public init(observing webStates: [WebState] = []) {
        for webState in webStates { webState.addObserver(self) }
    }

    /// The contexts of the navigations that committed without an error.
    public var committed: [NavigationContext] { contexts.filter { $0.hasCommitted && $0.error == nil } }

    /// The transitions of ``committed``, as "link", "typed|fromAddressBar".
    public var transitions: [String] { committed.map(\.pageTransition.description) }

    public func reset() { contexts.removeAll() }

    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) {
        contexts.append(context)
    }
}
