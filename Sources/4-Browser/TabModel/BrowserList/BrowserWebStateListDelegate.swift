public import Web

/// The production delegate: attaches tab helpers on add and forces realization on
/// activation, each switchable (Chromium's insertion / activation policies).
@MainActor
public final class BrowserWebStateListDelegate: WebStateListDelegate {
    /// What to do when a tab is added.
    public enum InsertionPolicy: Sendable {
        case doNothing
        case attachTabHelpers
    }

    /// What to do when a tab is activated.
    public enum ActivationPolicy: Sendable {
        case doNothing
        /// Force the tab's realization.
        case forceRealization
    }

    private let insertionPolicy: InsertionPolicy
    private let activationPolicy: ActivationPolicy
    private let attachTabHelpers: @MainActor (WebState) -> Void

    /// Creates the delegate; `attachTabHelpers` attaches the helpers every tab gets.
    public init(
        insertionPolicy: InsertionPolicy = .attachTabHelpers,
        activationPolicy: ActivationPolicy = .forceRealization,
        attachTabHelpers: @escaping @MainActor (WebState) -> Void = { _ in }
    ) {
        self.insertionPolicy = insertionPolicy
        self.activationPolicy = activationPolicy
        self.attachTabHelpers = attachTabHelpers
    }

    /// Attaches the tab helpers (per policy).
    public func willAddWebState(_ webState: WebState) {
        if insertionPolicy == .attachTabHelpers { attachTabHelpers(webState) }
    }

    /// Realizes the tab (per policy).
    public func willActivateWebState(_ webState: WebState) {
        if activationPolicy == .forceRealization { webState.forceRealized() }
    }
}
