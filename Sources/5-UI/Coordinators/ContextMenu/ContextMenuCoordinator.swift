import Commands
import Mediators
import TabModel
import UIInterfaces
import Web

/// The page's context menu of the window's tabs: a ``ContextMenuMediator`` builds it for
/// every tab of the browser (the provider of its ``WebStateDelegateBrowserAgent``) and
/// handles its ``ContextMenuCommands``; Save … As asks where through `saveFileChooser` (the
/// window's file dialog, or a test's stand-in).
@MainActor
final class ContextMenuCoordinator: FeatureCoordinator {
    private let browser: Browser
    private let saveFileChooser: any SaveFileChooser

    init(browser: Browser, saveFileChooser: any SaveFileChooser) {
        self.browser = browser
        self.saveFileChooser = saveFileChooser
        super.init(webStateList: browser.webStateList, dispatcher: browser.commandDispatcher)
    }

    override func start() {
        super.start()
        let mediator = ContextMenuMediator(
            isIncognito: browser.kind == .incognito, prefService: browser.profile.prefs,
            commands: dispatcher.sender(for: (any ContextMenuCommands).self),
            navigation: dispatcher.sender(for: (any NavigationCommands).self),
            browser: dispatcher.sender(for: (any BrowserCommands).self),
            scene: dispatcher.sender(for: (any SceneCommands).self))
        mediator.saveFileChooser = saveFileChooser
        register((any ContextMenuCommands).self, to: mediator)
        let agent = WebStateDelegateBrowserAgent.attach(to: browser)
        agent.contextMenuProvider = mediator
        onStop { [saveFileChooser] in
            if agent.contextMenuProvider === mediator { agent.contextMenuProvider = nil }
            mediator.disconnect()
            withExtendedLifetime(saveFileChooser) {}
        }
    }
}
