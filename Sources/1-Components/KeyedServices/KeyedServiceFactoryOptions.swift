/// Which service an off-the-record context gets from a ``KeyedServiceFactory``
/// (Chromium's ProfileSelection).
public enum KeyedServiceOffTheRecordSelection: Sendable {
    /// Off-the-record contexts get no service (nil).
    case noInstance
    /// Off-the-record contexts share their original context's service.
    case redirectedToOriginal
    /// Off-the-record contexts get a service of their own, destroyed with them.
    case ownInstance
}

/// When a ``KeyedServiceFactory`` builds a context's service.
public enum KeyedServiceCreation: Sendable {
    /// On first request.
    case lazily
    /// When the context is created (``KeyedServiceDependencyManager/contextCreated(_:)``).
    case withContext
}

/// What a ``KeyedServiceFactory`` gives a testing context
/// (``KeyedServiceContext/isTestingContext``) that has no testing factory.
public enum KeyedServiceTestingMode: Sendable {
    /// A service, built as for any other context.
    case create
    /// No service (nil), unless a testing factory is set.
    case nullWhileTesting
}
