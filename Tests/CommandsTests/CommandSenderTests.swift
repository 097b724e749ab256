import Commands
import TestSupport
import Testing

@MainActor
@Suite struct CommandSenderTests {
    @Test func looksTheHandlerUpAtEachCall() {
        let dispatcher = CommandDispatcher()
        let sender = dispatcher.sender(for: (any BrowserCommands).self)
        let first = TestCoordinator()
        let second = TestCoordinator()

        dispatcher.startDispatching((any BrowserCommands).self, to: first)
        sender.send { $0.openNewTab() }
        dispatcher.stopDispatching(to: first)
        dispatcher.startDispatching((any BrowserCommands).self, to: second)
        let closed = sender.send { $0.closeTab(at: 4) }

        #expect(first.openedTabs == 1 && first.closedTabs.isEmpty)
        #expect(second.openedTabs == 0 && second.closedTabs == [4])
        #expect(closed == true)
    }

    @Test func isANoOpAfterShutdownWhenTheHandlerStopped() {
        let dispatcher = CommandDispatcher()
        let sender = CommandSender((any BrowserCommands).self, dispatcher: dispatcher)
        dispatcher.prepareForShutdown()

        var ran = false
        let result: Void? = sender.send { _ in ran = true }
        #expect(result == nil)
        #expect(!ran)
    }

    @Test func isANoOpOnceTheDispatcherIsGone() {
        let coordinator = TestCoordinator()
        var dispatcher: CommandDispatcher? = CommandDispatcher()
        dispatcher?.startDispatching((any BrowserCommands).self, to: coordinator)
        let sender = dispatcher!.sender(for: (any BrowserCommands).self)
        dispatcher = nil

        #expect(sender.send { $0.closeTab(at: 0) } == nil)
        #expect(coordinator.closedTabs.isEmpty)
    }

    @Test func failsBeforeShutdownWhenNothingIsRegistered() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let dispatcher = CommandDispatcher()
                dispatcher.sender(for: (any SettingsCommands).self).send { $0.showSettings() }
            }
        }.expectPreconditionMessage(
            "CommandDispatcher: no handler is registered for CommandsTests.SettingsCommands")
    }
}
