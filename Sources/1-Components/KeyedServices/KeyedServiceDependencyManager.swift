/// Knows every ``KeyedServiceFactory`` and the dependencies between them, and drives the
/// services of each ``KeyedServiceContext`` through its life (Chromium's
/// DependencyManager). Not a singleton: the application context owns one, tests make
/// their own.
///
/// Factories are registered before any context is created; the first
/// ``contextCreated(_:)`` fixes the graph, and registering a factory or adding a
/// dependency afterwards is a programming error. Construction order is a topological
/// sort of the graph, dependencies first, ties broken by registration order; destruction
/// order is its reverse.
///
/// A dependency cycle is reported as a ``KeyedServiceDependencyCycle``, thrown by
/// ``validate()``, ``constructionOrder()`` and ``destructionOrder()`` (call `validate()`
/// once the factories are registered), and fails ``contextCreated(_:)`` with a
/// precondition naming the cycle.
@MainActor
public final class KeyedServiceDependencyManager {
    private var registered: [any KeyedServiceFactoryInternals] = []
    /// The construction order, fixed by the first created context.
    private var fixedOrder: [any KeyedServiceFactoryInternals]?

    /// Creates a manager with no factories.
    public init() {}

    /// The registered factories, in registration order.
    public var factories: [any KeyedServiceFactoryProtocol] { registered }

    /// Whether a context was created, which fixes the dependency graph.
    public var hasCreatedContexts: Bool { fixedOrder != nil }

    /// Registers `factory`, and first those of its dependencies that are not registered
    /// yet. Registering a factory again does nothing. Registering after a context was
    /// created, registering a factory that belongs to another manager, or reusing a
    /// factory name is a programming error.
    public func register(_ factory: any KeyedServiceFactoryProtocol) {
        let factory = factory.internals
        precondition(
            !hasCreatedContexts,
            "KeyedServiceDependencyManager.register('\(factory.name)'): factories must be registered "
                + "before any context is created")
        if factory.manager === self { return }
        precondition(
            factory.manager == nil,
            "KeyedServiceDependencyManager.register('\(factory.name)'): the factory is registered "
                + "with another manager")
        precondition(
            !registered.contains { $0.name == factory.name },
            "KeyedServiceDependencyManager.register('\(factory.name)'): another factory has this name")
        factory.manager = self
        for dependency in factory.dependencies { register(dependency) }
        registered.append(factory)
    }

    /// Throws if the dependencies have a cycle.
    public func validate() throws(KeyedServiceDependencyCycle) { _ = try sortedFactories() }

    /// The registered factories in the order their services are built: dependencies
    /// first, ties broken by registration order.
    public func constructionOrder() throws(KeyedServiceDependencyCycle) -> [any KeyedServiceFactoryProtocol] {
        try sortedFactories()
    }

    /// The registered factories in the order their services are shut down and released:
    /// the reverse of ``constructionOrder()``.
    public func destructionOrder() throws(KeyedServiceDependencyCycle) -> [any KeyedServiceFactoryProtocol] {
        try sortedFactories().reversed()
    }

    /// Starts `context`'s life (Chromium's CreateContextServices): tells every factory, in
    /// construction order, and builds the services that are created with their context.
    ///
    /// An off-the-record context is created after its original. Creating a context twice,
    /// or with a dependency cycle among the factories, is a programming error.
    public func contextCreated(_ context: any KeyedServiceContext) {
        let storage = context.keyedServiceStorage
        precondition(
            storage.phase != .dead,
            "KeyedServiceDependencyManager.contextCreated: the context was destroyed and cannot be reused")
        precondition(
            storage.phase == .new,
            "KeyedServiceDependencyManager.contextCreated: the context was already created")
        if context.isOffTheRecord {
            let original = context.originalContext.keyedServiceStorage
            precondition(
                context.originalContext !== context && original.phase == .live && original.manager === self,
                "KeyedServiceDependencyManager.contextCreated: an off-the-record context needs its original "
                    + "to be created (and not destroyed) first")
        } else {
            precondition(
                context.originalContext === context,
                "KeyedServiceDependencyManager.contextCreated: a regular context must be its own original")
        }
        let order: [any KeyedServiceFactoryInternals]
        do {
            order = try sortedFactories()
        } catch {
            preconditionFailure("KeyedServiceDependencyManager.contextCreated: \(error)")
        }
        fixedOrder = order
        storage.manager = self
        storage.phase = .live
        if context.isOffTheRecord {
            context.originalContext.keyedServiceStorage.liveOffTheRecordContexts += 1
        }
        for factory in order { factory.contextCreated(context) }
    }

    /// Ends `context`'s life (Chromium's DestroyContextServices), in two phases:
    /// 1. ``KeyedService/shutdown()`` on every service built for it, in destruction order;
    ///    services may still use each other here (but no new service is built);
    /// 2. the context is marked dead and its services are released, in destruction order.
    ///
    /// Afterwards any request for one of its services is a programming error. Destroy an
    /// off-the-record context before its original; destroying a context twice, or one that
    /// was not created with this manager, is a programming error.
    public func destroyContext(_ context: any KeyedServiceContext) {
        let storage = context.keyedServiceStorage
        precondition(
            storage.phase != .dead,
            "KeyedServiceDependencyManager.destroyContext: the context was already destroyed")
        precondition(
            storage.phase != .shuttingDown,
            "KeyedServiceDependencyManager.destroyContext: the context is already being destroyed")
        precondition(
            storage.phase == .live && storage.manager === self,
            "KeyedServiceDependencyManager.destroyContext: the context was not created with this manager")
        precondition(
            storage.liveOffTheRecordContexts == 0,
            "KeyedServiceDependencyManager.destroyContext: destroy the off-the-record context first")
        let order = (fixedOrder ?? []).reversed()

        storage.phase = .shuttingDown
        for factory in order { storage.shutDownService(factory.storageKey) }

        storage.phase = .dead
        for factory in order { storage.removeService(factory.storageKey) }
        storage.entries.removeAll()
        storage.testingFactories.removeAll()
        if context.isOffTheRecord {
            context.originalContext.keyedServiceStorage.liveOffTheRecordContexts -= 1
        }
    }

    private func sortedFactories() throws(KeyedServiceDependencyCycle) -> [any KeyedServiceFactoryInternals] {
        if let fixedOrder { return fixedOrder }
        var indices: [ObjectIdentifier: Int] = [:]
        for (index, factory) in registered.enumerated() { indices[factory.storageKey] = index }
        // Registration registers dependencies too, so every dependency has an index.
        let graph = KeyedServiceDependencyGraph(
            dependencies: registered.map { $0.dependencies.map { indices[$0.storageKey]! } })
        switch graph.ordering() {
        case .ordered(let order):
            return order.map { registered[$0] }
        case .cycle(let cycle):
            throw KeyedServiceDependencyCycle(factoryNames: cycle.map { registered[$0].name })
        }
    }
}
