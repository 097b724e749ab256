/// Where and how a WebState is inserted into a ``WebStateList``. Start from ``automatic`` or
/// ``atIndex(_:)`` and chain modifiers: `.automatic.withOpener(o).activating()`.
@MainActor
public struct WebStateListInsertionParams {
    /// The forced index, or nil to let the order controller choose.
    public var desiredIndex: Int?
    /// The tab that opens the inserted one.
    public var opener: WebStateOpener?
    /// Make the active tab the opener and forget every other opener relationship.
    public var inheritOpener = false
    /// Activate the inserted tab.
    public var activate = false
    /// Insert it pinned (exclusive with ``group``).
    public var pinned = false
    /// Insert it into this group.
    public var group: TabGroup?

    /// The order controller picks the index (after the opener's children, else the end).
    public static var automatic: WebStateListInsertionParams { WebStateListInsertionParams() }

    /// Insert at `index` (clamped into the allowed range).
    public static func atIndex(_ index: Int) -> WebStateListInsertionParams {
        var params = WebStateListInsertionParams()
        params.desiredIndex = index
        return params
    }

    public func withOpener(_ opener: WebStateOpener?) -> WebStateListInsertionParams {
        var copy = self
        copy.opener = opener
        return copy
    }

    /// Inheriting the active tab as opener.
    public func inheritingOpener(_ inherit: Bool = true) -> WebStateListInsertionParams {
        var copy = self
        copy.inheritOpener = inherit
        return copy
    }

    /// Activating the inserted tab (or not).
    public func activating(_ activate: Bool = true) -> WebStateListInsertionParams {
        var copy = self
        copy.activate = activate
        return copy
    }

    /// Pinned (or not).
    public func pinning(_ pinned: Bool = true) -> WebStateListInsertionParams {
        var copy = self
        copy.pinned = pinned
        return copy
    }

    /// In `group`.
    public func inGroup(_ group: TabGroup?) -> WebStateListInsertionParams {
        var copy = self
        copy.group = group
        return copy
    }
}
