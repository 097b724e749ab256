import Bookmarks
import Commands
import Foundation
import History
import Mediators
import Omnibox
import Prefs
import Prerender
import Profiles
import TabModel
import UIInterfaces
import ViewControllers
import Web

/// The location entry and its dropdown of suggestions: their view controllers and mediators;
/// the mediators handle ``LocationBarCommands`` and ``OmniboxCommands``.
@MainActor
final class LocationBarCoordinator: FeatureCoordinator {
    private let prefs: PrefService
    private let profile: Profile?
    private let history: HistoryService?
    private let prerender: PrerenderBrowserAgent?
    private let bookmarks: BookmarkModel?
    private let present: @MainActor () -> Void
    /// The view controller (while started).
    private(set) var viewController: LocationBarViewController?
    /// The dropdown's view controller (while started).
    private(set) var popupViewController: OmniboxPopupViewController?

    /// The coordinators started, for the "Switch to Tab" rows, which may name a tab of another
    /// window.
    private static var started: [Started] = []
    private struct Started {
        weak var coordinator: LocationBarCoordinator?
    }

    /// A dropdown of suggestions comes with the entry when `profile` is given: its history
    /// rows from `history`, its bookmark rows from `bookmarks`, its open tabs from the windows
    /// of the profile; `present` brings the window forward when a row switches to one of its
    /// tabs. The dropdown's default match is loaded before Enter through `prerender` (the
    /// window's agent; none in incognito).
    init(
        webStateList: WebStateList, prefs: PrefService, dispatcher: CommandDispatcher,
        profile: Profile? = nil,
        history: HistoryService? = nil, bookmarks: BookmarkModel? = nil,
        prerender: PrerenderBrowserAgent? = nil,
        present: @escaping @MainActor () -> Void = {}
    ) {
        self.prefs = prefs
        self.profile = profile
        self.history = history
        self.prerender = prerender
        self.bookmarks = bookmarks
        self.present = present
        super.init(webStateList: webStateList, dispatcher: dispatcher)
    }

    override func start() {
        super.start()
        let viewController = LocationBarViewController(
            locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
        let mediator = LocationBarMediator(webStateList: webStateList, prefService: prefs)
        register((any LocationBarCommands).self, to: mediator)
        mediator.consumer = consumer(viewController as any LocationBarConsumer) {
            LocationBarEventLogger(forwardingTo: $0)
        }
        onStop { mediator.disconnect() }
        self.viewController = viewController
        if let profile { startPopup(entry: viewController, profile: profile) }
    }

    private func startPopup(entry: LocationBarViewController, profile: Profile) {
        let prefs = self.prefs
        let history = self.history
        let index = profile.userData.getOrCreate(ProfileURLIndex.userDataKey) {
            ProfileURLIndex(history: history)
        }.index
        // One index of the bookmarks' words for the model, shared by the windows of its
        // profiles (an incognito profile's model is its regular profile's).
        let bookmarkIndex = bookmarks.map { model in
            profile.originalProfile.userData.getOrCreate(BookmarkTitleIndex.userDataKey) {
                BookmarkTitleIndex(model: model)
            }
        }
        var providers: [any AutocompleteProvider] = [
            WhatYouTypedProvider(searchURLTemplate: { prefs.string(SearchEnginePrefs.searchURL) }),
            HistoryQuickProvider(
                index: index, bookmarks: bookmarkIndex,
                onDelete: { url in
                    Task { await history?.deleteURLs([url]) }
                }),
            OpenTabProvider(source: WindowOpenTabSource(profile: profile, webStateList: webStateList)),
        ]
        if let bookmarkIndex { providers.append(BookmarkProvider(source: bookmarkIndex)) }
        let controller = AutocompleteController(providers: providers)
        let mediator = OmniboxPopupMediator(
            webStateList: webStateList, controller: controller,
            webStateFactory: { WebState(params: .init(context: profile.webEngineContext, url: $0)) },
            switchToTab: { Self.switchToTab($0) },
            faviconLoader: profile.userData.getOrCreate(FaviconLoader.userDataKey) {
                FaviconLoader(context: profile.webEngineContext)
            }, prerender: prerender)
        let popup = OmniboxPopupViewController(
            locationBar: entry, commands: dispatcher.sender(for: (any OmniboxCommands).self))
        register((any OmniboxCommands).self, to: mediator)
        mediator.consumer = consumer(popup as any OmniboxPopupConsumer) {
            OmniboxKeystrokeTimer(forwardingTo: $0, entry: entry.widget)
        }
        onStop { mediator.disconnect() }
        if EventLog.isEnabled, let service = prerender?.service {
            let logger = PrerenderEventLogger()
            service.addObserver(logger)
            onStop { service.removeObserver(logger) }
        }
        popupViewController = popup
        Self.started.removeAll { $0.coordinator == nil }
        Self.started.append(Started(coordinator: self))
    }

    /// The tab lists of the started windows of `profile`.
    static func started(of profile: Profile) -> [WebStateList] {
        started.compactMap { entry in
            guard let coordinator = entry.coordinator, coordinator.profile === profile else { return nil }
            return coordinator.webStateList
        }
    }

    /// Activates the tab `id` in its window and brings that window forward.
    private static func switchToTab(_ id: WebStateID) {
        for entry in started {
            guard let coordinator = entry.coordinator else { continue }
            let list = coordinator.webStateList
            guard let index = (0..<list.count).first(where: { list.webState(at: $0).id == id }) else {
                continue
            }
            list.activate(at: index)
            coordinator.present()
            return
        }
    }

    /// Moves the focus to the entry, its text selected.
    func focus() { viewController?.focus() }

    /// Moves the focus to the entry of a tab just opened (what was typed for another goes).
    func focusForNewTab() { viewController?.focusForNewTab() }

    override func stop() {
        super.stop()
        Self.started.removeAll { $0.coordinator == nil || $0.coordinator === self }
        viewController = nil
        popupViewController = nil
    }
}
