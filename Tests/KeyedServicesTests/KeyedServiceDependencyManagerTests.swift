import Foundation
import KeyedServices
import TestSupport
import Testing

@MainActor
struct KeyedServiceDependencyManagerTests {
    let log = ServiceLog()
    let manager = KeyedServiceDependencyManager()

    /// A ← B ← C, registered from the end of the chain.
    @Test func chainIsBuiltDependenciesFirstAndDestroyedInReverse() throws {
        let a = recordingFactory("A", log: log, creation: .withContext)
        let b = recordingFactory("B", log: log, dependsOn: [a], creation: .withContext)
        let c = recordingFactory("C", log: log, dependsOn: [b], creation: .withContext)
        manager.register(c)
        #expect(try manager.constructionOrder().map(\.name) == ["A", "B", "C"])
        #expect(try manager.destructionOrder().map(\.name) == ["C", "B", "A"])

        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        #expect(log.names("build") == ["A", "B", "C"])
        manager.destroyContext(context)
        #expect(log.names("shutdown") == ["C", "B", "A"])
        #expect(log.names("deinit") == ["C", "B", "A"])
    }

    /// A ← B, A ← C, B and C ← D.
    @Test func diamondBuildsAFirstAndDLast() throws {
        let a = recordingFactory("A", log: log, creation: .withContext)
        let b = recordingFactory("B", log: log, dependsOn: [a], creation: .withContext)
        let c = recordingFactory("C", log: log, dependsOn: [a], creation: .withContext)
        let d = recordingFactory("D", log: log, dependsOn: [b, c], creation: .withContext)
        for factory in [d, c, b, a] { manager.register(factory) }
        #expect(try manager.constructionOrder().map(\.name) == ["A", "B", "C", "D"])

        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        #expect(log.names("build") == ["A", "B", "C", "D"])
        manager.destroyContext(context)
        #expect(log.names("shutdown") == ["D", "C", "B", "A"])
        #expect(log.names("deinit") == ["D", "C", "B", "A"])
    }

    @Test func tiesAreBrokenByRegistrationOrder() throws {
        let x = recordingFactory("X", log: log)
        let y = recordingFactory("Y", log: log)
        let z = recordingFactory("Z", log: log, dependsOn: [y])
        for factory in [z, x] { manager.register(factory) }
        // Registering Z registers Y first; X comes after both.
        #expect(manager.factories.map(\.name) == ["Y", "Z", "X"])
        #expect(try manager.constructionOrder().map(\.name) == ["Y", "Z", "X"])
    }

    @Test func lazyServicesAlsoBuildTheirDependenciesFirst() {
        let a = recordingFactory("A", log: log)
        let b = recordingFactory("B", log: log, dependsOn: [a])
        let c = recordingFactory("C", log: log, dependsOn: [b])
        manager.register(c)
        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        #expect(log.entries.isEmpty)

        _ = c.service(for: context)
        #expect(log.names("build") == ["A", "B", "C"])
        #expect(b.service(for: context, create: false) != nil)
        manager.destroyContext(context)
        #expect(log.names("shutdown") == ["C", "B", "A"])
    }

