/// The security of the active page, as the location bar shows it.
public enum LocationBarSecurity: Equatable, Sendable {
    /// Nothing to show (a blank page, a page being loaded).
    case none
    /// A page over plain HTTP.
    case notSecure
    /// A page over HTTPS with a valid certificate: a padlock.
    case secure
    /// A page over HTTPS whose certificate has problems: a warning.
    case certificateError
}
