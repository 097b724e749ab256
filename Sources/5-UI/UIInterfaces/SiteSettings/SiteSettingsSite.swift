/// One site of the Site Settings page: its decisions.
public struct SiteSettingsSite: Equatable, Sendable {
    /// One decision of a site.
    public struct Permission: Equatable, Sendable {
        /// Names the permission in commands (a content settings type's name).
        public var id: String
        /// What a person reads ("Location", "Camera").
        public var name: String
        /// Allowed or blocked.
        public var isAllowed: Bool

        public init(id: String, name: String, isAllowed: Bool) {
            self.id = id
            self.name = name
            self.isAllowed = isAllowed
        }
    }

    /// Names the site in commands (its origin, `http://127.0.0.1:8000`).
    public var id: String
    /// What a person reads ("127.0.0.1:8000").
    public var name: String
    /// The site's decisions, in a fixed order.
    public var permissions: [Permission]

    public init(id: String, name: String, permissions: [Permission]) {
        self.id = id
        self.name = name
        self.permissions = permissions
    }
}
