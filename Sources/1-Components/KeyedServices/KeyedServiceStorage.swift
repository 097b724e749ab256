/// The keyed-service bookkeeping a ``KeyedServiceContext`` carries: the services built for
/// it (including remembered "no service" results), the testing factories set on it, and
/// whether it is live.
///
/// Keeping this on the context, rather than in tables keyed by the context's address,
/// means a context that is released and a new one allocated at the same address can
/// never be confused. Only the keyed-service infrastructure reads or changes it.
@MainActor
public final class KeyedServiceStorage {
    enum Phase {
        /// Not yet passed to `contextCreated(_:)`.
        case new
        /// Created; services may be built.
        case live
        /// Phase one of `destroyContext(_:)`: existing services may be used, none built.
        case shuttingDown
        /// Destroyed; any use is a programming error.
        case dead
    }

    struct Entry {
        /// The service, or nil when the factory produced none (remembered, not rebuilt).
        var service: (any KeyedService)?
        var isShutDown = false
    }

    typealias TestingFactory = @MainActor (any KeyedServiceContext) -> (any KeyedService)?

    var phase = Phase.new
    /// The manager the context was created with.
    weak var manager: KeyedServiceDependencyManager?
    /// Services by factory identity.
    var entries: [ObjectIdentifier: Entry] = [:]
    /// Testing factories by factory identity.
    var testingFactories: [ObjectIdentifier: TestingFactory] = [:]
    /// Factories whose service is being built for this context (guards re-entrant builds).
    var building: Set<ObjectIdentifier> = []
    /// How many off-the-record contexts of this (original) context are live.
    var liveOffTheRecordContexts = 0

    /// Creates the storage of a new context.
    nonisolated public init() {}

    /// Calls `shutdown()` on the service built by the factory `key`, once.
    func shutDownService(_ key: ObjectIdentifier) {
        guard var entry = entries[key], !entry.isShutDown else { return }
        entry.isShutDown = true
        entries[key] = entry
        entry.service?.shutdown()
    }

    /// Forgets (and releases) what the factory `key` built, service or remembered nil.
    func removeService(_ key: ObjectIdentifier) {
        entries[key] = nil
    }
}
