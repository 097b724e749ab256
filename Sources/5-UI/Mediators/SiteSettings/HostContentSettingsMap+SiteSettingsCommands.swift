import ContentSettings
import Web

/// What ``SiteSettingsCommands`` ask of a content settings map, in the commands' plain values
/// (a site's serialized origin, a content settings type's name): the Site Settings page and
/// the page info popover both send them.
extension HostContentSettingsMap {
    /// Allows or blocks `permission` for `site`; a value no origin or type reads as is ignored.
    @MainActor
    func setPermission(_ permission: String, ofSite site: String, allowed: Bool) {
        guard let origin = Origin(serialized: site), let type = ContentSettingsType(rawValue: permission)
        else {
            return
        }
        setContentSetting(allowed ? .allow : .block, for: origin, type: type)
    }

    /// Forgets every decision of `site`.
    @MainActor
    func resetSite(_ site: String) {
        guard let origin = Origin(serialized: site) else { return }
        clearSettings(for: origin)
    }
}
