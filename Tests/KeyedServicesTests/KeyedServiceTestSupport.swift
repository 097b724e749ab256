import KeyedServices
import Synchronization

/// A shared, ordered record of what services did ("build A", "shutdown A", "deinit A").
/// Sendable so a service's deinit can write to it.
final class ServiceLog: Sendable {
    private let storage = Mutex<[String]>([])

    var entries: [String] { storage.withLock { $0 } }

    func record(_ entry: String) { storage.withLock { $0.append(entry) } }

    func clear() { storage.withLock { $0.removeAll() } }

    /// The entries starting with `prefix` (e.g. "build"), with the prefix removed.
    func names(_ prefix: String) -> [String] {
        entries.filter { $0.hasPrefix(prefix + " ") }.map { String($0.dropFirst(prefix.count + 1)) }
    }
}

/// A profile-like context for tests.
@MainActor
final class TestKeyedServiceContext: KeyedServiceContext {
    let label: String
    let isTestingContext: Bool
    let keyedServiceStorage = KeyedServiceStorage()
    private let original: TestKeyedServiceContext?

    init(_ label: String = "profile", isTestingContext: Bool = false) {
        self.label = label
        self.isTestingContext = isTestingContext
        self.original = nil
    }

    private init(offTheRecordOf original: TestKeyedServiceContext) {
        self.label = original.label + "-otr"
        self.isTestingContext = original.isTestingContext
        self.original = original
    }

    var isOffTheRecord: Bool { original != nil }
    var originalContext: any KeyedServiceContext { original ?? self }

    /// A new off-the-record context of this one.
    func makeOffTheRecord() -> TestKeyedServiceContext { TestKeyedServiceContext(offTheRecordOf: self) }
}

/// A service that records its life in a ``ServiceLog``.
@MainActor
final class RecordingService: KeyedService {
    let name: String
    let log: ServiceLog
    let context: any KeyedServiceContext
    /// Called at the start of `shutdown()`.
    var onShutdown: (() -> Void)?
    private(set) var isShutDown = false

    init(_ name: String, log: ServiceLog, context: any KeyedServiceContext) {
        self.name = name
        self.log = log
        self.context = context
        log.record("build \(name)")
    }

    func shutdown() {
        onShutdown?()
        isShutDown = true
        log.record("shutdown \(name)")
    }

    deinit { log.record("deinit \(name)") }
}

/// A factory of recording services named `name`.
@MainActor
func recordingFactory(
    _ name: String,
    log: ServiceLog,
    dependsOn dependencies: [any KeyedServiceFactoryProtocol] = [],
    offTheRecord: KeyedServiceOffTheRecordSelection = .noInstance,
    creation: KeyedServiceCreation = .lazily,
    testing: KeyedServiceTestingMode = .create
) -> KeyedServiceFactory<RecordingService> {
    KeyedServiceFactory(
        name: name, dependsOn: dependencies, offTheRecord: offTheRecord, creation: creation, testing: testing
    ) { context in
        RecordingService(name, log: log, context: context)
    }
}
