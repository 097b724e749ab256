public import ContentSettings
public import UIInterfaces
public import Web

/// Between a profile's content settings and the Site Settings page (Chromium's
/// `chrome://settings/content/all`, `site_settings_handler.cc`): every site with a decision,
/// pushed again at each change of the map, and the page's changes and resets written to it.
@MainActor
public final class SiteSettingsMediator: HostContentSettingsMapObserver, SiteSettingsCommands {
    private let map: HostContentSettingsMap
    private var state = MediatorState("SiteSettingsMediator")

    /// The page; set it to push the sites at once. Held weakly.
    public weak var consumer: (any SiteSettingsConsumer)? {
        didSet {
            state.check("consumer")
            push()
        }
    }

    /// Starts observing `map`.
    public init(map: HostContentSettingsMap) {
        self.map = map
        map.addObserver(self)
    }

    /// Stops observing; the mediator cannot be used afterwards.
    public func disconnect() {
        state.disconnect()
        map.removeObserver(self)
    }

    /// The sites of `map`, as the page shows them.
    public static func sites(in map: HostContentSettingsMap) -> [SiteSettingsSite] {
        map.sitesWithExceptions.map { site($0.origin, settings: $0.settings) }
    }

    /// The site `origin` with its `settings`, as the page shows it (in the types' order).
    public static func site(
        _ origin: Origin, settings: [ContentSettingsType: ContentSetting]
    ) -> SiteSettingsSite {
        SiteSettingsSite(
            id: origin.serialized, name: origin.displayName,
            permissions: ContentSettingsType.allCases.compactMap { type in
                guard let setting = settings[type], setting != .ask else { return nil }
                return SiteSettingsSite.Permission(
                    id: type.rawValue, name: type.displayName, isAllowed: setting == .allow)
            })
    }

    private func push() {
        guard !state.isDisconnected else { return }
        consumer?.setSites(Self.sites(in: map))
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

    // MARK: HostContentSettingsMapObserver

    public func contentSettingChanged(
        _ map: HostContentSettingsMap, origin: Origin, type: ContentSettingsType
    ) {
        push()
    }
}
