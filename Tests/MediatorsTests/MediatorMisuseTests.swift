import Application
import Base
import Bookmarks
import Commands
import Downloads
import Foundation
import History
import Importer
import Mediators
import MemorySaver
import ModelTestSupport
import Prefs
import Profiles
import TabModel
import TestSupport
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// A use of a disconnected mediator, and the message it must fail with (naming the
/// mediator and the method).
enum MediatorMisuse: String, CaseIterable, Codable, Sendable {
    case blockedPopupConsumer, blockedPopupDismiss, blockedPopupDisconnectTwice
    case windowTitleConsumer, windowTitleDisconnectTwice
    case downloadsConsumer, browserPrint
    case sceneHandler, sceneOpenWindow
    case contextMenuExecute
    case quitWhileDownloadingRequest
    case mostVisitedConsumer, mostVisitedOpen, mostVisitedRemove
    case toolbarGoToHistoryItem, preferencesShowMostVisited
    case historySearch, historyProblemConsumer, bookmarkProblemConsumer
    case bookmarkStarBookmark, bookmarkStarConsumer, bookmarksMenuOpen, bookmarksMenuOpenAll
    case importFindSources, importSource, importBookmarksFile

    var message: String {
        switch self {
        case .blockedPopupConsumer: "BlockedPopupMediator.consumer used after disconnect()"
        case .blockedPopupDismiss: "BlockedPopupMediator.dismissBlockedPopups() used after disconnect()"
        case .blockedPopupDisconnectTwice: "BlockedPopupMediator.disconnect() used after disconnect()"
        case .windowTitleConsumer: "WindowTitleMediator.consumer used after disconnect()"
        case .windowTitleDisconnectTwice: "WindowTitleMediator.disconnect() used after disconnect()"
        case .downloadsConsumer: "DownloadsMediator.consumer used after disconnect()"
        case .browserPrint: "BrowserMediator.printActivePage() used after disconnect()"
        case .sceneHandler: "SceneMediator.handler(for:) used after disconnect()"
        case .sceneOpenWindow: "SceneMediator.openWindow(urls:incognito:) used after disconnect()"
        case .contextMenuExecute: "ContextMenuMediator.executeContextMenuCommand(_:) used after disconnect()"
        case .quitWhileDownloadingRequest:
            "QuitWhileDownloadingMediator.requestQuit() used after disconnect()"
        case .mostVisitedConsumer: "MostVisitedMediator.consumer used after disconnect()"
        case .mostVisitedOpen: "MostVisitedMediator.openMostVisited(_:) used after disconnect()"
        case .mostVisitedRemove: "MostVisitedMediator.removeMostVisited(_:) used after disconnect()"
        case .toolbarGoToHistoryItem: "ToolbarMediator.goToHistoryItem(at:) used after disconnect()"
        case .preferencesShowMostVisited:
            "PreferencesMediator.setNewTabsShowMostVisited(_:) used after disconnect()"
        case .historySearch: "HistoryMediator.searchHistory(_:) used after disconnect()"
        case .historyProblemConsumer: "HistoryProblemMediator.consumer used after disconnect()"
        case .bookmarkProblemConsumer: "BookmarkProblemMediator.consumer used after disconnect()"
        case .bookmarkStarBookmark: "BookmarkStarMediator.bookmarkCurrentPage() used after disconnect()"
        case .bookmarkStarConsumer: "BookmarkStarMediator.consumer used after disconnect()"
        case .bookmarksMenuOpen: "BookmarksMenuMediator.openBookmark(_:inNewTab:) used after disconnect()"
        case .bookmarksMenuOpenAll:
            "BookmarksMenuMediator.openAllBookmarks(inFolder:) used after disconnect()"
        case .importFindSources: "ImportMediator.findSources() used after disconnect()"
        case .importSource: "ImportMediator.importSource(at:) used after disconnect()"
        case .importBookmarksFile: "ImportMediator.importBookmarksFile(atPath:) used after disconnect()"
        }
    }

