/// What the user does on the Site Settings page.
@MainActor
public protocol SiteSettingsCommands: AnyObject {
    /// Allows or blocks the permission `permission` (a ``SiteSettingsSite/Permission/id``) for
    /// the site `site` (a ``SiteSettingsSite/id``).
    func setPermission(_ permission: String, ofSite site: String, allowed: Bool)
    /// Forgets every decision of the site `site`: it is asked again.
    func resetSite(_ site: String)
}
