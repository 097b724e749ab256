import Commands
import UIInterfaces

/// The senders a window's actions send their commands through, one per command protocol.
@MainActor
struct WindowCommandSenders {
    let browser: CommandSender<any BrowserCommands>
    let application: CommandSender<any ApplicationCommands>
    let tabStrip: CommandSender<any TabStripCommands>
    let navigation: CommandSender<any NavigationCommands>
    let findInPage: CommandSender<any FindInPageCommands>
    let scene: CommandSender<any SceneCommands>

    /// Sends `command`; `parameter` is the action's, for a command that takes one.
    func send(_ command: WindowAction.Command, parameter: Int = 0) {
        switch command {
        case .browser(let body): browser.send(body)
        case .application(let body): application.send(body)
        case .tabStrip(let body): tabStrip.send(body)
        case .navigation(let body): navigation.send(body)
        case .findInPage(let body): findInPage.send(body)
        case .scene(let body): scene.send(body)
        case .sceneWithParameter(let body): scene.send { body($0, parameter) }
        }
    }
}
