/// What the Site Settings page shows.
@MainActor
public protocol SiteSettingsConsumer: AnyObject {
    /// Shows `sites` (sorted), each with its decisions; none: the page says so.
    func setSites(_ sites: [SiteSettingsSite])
}
