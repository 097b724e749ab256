/// What the location bar mediator pushes to the location entry.
@MainActor
public protocol LocationBarConsumer: AnyObject {
    /// The active page's URL, as the entry shows it while the user is not editing it.
    func setURLText(_ text: String)
    /// The load progress in 0…1, drawn in the entry (nil: not loading).
    func setLoadProgress(_ progress: Double?)
    /// The page's security.
    func setSecurity(_ security: LocationBarSecurity)
}
