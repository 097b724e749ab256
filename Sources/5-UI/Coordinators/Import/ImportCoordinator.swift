import Application
import Commands
import Foundation
import History
import Importer
import Mediators
import Profiles
import TabModel
import UIInterfaces
import ViewControllers

/// A window's Import dialog: an ``ImportMediator`` over the profile's bookmarks and history
/// handles what an ``ImportViewController`` asks; Firefox's open tabs open in a new window of
/// the app (those open already in a window are left out, so that importing again opens none).
@MainActor
final class ImportCoordinator: FeatureCoordinator {
    private let host: ImporterHost
    private var mediator: ImportMediator?
    /// The dialog's view controller (while started).
    private(set) var viewController: ImportViewController?

    /// Imports into `history` and the bookmarks of `profile` (a regular profile: an
    /// off-the-record one's history lives in memory).
    init(
        appState: AppState, profile: Profile, history: HistoryService, webStateList: WebStateList,
        dispatcher: CommandDispatcher
    ) {
        let writer = ProfileWriter(
            bookmarkModel: appState.bookmarkModels.model(for: profile), historyService: history
        ) { [weak appState] urls in
            guard let appState else { return 0 }
            let open = Set(
                appState.scenes.flatMap { $0.browser.webStateList.webStates.compactMap(\.visibleURL) })
            let new = urls.filter { !open.contains($0) }
            guard !new.isEmpty else { return 0 }
            appState.openNewScene(urls: new)
            return new.count
        }
        host = ImporterHost(writer: writer)
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = ImportViewController(commands: dispatcher.sender(for: (any ImportCommands).self))
        let mediator = ImportMediator(host: host) {
            let environment = ProcessInfo.processInfo.environment
            let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
            return ImportSource.find(home: home, environment: environment)
        }
        mediator.consumer = viewController
        register((any ImportCommands).self, to: mediator)
        onStop { mediator.disconnect() }
        self.mediator = mediator
        self.viewController = viewController
    }

    /// Shows the dialog over `parent` (a `GtkWindow *`).
    func present(over parent: UnsafeMutableRawPointer?) {
        viewController?.present(over: parent)
        EventLog.record("import-shown")
    }

    override func stop() {
        super.stop()
        mediator = nil
        viewController = nil
    }
}
