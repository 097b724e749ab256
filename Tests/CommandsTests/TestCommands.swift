import Commands

@MainActor
protocol BrowserCommands: AnyObject {
    func openNewTab()
    func closeTab(at index: Int) -> Bool
}

@MainActor
protocol SettingsCommands {
    func showSettings()
}

@MainActor
protocol TabGridCommands: BrowserCommands {
    func showTabGrid()
}

/// A coordinator handling several command protocols, counting the calls it gets.
final class TestCoordinator: BrowserCommands, SettingsCommands, TabGridCommands {
    var openedTabs = 0
    var closedTabs: [Int] = []
    var settingsShown = 0
    var tabGridsShown = 0

    func openNewTab() { openedTabs += 1 }

    func closeTab(at index: Int) -> Bool {
        closedTabs.append(index)
        return true
    }

    func showSettings() { settingsShown += 1 }

    func showTabGrid() { tabGridsShown += 1 }
}

/// A value type that conforms to a command protocol but cannot be held weakly.
struct SettingsValue: SettingsCommands {
    func showSettings() {}
}
