public import Web

/// What the model needs of the profile a ``Browser`` belongs to: whether it is
/// off the record, and its engine context. The profiles layer's `Profile` provides it.
@MainActor
public protocol BrowserProfile: AnyObject {
    /// Whether this is an off-the-record (incognito) profile.
    var isOffTheRecord: Bool { get }
    /// The profile's engine state, which its tabs' web contents are bound to.
    var webEngineContext: any WebEngineContext { get }
}
