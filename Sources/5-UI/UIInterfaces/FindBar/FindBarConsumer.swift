/// What the find-in-page mediator pushes to the find bar.
@MainActor
public protocol FindBarConsumer: AnyObject {
    /// Shows or hides the find bar.
    func setVisible(_ visible: Bool)
    /// The result of the last search: the selected match (1-based, 0 when none) and the
    /// number of matches (nil: no search yet).
    func setMatches(current: Int, total: Int?)
}
