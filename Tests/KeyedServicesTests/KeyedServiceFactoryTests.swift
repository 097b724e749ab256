import KeyedServices
import TestSupport
import Testing

@MainActor
struct KeyedServiceFactoryTests {
    let log = ServiceLog()
    let manager = KeyedServiceDependencyManager()

    /// Registers `factory`, creates a regular context and its off-the-record context.
    func makeContexts(
        _ factories: any KeyedServiceFactoryProtocol..., isTestingContext: Bool = false
    ) -> (TestKeyedServiceContext, TestKeyedServiceContext) {
        for factory in factories { manager.register(factory) }
        let context = TestKeyedServiceContext(isTestingContext: isTestingContext)
        manager.contextCreated(context)
        let offTheRecord = context.makeOffTheRecord()
        manager.contextCreated(offTheRecord)
        return (context, offTheRecord)
    }

    // MARK: Off-the-record selection

    @Test func noInstanceGivesOffTheRecordNothing() {
        let factory = recordingFactory("A", log: log, creation: .withContext)
        let (context, offTheRecord) = makeContexts(factory)
        #expect(factory.offTheRecord == .noInstance)
        #expect(factory.service(for: context) != nil)
        #expect(factory.service(for: offTheRecord) == nil)
        #expect(log.names("build") == ["A"])
    }

    @Test func redirectedToOriginalSharesTheOriginalsService() {
        let factory = recordingFactory("A", log: log, offTheRecord: .redirectedToOriginal)
        let (context, offTheRecord) = makeContexts(factory)
        let shared = factory.service(for: offTheRecord)
        #expect(shared != nil)
        #expect(shared?.context === context)
        #expect(factory.service(for: context) === shared)
        #expect(log.names("build") == ["A"])

        manager.destroyContext(offTheRecord)
        #expect(shared?.isShutDown == false)
        #expect(factory.service(for: context) === shared)
        manager.destroyContext(context)
        #expect(shared?.isShutDown == true)
    }

    @Test func ownInstanceGivesOffTheRecordItsOwnServiceDestroyedWithIt() {
        let factory = recordingFactory("A", log: log, offTheRecord: .ownInstance)
        let (context, offTheRecord) = makeContexts(factory)
        let original = factory.requiredService(for: context)
        weak let own = factory.service(for: offTheRecord)
        #expect(own != nil)
        #expect(own !== original)
        #expect(own?.context === offTheRecord)

        manager.destroyContext(offTheRecord)
        #expect(own == nil)
        #expect(!original.isShutDown)
        #expect(factory.service(for: context) === original)
        #expect(log.entries == ["build A", "build A", "shutdown A", "deinit A"])
    }

    @Test func dependenciesAreBuiltForTheMappedContext() {
        let a = recordingFactory("A", log: log, offTheRecord: .ownInstance)
        let b = recordingFactory("B", log: log, dependsOn: [a], offTheRecord: .redirectedToOriginal)
        let (context, offTheRecord) = makeContexts(b)
        _ = b.service(for: offTheRecord)
        #expect(log.names("build") == ["A", "B"])
        #expect(a.service(for: context, create: false) != nil)
        #expect(a.service(for: offTheRecord, create: false) == nil)
    }

    // MARK: Getting

    @Test func createFalseDoesNotBuild() {
        let factory = recordingFactory("A", log: log)
        let (context, _) = makeContexts(factory)
        #expect(factory.service(for: context, create: false) == nil)
        #expect(log.entries.isEmpty)
        let service = factory.service(for: context)
        #expect(factory.service(for: context, create: false) === service)
    }

    @Test func aNilResultIsRemembered() {
        var builds = 0
        let factory = KeyedServiceFactory<RecordingService>(name: "A") { _ in
            builds += 1
            return nil
        }
        let (context, _) = makeContexts(factory)
        #expect(factory.service(for: context) == nil)
        #expect(factory.service(for: context) == nil)
        #expect(builds == 1)
    }

