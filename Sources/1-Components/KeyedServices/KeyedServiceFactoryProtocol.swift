/// A ``KeyedServiceFactory`` seen without its service type: what dependency edges and the
/// ``KeyedServiceDependencyManager`` work with. Only ``KeyedServiceFactory`` adopts it.
@MainActor
public protocol KeyedServiceFactoryProtocol: AnyObject {
    /// The factory's name, used in diagnostics and in ``KeyedServiceDependencyCycle``.
    var name: String { get }
    /// The factories whose services this factory's services use, in declaration order.
    var dependencies: [any KeyedServiceFactoryProtocol] { get }
}

/// What the dependency manager needs of a factory beyond its public surface.
@MainActor
protocol KeyedServiceFactoryInternals: KeyedServiceFactoryProtocol {
    /// The manager the factory is registered with.
    var manager: KeyedServiceDependencyManager? { get set }
    /// Tells the factory `context` was created; builds the service if it is created with
    /// its context.
    func contextCreated(_ context: any KeyedServiceContext)
    /// Gets (building if needed) the service for `context`, to honour dependency order.
    func prepareService(for context: any KeyedServiceContext)
}

extension KeyedServiceFactoryProtocol {
    /// The factory as the manager sees it. Any other conforming type is a programming error.
    var internals: any KeyedServiceFactoryInternals {
        guard let factory = self as? any KeyedServiceFactoryInternals else {
            preconditionFailure(
                "KeyedServiceFactoryProtocol: \(type(of: self)) '\(name)' is not a KeyedServiceFactory")
        }
        return factory
    }

    /// The key the factory's entries are stored under in a ``KeyedServiceStorage``.
    var storageKey: ObjectIdentifier { ObjectIdentifier(self) }
}
