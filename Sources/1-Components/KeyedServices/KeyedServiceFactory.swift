/// Builds, hands out and owns (through each context's ``KeyedServiceStorage``) one
/// `Service` per ``KeyedServiceContext`` (Chromium's ProfileKeyedServiceFactoryIOS).
///
/// A factory is registered with a ``KeyedServiceDependencyManager`` before any context is
/// created; the manager then creates services eagerly (``KeyedServiceCreation/withContext``)
/// and shuts them down and releases them when a context is destroyed, in dependency order.
///
/// ```swift
/// let history = KeyedServiceFactory<HistoryService>(name: "History") { HistoryService($0) }
/// let favicons = KeyedServiceFactory<FaviconService>(
///     name: "Favicons", dependsOn: [history], offTheRecord: .redirectedToOriginal
/// ) { context in FaviconService(history: history.requiredService(for: context)) }
/// manager.register(favicons)  // registers `history` too
/// ```
@MainActor
public final class KeyedServiceFactory<Service: KeyedService>: KeyedServiceFactoryProtocol {
    /// Makes the service for a context, or nil for "no service".
    public typealias Builder = @MainActor (any KeyedServiceContext) -> Service?

    /// The factory's name, used in diagnostics and in ``KeyedServiceDependencyCycle``.
    public let name: String
    /// The factories whose services this factory's services use, in declaration order.
    public private(set) var dependencies: [any KeyedServiceFactoryProtocol] = []
    /// What off-the-record contexts get.
    public let offTheRecord: KeyedServiceOffTheRecordSelection
    /// When services are built.
    public let creation: KeyedServiceCreation
    /// What testing contexts get when no testing factory is set.
    public let testing: KeyedServiceTestingMode

    private let build: Builder
    private let onContextCreated: (@MainActor (any KeyedServiceContext) -> Void)?
    weak var manager: KeyedServiceDependencyManager?

    /// Creates a factory.
    ///
    /// - Parameters:
    ///   - name: A name for diagnostics; unique within a manager.
    ///   - dependencies: Factories whose services `build` uses. They are built (for the same
    ///     context) before this factory's service and shut down and released after it.
    ///   - offTheRecord: What off-the-record contexts get (default: no service).
    ///   - creation: Whether services are built when a context is created or on first
    ///     request (default).
    ///   - testing: Whether testing contexts get a service (default) or none.
    ///   - onContextCreated: Called for every context the manager creates, in construction
    ///     order, before any service of this factory is built for it.
    ///   - build: Makes the service for a context, or returns nil for "no service".
    public init(
        name: String,
        dependsOn dependencies: [any KeyedServiceFactoryProtocol] = [],
        offTheRecord: KeyedServiceOffTheRecordSelection = .noInstance,
        creation: KeyedServiceCreation = .lazily,
        testing: KeyedServiceTestingMode = .create,
        onContextCreated: (@MainActor (any KeyedServiceContext) -> Void)? = nil,
        build: @escaping Builder
    ) {
        self.name = name
        self.offTheRecord = offTheRecord
        self.creation = creation
        self.testing = testing
        self.onContextCreated = onContextCreated
        self.build = build
        for dependency in dependencies { dependsOn(dependency) }
    }

    /// Declares that this factory's services use `dependency`'s services. If this factory
    /// is registered, `dependency` is registered with the same manager. Adding an edge once
    /// the manager has created a context is a programming error; a cycle is reported when
    /// the graph is validated (see ``KeyedServiceDependencyManager``).
    public func dependsOn(_ dependency: any KeyedServiceFactoryProtocol) {
        _ = dependency.internals
        if let manager {
            precondition(
                !manager.hasCreatedContexts,
                "KeyedServiceFactory '\(name)'.dependsOn('\(dependency.name)'): "
                    + "the dependency graph is fixed once a context is created")
        }
        guard !dependencies.contains(where: { $0 === dependency }) else { return }
        dependencies.append(dependency)
        manager?.register(dependency)
    }