    @Test func nullWhileTestingGivesTestingContextsNothing() {
        let null = recordingFactory("Null", log: log, creation: .withContext, testing: .nullWhileTesting)
        let normal = recordingFactory("Normal", log: log, creation: .withContext)
        let (testing, _) = makeContexts(null, normal, isTestingContext: true)
        #expect(null.service(for: testing) == nil)
        #expect(normal.service(for: testing) != nil)

        let regular = TestKeyedServiceContext()
        manager.contextCreated(regular)
        #expect(null.service(for: regular) != nil)
        #expect(log.names("build") == ["Normal", "Null", "Normal"])
    }

    @Test func aTestingFactoryOverridesNullWhileTesting() {
        let factory = recordingFactory("A", log: log, testing: .nullWhileTesting)
        manager.register(factory)
        let context = TestKeyedServiceContext(isTestingContext: true)
        factory.setTestingFactory(for: context) { [log] in RecordingService("fake A", log: log, context: $0) }
        manager.contextCreated(context)
        #expect(factory.service(for: context)?.name == "fake A")
    }

    @Test func requiredServiceReturnsTheService() {
        let factory = recordingFactory("A", log: log)
        let (context, _) = makeContexts(factory)
        #expect(factory.requiredService(for: context) === factory.service(for: context))
    }

    @Test func requiredServiceFailsWhenThereIsNone() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let manager = KeyedServiceDependencyManager()
                let factory = recordingFactory("A", log: ServiceLog())
                manager.register(factory)
                let context = TestKeyedServiceContext()
                manager.contextCreated(context)
                let offTheRecord = context.makeOffTheRecord()
                manager.contextCreated(offTheRecord)
                _ = factory.requiredService(for: offTheRecord)
            }
        }.expectPreconditionMessage("KeyedServiceFactory 'A': no service for this context")
    }

    // MARK: Testing factories

    @Test func aTestingFactoryReplacesALiveService() {
        let factory = recordingFactory("A", log: log)
        let (context, offTheRecord) = makeContexts(factory)
        weak let old = factory.service(for: context)
        #expect(old != nil)

        factory.setTestingFactory(for: context) { [log] in RecordingService("fake A", log: log, context: $0) }
        #expect(old == nil)
        #expect(log.entries == ["build A", "shutdown A", "deinit A"])
        weak let replacement = factory.service(for: context)
        #expect(replacement?.name == "fake A")
        #expect(factory.service(for: context) === replacement)
        #expect(log.entries.last == "build fake A")

        manager.destroyContext(offTheRecord)
        manager.destroyContext(context)
        #expect(replacement == nil)
        #expect(log.entries.suffix(2) == ["shutdown fake A", "deinit fake A"])
    }

    @Test func aNilTestingFactoryMeansNoService() {
        let factory = recordingFactory("A", log: log, creation: .withContext)
        manager.register(factory)
        let context = TestKeyedServiceContext()
        factory.setTestingFactory(for: context, nil)
        manager.contextCreated(context)
        #expect(factory.service(for: context) == nil)
        #expect(log.entries.isEmpty)
    }

    @Test func aTestingFactoryBuildsDependenciesFirst() {
        let a = recordingFactory("A", log: log)
        let b = recordingFactory("B", log: log, dependsOn: [a])
        let (context, _) = makeContexts(b)
        b.setTestingFactory(for: context) { [log] in RecordingService("fake B", log: log, context: $0) }
        _ = b.service(for: context)
        #expect(log.names("build") == ["A", "fake B"])
    }

    @Test func aTestingFactoryIsPerContext() {
        let factory = recordingFactory("A", log: log)
        let (context, _) = makeContexts(factory)
        let other = TestKeyedServiceContext("other")
        manager.contextCreated(other)
        factory.setTestingFactory(for: context, nil)
        #expect(factory.service(for: context) == nil)
        #expect(factory.service(for: other)?.name == "A")
    }
}
