import Commands
import TestSupport
import Testing

@MainActor
@Suite struct CommandDispatcherTests {
    @Test func registeredHandlerIsFoundTypedAsTheProtocol() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)

        #expect(dispatcher.isDispatching(for: (any BrowserCommands).self))
        let handler: any BrowserCommands = dispatcher.handler(for: (any BrowserCommands).self)
        #expect(handler === coordinator)
        handler.openNewTab()
        #expect(coordinator.openedTabs == 1)
        #expect(dispatcher.handlerIfRegistered(for: (any BrowserCommands).self) === coordinator)
    }

    @Test func unregisteredProtocolIsNotDispatched() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)

        #expect(!dispatcher.isDispatching(for: (any SettingsCommands).self))
        #expect(dispatcher.handlerIfRegistered(for: (any SettingsCommands).self) == nil)
    }

    @Test func oneTargetCanHandleSeveralProtocols() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
        dispatcher.startDispatching((any SettingsCommands).self, to: coordinator)

        dispatcher.handler(for: (any BrowserCommands).self).openNewTab()
        dispatcher.handler(for: (any SettingsCommands).self).showSettings()
        #expect(coordinator.openedTabs == 1)
        #expect(coordinator.settingsShown == 1)
    }

    @Test func differentProtocolsCanHaveDifferentTargets() {
        let dispatcher = CommandDispatcher()
        let browser = TestCoordinator()
        let settings = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: browser)
        dispatcher.startDispatching((any SettingsCommands).self, to: settings)

        dispatcher.dispatch((any BrowserCommands).self) { $0.openNewTab() }
        dispatcher.dispatch((any SettingsCommands).self) { $0.showSettings() }
        #expect(browser.openedTabs == 1 && browser.settingsShown == 0)
        #expect(settings.openedTabs == 0 && settings.settingsShown == 1)
    }

    @Test func inheritedProtocolsAreNotFollowed() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        dispatcher.startDispatching((any TabGridCommands).self, to: coordinator)

        #expect(dispatcher.isDispatching(for: (any TabGridCommands).self))
        #expect(!dispatcher.isDispatching(for: (any BrowserCommands).self))
        dispatcher.handler(for: (any TabGridCommands).self).openNewTab()
        #expect(coordinator.openedTabs == 1)
    }

    @Test func dispatchRunsTheClosureWithTheHandlerAndReturnsItsResult() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)

        let closed = dispatcher.dispatch((any BrowserCommands).self) { $0.closeTab(at: 3) }
        #expect(closed == true)
        #expect(coordinator.closedTabs == [3])
    }

    @Test func stopDispatchingForAProtocolLeavesTheOthers() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
        dispatcher.startDispatching((any SettingsCommands).self, to: coordinator)

        dispatcher.stopDispatching(for: (any BrowserCommands).self)
        #expect(!dispatcher.isDispatching(for: (any BrowserCommands).self))
        #expect(dispatcher.isDispatching(for: (any SettingsCommands).self))

        // Stopping what is not dispatched is a no-op.
        dispatcher.stopDispatching(for: (any BrowserCommands).self)
        #expect(dispatcher.isDispatching(for: (any SettingsCommands).self))
    }

    @Test func aStoppedProtocolCanBeRegisteredAgain() {
        let dispatcher = CommandDispatcher()
        let first = TestCoordinator()
        let second = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: first)
        dispatcher.stopDispatching(for: (any BrowserCommands).self)
        dispatcher.startDispatching((any BrowserCommands).self, to: second)

        dispatcher.dispatch((any BrowserCommands).self) { $0.openNewTab() }
        #expect(first.openedTabs == 0)
        #expect(second.openedTabs == 1)
    }

    @Test func stopDispatchingToATargetRemovesEveryProtocolItHandles() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        let other = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
        dispatcher.startDispatching((any TabGridCommands).self, to: coordinator)
        dispatcher.startDispatching((any SettingsCommands).self, to: other)

        dispatcher.stopDispatching(to: coordinator)
        #expect(!dispatcher.isDispatching(for: (any BrowserCommands).self))
        #expect(!dispatcher.isDispatching(for: (any TabGridCommands).self))
        #expect(dispatcher.handlerIfRegistered(for: (any SettingsCommands).self) as AnyObject === other)
    }

    @Test func handlersAreHeldWeakly() {
        let dispatcher = CommandDispatcher()
        weak var weakCoordinator: TestCoordinator?
        do {
            let coordinator = TestCoordinator()
            weakCoordinator = coordinator
            dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
            #expect(dispatcher.isDispatching(for: (any BrowserCommands).self))
        }
        #expect(weakCoordinator == nil)
        #expect(!dispatcher.isDispatching(for: (any BrowserCommands).self))
        #expect(dispatcher.handlerIfRegistered(for: (any BrowserCommands).self) == nil)
    }

    @Test func aProtocolWhoseHandlerIsGoneCanBeRegisteredAgain() {
        let dispatcher = CommandDispatcher()
        do {
            let coordinator = TestCoordinator()
            dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
        }
        let replacement = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: replacement)
        #expect(dispatcher.handler(for: (any BrowserCommands).self) === replacement)
    }

    @Test func afterShutdownCallsToAStoppedTargetAreNoOps() {
        let dispatcher = CommandDispatcher()
        let coordinator = TestCoordinator()
        dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
        dispatcher.prepareForShutdown()
        #expect(dispatcher.isPreparedForShutdown)

        // A live handler is still called.
        #expect(dispatcher.dispatch((any BrowserCommands).self) { $0.closeTab(at: 1) } == true)

        dispatcher.stopDispatching(to: coordinator)
        var ran = false
        let result = dispatcher.dispatch((any BrowserCommands).self) { handler -> Bool in
            ran = true
            return handler.closeTab(at: 2)
        }
        #expect(result == nil)
        #expect(!ran)
        #expect(coordinator.closedTabs == [1])
    }

    @Test func afterShutdownCallsToAGoneTargetAreNoOps() {
        let dispatcher = CommandDispatcher()
        do {
            let coordinator = TestCoordinator()
            dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
        }
        dispatcher.prepareForShutdown()

        var ran = false
        dispatcher.dispatch((any BrowserCommands).self) { _ in ran = true }
        #expect(!ran)
    }

    // MARK: - Programming errors

    @Test func registeringAProtocolTwiceFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                let first = TestCoordinator()
                let second = TestCoordinator()
                dispatcher.startDispatching((any BrowserCommands).self, to: first)
                dispatcher.startDispatching((any BrowserCommands).self, to: second)
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: CommandsTests.BrowserCommands is already dispatched to a TestCoordinator")
    }

    @Test func registeringTheSameTargetTwiceFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                let coordinator = TestCoordinator()
                dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
                dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: CommandsTests.BrowserCommands is already dispatched to a TestCoordinator")
    }

    @Test func aValueTypeHandlerFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                dispatcher.startDispatching((any SettingsCommands).self, to: SettingsValue())
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: the handler of CommandsTests.SettingsCommands must be a class instance"
        )
    }

    @Test func lookingUpAMissingHandlerFailsNamingTheProtocol() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                _ = dispatcher.handler(for: (any BrowserCommands).self)
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: no handler is registered for CommandsTests.BrowserCommands")
    }

    @Test func lookingUpAMissingHandlerFailsEvenAfterShutdown() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                dispatcher.prepareForShutdown()
                _ = dispatcher.handler(for: (any BrowserCommands).self)
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: no handler is registered for CommandsTests.BrowserCommands")
    }

    @Test func dispatchingToAStoppedTargetBeforeShutdownFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                let coordinator = TestCoordinator()
                dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
                dispatcher.stopDispatching(to: coordinator)
                dispatcher.dispatch((any BrowserCommands).self) { $0.openNewTab() }
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: no handler is registered for CommandsTests.BrowserCommands")
    }

    @Test func dispatchingToAGoneTargetBeforeShutdownFails() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                do {
                    let coordinator = TestCoordinator()
                    dispatcher.startDispatching((any BrowserCommands).self, to: coordinator)
                }
                dispatcher.dispatch((any BrowserCommands).self) { $0.openNewTab() }
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: no handler is registered for CommandsTests.BrowserCommands")
    }
}
