/// What a view controller the window hosts may change of the window's actions (desktop
/// Chromium's `CommandUpdater`, `chrome/browser/command_updater.h`): whether one is enabled.
/// Actions are named as in the window's action table.
@MainActor
public protocol CommandUpdater: AnyObject {
    /// Enables or disables the action `name`; a disabled action's shortcut lets its key go on
    /// to the page.
    func updateCommandEnabled(_ name: String, _ enabled: Bool)
}
