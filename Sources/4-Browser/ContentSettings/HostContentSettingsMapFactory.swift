public import KeyedServices
public import Profiles
public import Web

/// Makes the ``HostContentSettingsMap`` of a profile (Chromium's
/// `HostContentSettingsMapFactory`): a regular profile's over its prefs, an off-the-record
/// profile's of its own (`offTheRecord: .own`), in memory and inheriting its regular
/// profile's Block decisions, gone with it.
@MainActor
public final class HostContentSettingsMapFactory {
    /// The keyed-service factory.
    public let factory: KeyedServiceFactory<HostContentSettingsMap>
    private let profileManager: ProfileManager

    private init(application: ApplicationContext) {
        profileManager = application.profileManager
        // An off-the-record profile's map needs its regular profile's, from this factory.
        let regularMaps = RegularMaps()
        factory = KeyedServiceFactory<HostContentSettingsMap>(
            name: "HostContentSettingsMap", offTheRecord: .ownInstance
        ) { context in
            let profile = context as! Profile
            guard profile.isOffTheRecord else { return HostContentSettingsMap(prefs: profile.prefs) }
            return HostContentSettingsMap(offTheRecordOf: regularMaps.map(profile.originalProfile))
        }
        regularMaps.factory = factory
        application.dependencyManager.register(factory)
    }

    /// Registers the factory with `application` (before its first profile); the profile
    /// prefs it needs are registered by ``HostContentSettingsMap/registerProfilePrefs(_:)``.
    public static func register(in application: ApplicationContext) -> HostContentSettingsMapFactory {
        HostContentSettingsMapFactory(application: application)
    }

    /// The map of `profile` (its own for an off-the-record profile).
    public func map(for profile: Profile) -> HostContentSettingsMap { factory.requiredService(for: profile) }

    /// The map of the profile `webState` belongs to (the one whose engine context it was made
    /// in), nil when no loaded profile has that context.
    public func map(for webState: WebState) -> HostContentSettingsMap? {
        // Only contexts already made are compared: asking a profile for one makes it.
        for regular in profileManager.loadedProfiles {
            let profiles = [regular] + (regular.hasOffTheRecordProfile ? [regular.offTheRecordProfile] : [])
            for profile in profiles
            where profile.hasWebEngineContext && profile.webEngineContext === webState.context {
                return map(for: profile)
            }
        }
        return nil
    }

    @MainActor
    private final class RegularMaps {
        weak var factory: KeyedServiceFactory<HostContentSettingsMap>?
        func map(_ profile: Profile) -> HostContentSettingsMap { factory!.requiredService(for: profile) }
    }

    /// Attaches to `webState` a ``PermissionRequestManager`` over its profile's map.
    public func attachPermissionRequestManager(to webState: WebState) {
        PermissionRequestManager.attach(to: webState, store: map(for: webState))
    }
}
