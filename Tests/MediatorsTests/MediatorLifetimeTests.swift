import Foundation
import Mediators
import ModelTestSupport
import Prefs
import TabModel
import Testing
import UIInterfaces
import Web
import WebTestSupport

/// The mediators that pass themselves to the tab model's observation forwarders, which hold
/// their observer weakly.
enum TabObservingMediator: String, CaseIterable, Sendable {
    case content, tabStrip, blockedPopup, permissionPrompt, desktopNotification, toolbar, windowTitle,
        locationBar, newTabPage

    /// Makes the mediator on `list`, with a consumer (returned too, as mediators hold theirs
    /// weakly), and disconnects it if `disconnected`.
    @MainActor func make(
        _ list: WebStateList, context: any WebEngineContext, disconnected: Bool
    ) -> (mediator: AnyObject, consumer: AnyObject) {
        switch self {
        case .content:
            let mediator = ContentMediator(webStateList: list)
            let consumer = RecordingContentConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .tabStrip:
            let mediator = TabStripMediator(
                webStateList: list, faviconLoader: FaviconLoader(context: context))
            let consumer = RecordingTabStripConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .blockedPopup:
            let mediator = BlockedPopupMediator(webStateList: list)
            let consumer = RecordingInfoBarConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .permissionPrompt:
            let mediator = PermissionPromptMediator(webStateList: list)
            let consumer = RecordingInfoBarConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .desktopNotification:
            let mediator = DesktopNotificationMediator(webStateList: list)
            let consumer = RecordingDesktopNotificationConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .toolbar:
            let mediator = ToolbarMediator(webStateList: list)
            let consumer = RecordingToolbarConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .windowTitle:
            let mediator = WindowTitleMediator(webStateList: list, isIncognito: false)
            let consumer = RecordingWindowTitleConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .newTabPage:
            let mediator = NewTabPageMediator(webStateList: list)
            let consumer = RecordingNewTabPageConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        case .locationBar:
            let registry = PrefRegistry()
            SearchEnginePrefs.register(in: registry)
            let mediator = LocationBarMediator(
                webStateList: list, prefService: PrefService(registry: registry))
            let consumer = RecordingLocationBarConsumer()
            mediator.consumer = consumer
            if disconnected { mediator.disconnect() }
            return (mediator, consumer)
        }
    }
}

/// A mediator observes itself through what it owns (its forwarder, its observations): none of
/// that may keep it alive, and its list and tabs go on without failing once it is gone.
@MainActor
struct MediatorLifetimeTests {
    @Test(arguments: TabObservingMediator.allCases, [false, true])
    func aMediatorIsFreedOnceDropped(_ kind: TabObservingMediator, disconnected: Bool) throws {
        let builder = WebStateListBuilder()
        let list = WebStateList(delegate: nil)
        let a = builder.realizedWebState(named: "a")
        try builder.build(list, "| a* b")
        weak var weakMediator: AnyObject?
        var consumer: AnyObject?
        do {
            let made = kind.make(list, context: builder.engine.defaultContext, disconnected: disconnected)
            weakMediator = made.mediator
            consumer = made.consumer
        }
        #expect(weakMediator == nil)
        a.reload()
        list.activate(at: 1)
        list.insert(builder.webState(named: "c"), .automatic.activating())
        builder.webState(named: "c").reload()
        list.close(at: 0)
        list.destroy()
        withExtendedLifetime(consumer) {}
    }
}
