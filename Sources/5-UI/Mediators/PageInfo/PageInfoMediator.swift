import Base
public import ContentSettings
public import TabModel
public import UIInterfaces
public import Web

/// Between a window's active tab, its profile's content settings and the location bar's page
/// info button: the active page's site with its decisions and whether the page uses the
/// camera or the microphone (nil when neither), pushed again when the active tab, its page,
/// its devices or the map change. The button's popover changes or resets the site's
/// decisions (``SiteSettingsCommands``).
@MainActor
public final class PageInfoMediator: WebStateListObserver, WebStateObserver, HostContentSettingsMapObserver,
    SiteSettingsCommands
{
    private let webStateList: WebStateList
    private let map: HostContentSettingsMap
    private var state = MediatorState("PageInfoMediator")
    private var listObservation: ScopedObservation<WebStateList>?
    private var forwarder: ActiveWebStateObservationForwarder?
    private var shown: PageInfoItem??

    /// The button; set it to push at once. Held weakly.
    public weak var consumer: (any PageInfoConsumer)? {
        didSet {
            state.check("consumer")
            shown = nil
            push()
        }
    }

    /// Starts observing `webStateList`, its active tab and `map`.
    public init(webStateList: WebStateList, map: HostContentSettingsMap) {
        self.webStateList = webStateList
        self.map = map
        listObservation = ScopedObservation(webStateList, observer: self)
        forwarder = ActiveWebStateObservationForwarder(list: webStateList, observer: self)
        map.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        listObservation = nil
        forwarder = nil
        map.removeObserver(self)
    }

    /// What the button shows for `webState`'s page, over `map`.
    public static func item(for webState: WebState?, map: HostContentSettingsMap) -> PageInfoItem? {
        guard let webState, let origin = webState.lastCommittedURL.flatMap(Origin.init(url:)) else {
            return nil
        }
        var settings: [ContentSettingsType: ContentSetting] = [:]
        for type in ContentSettingsType.allCases {
            settings[type] = map.contentSetting(for: origin, type: type)
        }
        let site = SiteSettingsMediator.site(origin, settings: settings)
        let media = webState.mediaCaptureState
        guard !site.permissions.isEmpty || media.isCapturing else { return nil }
        return PageInfoItem(site: site, usesCamera: media.camera, usesMicrophone: media.microphone)
    }

    private func push() {
        guard let consumer, !state.isDisconnected else { return }
        let item = Self.item(for: webStateList.activeWebStateIfAlive, map: map)
        guard shown != .some(item) else { return }
        shown = .some(item)
        consumer.setPageInfo(item)
    }

    // MARK: SiteSettingsCommands

    public func setPermission(_ permission: String, ofSite site: String, allowed: Bool) {
        state.check(#function)
        map.setPermission(permission, ofSite: site, allowed: allowed)
    }

    public func resetSite(_ site: String) {
        state.check(#function)
        map.resetSite(site)
    }

    // MARK: Observers

    public func didFinishNavigation(_ webState: WebState, context: NavigationContext) { push() }
    public func mediaCaptureStateChanged(_ webState: WebState) { push() }
    public func webStateRealized(_ webState: WebState) { push() }

    public func webStateListDidChange(
        _ list: WebStateList, change: WebStateListChange, status: WebStateListStatus
    ) { push() }

    public func webStateListDestroyed(_ list: WebStateList) {
        listObservation = nil
        forwarder = nil
        push()
    }

    public func contentSettingChanged(
        _ map: HostContentSettingsMap, origin: Origin, type: ContentSettingsType
    ) {
        push()
    }
}