    /// Makes the mediator, disconnects it, and uses it.
    @MainActor func perform() {
        let list = WebStateList(delegate: nil)
        switch self {
        case .blockedPopupConsumer, .blockedPopupDismiss, .blockedPopupDisconnectTwice:
            let mediator = BlockedPopupMediator(webStateList: list)
            mediator.disconnect()
            switch self {
            case .blockedPopupConsumer: mediator.consumer = nil
            case .blockedPopupDismiss: mediator.dismissBlockedPopups()
            default: mediator.disconnect()
            }
        case .windowTitleConsumer, .windowTitleDisconnectTwice:
            let mediator = WindowTitleMediator(webStateList: list, isIncognito: false)
            mediator.disconnect()
            if self == .windowTitleConsumer { mediator.consumer = nil } else { mediator.disconnect() }
        case .downloadsConsumer:
            let engine = FakeWebEngine()
            let mediator = DownloadsMediator(
                history: DownloadHistoryService(
                    store: DownloadStore(path: nil), context: engine.defaultContext),
                launcher: RecordingFileLauncher(), clock: ManualTimerClock())
            mediator.disconnect()
            mediator.consumer = nil
            withExtendedLifetime(engine) {}
        case .browserPrint:
            let mediator = BrowserMediator(webStateList: list, startPageURL: URL(string: "about:blank")!) {
                _ in
                preconditionFailure("no tab expected")
            }
            mediator.disconnect()
            mediator.printActivePage()
        case .contextMenuExecute:
            let registry = PrefRegistry()
            let dispatcher = CommandDispatcher()
            let mediator = ContextMenuMediator(
                isIncognito: false, prefService: PrefService(registry: registry),
                commands: dispatcher.sender(for: (any ContextMenuCommands).self),
                navigation: dispatcher.sender(for: (any NavigationCommands).self),
                browser: dispatcher.sender(for: (any BrowserCommands).self),
                scene: dispatcher.sender(for: (any SceneCommands).self))
            mediator.disconnect()
            mediator.executeContextMenuCommand(.reload)
        case .sceneHandler, .sceneOpenWindow:
            let app = AppState(
                userDataDirectory: UserDataDirectory(path: TestProfile.makeUserDataDirectory()),
                engine: FakeWebEngine(), clock: ManualTimerClock(), isTesting: true)
            _ = try? app.launch()
            let scene = app.openNewScene()
            let mediator = SceneMediator(appState: app, startPageURL: URL(string: "about:blank")!)
            mediator.disconnect()
            if self == .sceneHandler {
                _ = mediator.handler(for: scene)
            } else {
                mediator.openWindow(urls: [], incognito: false)
            }
        case .quitWhileDownloadingRequest:
            let mediator = QuitWhileDownloadingMediator(contexts: { [] }, quit: {})
            mediator.disconnect()
            mediator.requestQuit()
        case .mostVisitedConsumer, .mostVisitedOpen, .mostVisitedRemove:
            let registry = PrefRegistry()
            HomePagePrefs.register(in: registry)
            let mediator = MostVisitedMediator(
                webStateList: list, history: HistoryService(path: nil, clock: ManualTimerClock()),
                prefs: PrefService(registry: registry))
            mediator.disconnect()
            let url = URL(string: "https://a.test/")!
            switch self {
            case .mostVisitedConsumer: mediator.consumer = nil
            case .mostVisitedOpen: mediator.openMostVisited(url)
            default: mediator.removeMostVisited(url)
            }
        case .toolbarGoToHistoryItem:
            let mediator = ToolbarMediator(webStateList: list)
            mediator.disconnect()
            mediator.goToHistoryItem(at: 0)
        case .preferencesShowMostVisited:
            let registry = PrefRegistry()
            PreferencesMediatorTests.registerPrefs(in: registry)
            let mediator = PreferencesMediator(
                prefs: PrefService(registry: registry), defaultDownloadDirectory: "/d")
            mediator.disconnect()
            mediator.setNewTabsShowMostVisited(true)
        case .historySearch:
            let mediator = HistoryMediator(
                service: HistoryService(path: nil, clock: ManualTimerClock()), webStateList: list,
                faviconLoader: nil
            ) { _ in preconditionFailure("no tab expected") }
            mediator.disconnect()
            mediator.searchHistory("")
        case .historyProblemConsumer:
            let mediator = HistoryProblemMediator(
                service: HistoryService(path: nil, clock: ManualTimerClock()),
                announcements: ProblemAnnouncements())
            mediator.disconnect()
            mediator.consumer = nil
        case .bookmarkProblemConsumer:
            let mediator = BookmarkProblemMediator(
                model: BookmarkModel(store: BookmarkStore(path: nil)), announcements: ProblemAnnouncements())
            mediator.disconnect()
            mediator.consumer = nil
        case .bookmarkStarBookmark, .bookmarkStarConsumer:
            let mediator = BookmarkStarMediator(
                webStateList: list, model: BookmarkModel(store: BookmarkStore(path: nil)))
            mediator.disconnect()
            if self == .bookmarkStarConsumer {
                mediator.consumer = nil
            } else {
                mediator.bookmarkCurrentPage()
            }
        case .bookmarksMenuOpen, .bookmarksMenuOpenAll:
            let mediator = BookmarksMenuMediator(
                webStateList: list, model: BookmarkModel(store: BookmarkStore(path: nil))
            ) { _ in preconditionFailure("no tab expected") }
            mediator.disconnect()
            if self == .bookmarksMenuOpen {
                mediator.openBookmark(1, inNewTab: true)
            } else {
                mediator.openAllBookmarks(inFolder: 1)
            }
        case .importFindSources, .importSource, .importBookmarksFile:
            let mediator = ImportMediator(
                host: ImporterHost(
                    writer: ProfileWriter(
                        bookmarkModel: BookmarkModel(store: BookmarkStore(path: nil)),
                        historyService: HistoryService(path: nil, clock: ManualTimerClock())))
            ) { [] }
            mediator.disconnect()
            switch self {
            case .importFindSources: mediator.findSources()
            case .importSource: mediator.importSource(at: 0)
            default: mediator.importBookmarksFile(atPath: "/nonexistent.html")
            }
        }
    }
}

struct MediatorMisuseTests {
    @Test(arguments: MediatorMisuse.allCases)
    func aDisconnectedMediatorFailsNamingTheMethod(misuse: MediatorMisuse) async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [misuse] in
            await MainActor.run { misuse.perform() }
        }.expectPreconditionMessage(misuse.message)
    }
}
