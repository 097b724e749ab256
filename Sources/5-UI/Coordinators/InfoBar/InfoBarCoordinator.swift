import Bookmarks
import Commands
import History
import Mediators
import TabModel
import UIInterfaces
import ViewControllers

/// The window's info bars: their view controller, the ``BlockedPopupMediator`` pushing the
/// active tab's blocked pop-ups to it, the ``HistoryProblemMediator`` and
/// ``BookmarkProblemMediator`` pushing the problems of the profile's files, and the bars the application shows (the crashed session's offer, what
/// restoring the window met). It routes ``InfoBarCommands`` by the bar's
/// kind: the blocked pop-ups' Open and close button to their mediator, the crashed session's
/// Restore to the application (``SceneCommands``), a permission prompt's Allow, Block and
/// close button to the ``PermissionPromptMediator``; a Dismiss button only closes its bar.
@MainActor
final class InfoBarCoordinator: FeatureCoordinator, InfoBarCommands {
    /// The view controller (while started).
    private(set) var viewController: InfoBarViewController?
    private var blockedPopups: BlockedPopupMediator?
    private var permissionPrompts: PermissionPromptMediator?
    /// The window's profile's history and its record of the problems shown, set before
    /// ``start()``: a ``HistoryProblemMediator`` shows its problems.
    var history: (service: HistoryService, announcements: ProblemAnnouncements)?
    /// The window's profile's bookmarks and its record of the problems shown, set before
    /// ``start()``: a ``BookmarkProblemMediator`` shows their file's problems.
    var bookmarks: (model: BookmarkModel, announcements: ProblemAnnouncements)?

    override func start() {
        super.start()
        let viewController = InfoBarViewController(
            infoBar: dispatcher.sender(for: (any InfoBarCommands).self))
        let blockedPopups = BlockedPopupMediator(webStateList: webStateList)
        blockedPopups.consumer = viewController
        onStop { blockedPopups.disconnect() }
        let permissionPrompts = PermissionPromptMediator(webStateList: webStateList)
        permissionPrompts.consumer = viewController
        onStop { permissionPrompts.disconnect() }
        self.permissionPrompts = permissionPrompts
        if let history {
            let problems = HistoryProblemMediator(
                service: history.service, announcements: history.announcements)
            problems.consumer = viewController
            onStop { problems.disconnect() }
        }
        if let bookmarks {
            let problems = BookmarkProblemMediator(
                model: bookmarks.model, announcements: bookmarks.announcements)
            problems.consumer = viewController
            onStop { problems.disconnect() }
        }
        register((any InfoBarCommands).self, to: self)
        self.viewController = viewController
        self.blockedPopups = blockedPopups
    }

    /// Shows `item` (one of the application's bars).
    func show(_ item: InfoBarItem) {
        viewController?.showInfoBar(item)
        EventLog.record("info-bar", item.kind.rawValue)
    }

    /// Hides the bar of `kind`, if shown.
    func hide(_ kind: InfoBarKind) { viewController?.hideInfoBar(kind) }

    override func stop() {
        super.stop()
        viewController = nil
        blockedPopups = nil
        permissionPrompts = nil
    }

    // MARK: InfoBarCommands

    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind) {
        switch (kind, button) {
        case (.blockedPopup, .open): blockedPopups?.openBlockedPopups()
        case (.crashedSession, .restore):
            dispatcher.dispatch((any SceneCommands).self) { $0.restorePreviousSession() }
        case (.permissionRequest, .allow): permissionPrompts?.answer(allow: true, remember: true)
        case (.permissionRequest, .block): permissionPrompts?.answer(allow: false, remember: true)
        default: break
        }
    }

    func infoBarButtonActivated(_ kind: InfoBarKind, button: InfoBarButtonKind, isChecked: Bool) {
        guard kind == .permissionRequest else { return infoBarButtonActivated(kind, button: button) }
        EventLog.record("permission-answered", "\(button.rawValue) remember=\(isChecked)")
        permissionPrompts?.answer(allow: button == .allow, remember: isChecked)
    }

    func infoBarDismissed(_ kind: InfoBarKind) {
        EventLog.record("info-bar-dismissed", kind.rawValue)
        if kind == .blockedPopup { blockedPopups?.dismissBlockedPopups() }
        if kind == .permissionRequest { permissionPrompts?.dismiss() }
    }
}
