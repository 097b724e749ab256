import History
import Mediators
import Prefs
import UIInterfaces
import ViewControllers
import Web

/// The page a window shows over a new tab: an incognito window's says what incognito keeps;
/// a regular window's, given ``mostVisited``, shows the profile's most visited sites, its
/// mediator handling ``MostVisitedCommands``.
@MainActor
final class NewTabPageCoordinator: FeatureCoordinator {
    /// What a regular window's page shows the sites from (its profile's).
    struct MostVisitedSources {
        var history: HistoryService
        var prefs: PrefService
        var faviconLoader: FaviconLoader?
    }

    /// Set before ``start()`` for a regular window; nil for an incognito one.
    var mostVisited: MostVisitedSources?

    /// The view controller (while started).
    private(set) var viewController: (any ViewController)?

    override func start() {
        super.start()
        if let mostVisited {
            let viewController = MostVisitedViewController(
                commands: dispatcher.sender(for: (any MostVisitedCommands).self))
            let mediator = MostVisitedMediator(
                webStateList: webStateList, history: mostVisited.history, prefs: mostVisited.prefs,
                faviconLoader: mostVisited.faviconLoader)
            register((any MostVisitedCommands).self, to: mediator)
            mediator.consumer = viewController
            onStop { mediator.disconnect() }
            self.viewController = viewController
            return
        }
        let viewController = IncognitoNewTabPageViewController()
        let mediator = NewTabPageMediator(webStateList: webStateList)
        mediator.consumer = viewController
        onStop { mediator.disconnect() }
        self.viewController = viewController
    }

    override func stop() {
        super.stop()
        viewController = nil
    }
}