    /// The service for `context`, built on first request (Chromium's GetServiceForContext).
    ///
    /// The context is first mapped by ``offTheRecord``: an off-the-record context gets
    /// nothing (``KeyedServiceOffTheRecordSelection/noInstance``), its original's service
    /// (``KeyedServiceOffTheRecordSelection/redirectedToOriginal``) or its own. If nothing
    /// was built for the mapped context yet and `create` is false, the answer is nil.
    /// Otherwise the dependencies' services are got first, then the service is made by the
    /// testing factory if one is set, else is nil for a testing context when ``testing`` is
    /// ``KeyedServiceTestingMode/nullWhileTesting``, else is built. A nil result is
    /// remembered: the factory does not try again for that context.
    ///
    /// Using a context that was destroyed, or that was never created with this factory's
    /// manager, is a programming error and fails with a precondition.
    public func service(for context: any KeyedServiceContext, create: Bool = true) -> Service? {
        checkContext(context, "service(for:)")
        guard let target = mappedContext(context) else { return nil }
        if target !== context { checkContext(target, "service(for:) (original context)") }
        let storage = target.keyedServiceStorage
        if let entry = storage.entries[storageKey] { return entry.service.map { $0 as! Service } }
        guard create else { return nil }
        precondition(
            storage.phase == .live,
            "KeyedServiceFactory '\(name)': cannot build a service while its context shuts down")
        precondition(
            !storage.building.contains(storageKey),
            "KeyedServiceFactory '\(name)': the service was requested while it is being built")
        storage.building.insert(storageKey)
        defer { storage.building.remove(storageKey) }

        let service: Service?
        if let testingFactory = storage.testingFactories[storageKey] {
            prepareDependencies(for: target)
            service = testingFactory(target).map { $0 as! Service }
        } else if target.isTestingContext && testing == .nullWhileTesting {
            service = nil
        } else {
            prepareDependencies(for: target)
            service = build(target)
        }
        storage.entries[storageKey] = KeyedServiceStorage.Entry(service: service)
        return service
    }

    /// The service for `context`, which must exist: a nil answer from
    /// ``service(for:create:)`` is a programming error and fails with a precondition.
    public func requiredService(for context: any KeyedServiceContext) -> Service {
        guard let service = service(for: context) else {
            let reason =
                context.isOffTheRecord && offTheRecord == .noInstance
                ? "off-the-record contexts get no instance"
                : "it produced none (null while testing, a nil testing factory or a nil build)"
            preconditionFailure("KeyedServiceFactory '\(name)': no service for this context: \(reason)")
        }
        return service
    }

    /// Makes `factory` build this factory's service for `context` from now on, or gives the
    /// context no service when `factory` is nil (Chromium's SetTestingFactory). A service
    /// already built for `context` is shut down and released first. May be called before
    /// the context is created. The factory applies to `context` itself, which is where a
    /// request ends up after the off-the-record mapping (for a redirected service, set it
    /// on the original context).
    public func setTestingFactory(for context: any KeyedServiceContext, _ factory: Builder?) {
        let storage = context.keyedServiceStorage
        precondition(
            storage.phase != .dead,
            "KeyedServiceFactory '\(name)'.setTestingFactory: the context was destroyed")
        precondition(
            storage.phase != .shuttingDown,
            "KeyedServiceFactory '\(name)'.setTestingFactory: the context is shutting down")
        precondition(
            manager != nil,
            "KeyedServiceFactory '\(name)'.setTestingFactory: the factory is not registered with a manager")
        precondition(
            storage.manager == nil || storage.manager === manager,
            "KeyedServiceFactory '\(name)'.setTestingFactory: the context belongs to another manager")
        storage.shutDownService(storageKey)
        storage.removeService(storageKey)
        if let factory {
            storage.testingFactories[storageKey] = { context in factory(context) }
        } else {
            storage.testingFactories[storageKey] = { _ in nil }
        }
    }

    private func mappedContext(_ context: any KeyedServiceContext) -> (any KeyedServiceContext)? {
        guard context.isOffTheRecord else { return context }
        switch offTheRecord {
        case .noInstance: return nil
        case .redirectedToOriginal: return context.originalContext
        case .ownInstance: return context
        }
    }

    private func prepareDependencies(for context: any KeyedServiceContext) {
        for dependency in dependencies { dependency.internals.prepareService(for: context) }
    }

    private func checkContext(_ context: any KeyedServiceContext, _ action: String) {
        let storage = context.keyedServiceStorage
        precondition(
            storage.phase != .dead,
            "KeyedServiceFactory '\(name)'.\(action): the context was destroyed; "
                + "its services can no longer be used")
        guard let manager else {
            preconditionFailure(
                "KeyedServiceFactory '\(name)'.\(action): the factory is not registered with a manager")
        }
        precondition(
            storage.manager === manager,
            "KeyedServiceFactory '\(name)'.\(action): the context was never passed to "
                + "contextCreated(_:) of this factory's manager")
    }
}

extension KeyedServiceFactory: KeyedServiceFactoryInternals {
    func contextCreated(_ context: any KeyedServiceContext) {
        onContextCreated?(context)
        if creation == .withContext { _ = service(for: context) }
    }

    func prepareService(for context: any KeyedServiceContext) { _ = service(for: context) }
}