    @Test func shutdownHappensEntirelyBeforeAnyServiceIsReleased() {
        let a = recordingFactory("A", log: log, creation: .withContext)
        let b = recordingFactory("B", log: log, dependsOn: [a], creation: .withContext)
        manager.register(b)
        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        b.service(for: context)?.onShutdown = { [log] in
            let dependency = a.service(for: context, create: false)
            log.record("B sees A: \(dependency != nil), A shut down: \(dependency?.isShutDown ?? true)")
        }
        log.clear()

        manager.destroyContext(context)
        #expect(
            log.entries == [
                "B sees A: true, A shut down: false",
                "shutdown B", "shutdown A",
                "deinit B", "deinit A",
            ])
    }

    @Test func unbuiltServicesAreNotShutDown() {
        let a = recordingFactory("A", log: log)
        let b = recordingFactory("B", log: log, dependsOn: [a])
        manager.register(b)
        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        _ = a.service(for: context)
        manager.destroyContext(context)
        #expect(log.entries == ["build A", "shutdown A", "deinit A"])
    }

    @Test func createdWithContextVersusLazily() {
        let eager = recordingFactory("Eager", log: log, creation: .withContext)
        let lazy = recordingFactory("Lazy", log: log)
        manager.register(eager)
        manager.register(lazy)
        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        #expect(log.entries == ["build Eager"])
        #expect(lazy.service(for: context, create: false) == nil)

        let first = lazy.service(for: context)
        #expect(log.entries == ["build Eager", "build Lazy"])
        #expect(lazy.service(for: context) === first)
        #expect(log.entries.count == 2)
        manager.destroyContext(context)
    }

    @Test func everyFactoryIsToldOfEveryContextInConstructionOrder() {
        let a = KeyedServiceFactory<RecordingService>(
            name: "A", onContextCreated: { [log] _ in log.record("told A") }
        ) { _ in nil }
        let b = KeyedServiceFactory<RecordingService>(
            name: "B", dependsOn: [a], offTheRecord: .ownInstance,
            onContextCreated: { [log] in log.record($0.isOffTheRecord ? "told B otr" : "told B") }
        ) { _ in nil }
        manager.register(b)
        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        manager.contextCreated(context.makeOffTheRecord())
        #expect(log.names("told") == ["A", "B", "A", "B otr"])
    }

    @Test func twoCycleIsNamed() {
        let a = recordingFactory("A", log: log)
        let b = recordingFactory("B", log: log)
        manager.register(a)
        manager.register(b)
        a.dependsOn(b)
        b.dependsOn(a)
        #expect(throws: KeyedServiceDependencyCycle(factoryNames: ["A", "B"])) { try manager.validate() }
        do {
            _ = try manager.constructionOrder()
            Issue.record("expected a cycle")
        } catch {
            #expect(error.description == "KeyedServiceDependencyCycle: A -> B -> A")
        }
    }

    @Test func threeCycleIsNamed() {
        let unrelated = recordingFactory("Unrelated", log: log)
        let a = recordingFactory("A", log: log)
        let b = recordingFactory("B", log: log)
        let c = recordingFactory("C", log: log, dependsOn: [unrelated])
        for factory in [unrelated, a, b, c] { manager.register(factory) }
        a.dependsOn(b)
        b.dependsOn(c)
        c.dependsOn(a)
        do {
            try manager.validate()
            Issue.record("expected a cycle")
        } catch {
            #expect(error.factoryNames == ["A", "B", "C"])
            #expect("\(error)" == "KeyedServiceDependencyCycle: A -> B -> C -> A")
        }
        #expect(throws: KeyedServiceDependencyCycle.self) { try manager.destructionOrder() }
    }

    @Test func selfDependencyIsACycle() {
        let a = recordingFactory("A", log: log)
        a.dependsOn(a)
        manager.register(a)
        #expect(throws: KeyedServiceDependencyCycle(factoryNames: ["A"])) { try manager.validate() }
    }

    @Test func contextsAreIndependent() {
        let a = recordingFactory("A", log: log)
        manager.register(a)
        let first = TestKeyedServiceContext("first")
        let second = TestKeyedServiceContext("second")
        manager.contextCreated(first)
        manager.contextCreated(second)
        let firstService = a.requiredService(for: first)
        let secondService = a.requiredService(for: second)
        #expect(firstService !== secondService)
        #expect(firstService.context === first)
        #expect(secondService.context === second)

        manager.destroyContext(first)
        #expect(firstService.isShutDown)
        #expect(!secondService.isShutDown)
        #expect(a.service(for: second) === secondService)
        manager.destroyContext(second)
    }

    @Test func destroyingReleasesServices() {
        let a = recordingFactory("A", log: log)
        manager.register(a)
        let context = TestKeyedServiceContext()
        manager.contextCreated(context)
        weak let service = a.service(for: context)
        #expect(service != nil)
        manager.destroyContext(context)
        #expect(service == nil)
    }

    // MARK: Programming errors

    @Test func accessAfterDestroyFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let manager = KeyedServiceDependencyManager()
                let factory = recordingFactory("A", log: ServiceLog())
                manager.register(factory)
                let context = TestKeyedServiceContext()
                manager.contextCreated(context)
                _ = factory.service(for: context)
                manager.destroyContext(context)
                _ = factory.service(for: context, create: false)
            }
        }.expectPreconditionMessage("KeyedServiceFactory 'A'.service(for:): the context was destroyed")
    }

    @Test func registeringAfterAContextExistsFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let manager = KeyedServiceDependencyManager()
                manager.register(recordingFactory("A", log: ServiceLog()))
                manager.contextCreated(TestKeyedServiceContext())
                manager.register(recordingFactory("B", log: ServiceLog()))
            }
        }.expectPreconditionMessage(
            "KeyedServiceDependencyManager.register('B'): factories must be registered before any context"
        )
    }

    @Test func addingADependencyAfterAContextExistsFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let manager = KeyedServiceDependencyManager()
                let a = recordingFactory("A", log: ServiceLog())
                manager.register(a)
                manager.contextCreated(TestKeyedServiceContext())
                a.dependsOn(recordingFactory("B", log: ServiceLog()))
            }
        }.expectPreconditionMessage(
            "KeyedServiceFactory 'A'.dependsOn('B'): the dependency graph is fixed once a context is created")
    }

    @Test func creatingAContextWithACyclicGraphFailsNamingTheCycle() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let manager = KeyedServiceDependencyManager()
                let a = recordingFactory("A", log: ServiceLog())
                let b = recordingFactory("B", log: ServiceLog(), dependsOn: [a])
                a.dependsOn(b)
                // Registering A registers its dependency B first, so the cycle starts at B.
                manager.register(a)
                manager.contextCreated(TestKeyedServiceContext())
            }
        }.expectPreconditionMessage("KeyedServiceDependencyCycle: B -> A -> B")
    }

    @Test func usingAContextThatWasNeverCreatedFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let manager = KeyedServiceDependencyManager()
                let a = recordingFactory("A", log: ServiceLog())
                manager.register(a)
                _ = a.service(for: TestKeyedServiceContext())
            }
        }.expectPreconditionMessage(
            "KeyedServiceFactory 'A'.service(for:): the context was never passed to contextCreated(_:)"
        )
    }

    @Test func destroyingTheOriginalBeforeItsOffTheRecordContextFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let manager = KeyedServiceDependencyManager()
                let context = TestKeyedServiceContext()
                manager.contextCreated(context)
                let offTheRecord = context.makeOffTheRecord()
                manager.contextCreated(offTheRecord)
                manager.destroyContext(context)
            }
        }.expectPreconditionMessage(
            "KeyedServiceDependencyManager.destroyContext: destroy the off-the-record context first")
    }

    @Test func registeringWithTwoManagersFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = recordingFactory("A", log: ServiceLog())
                let first = KeyedServiceDependencyManager()
                first.register(a)
                withExtendedLifetime(first) { KeyedServiceDependencyManager().register(a) }
            }
        }.expectPreconditionMessage(
            "KeyedServiceDependencyManager.register('A'): the factory is registered with another manager")
    }
}
