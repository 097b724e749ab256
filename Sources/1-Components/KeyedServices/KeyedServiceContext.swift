/// What a profile provides to the keyed-service infrastructure (Chromium's
/// BrowserContext / ProfileIOS as seen by KeyedServiceFactory).
///
/// A profile and its off-the-record profile are two contexts: the off-the-record one
/// answers `true` to ``isOffTheRecord`` and returns the regular one as its
/// ``originalContext``. A regular context is its own original.
///
/// A context is passed to ``KeyedServiceDependencyManager/contextCreated(_:)`` once it is
/// set up and to ``KeyedServiceDependencyManager/destroyContext(_:)`` before it goes away
/// (its off-the-record context first).
@MainActor
public protocol KeyedServiceContext: AnyObject {
    /// Whether this is an off-the-record (incognito) context.
    var isOffTheRecord: Bool { get }
    /// The regular context this one belongs to: `self` for a regular context.
    var originalContext: any KeyedServiceContext { get }
    /// Whether this context is built by a test; factories using
    /// ``KeyedServiceTestingMode/nullWhileTesting`` give it no service.
    var isTestingContext: Bool { get }
    /// The context's keyed-service bookkeeping. Create one with the context and return
    /// that same instance for the context's whole life.
    var keyedServiceStorage: KeyedServiceStorage { get }
}

extension KeyedServiceContext {
    /// `false`: contexts are not testing contexts unless they say so.
    public var isTestingContext: Bool { false }
}
