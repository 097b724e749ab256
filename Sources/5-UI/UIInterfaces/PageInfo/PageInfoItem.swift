/// What the location bar's page info button shows about the active page's site (Chromium's
/// page info bubble, `components/page_info/`): its permission decisions, and whether the
/// page uses the camera or the microphone now.
public struct PageInfoItem: Equatable, Sendable {
    /// The site and its decisions (none when it has none but uses a device).
    public var site: SiteSettingsSite
    public var usesCamera: Bool
    public var usesMicrophone: Bool

    public init(site: SiteSettingsSite, usesCamera: Bool = false, usesMicrophone: Bool = false) {
        self.site = site
        self.usesCamera = usesCamera
        self.usesMicrophone = usesMicrophone
    }
}
