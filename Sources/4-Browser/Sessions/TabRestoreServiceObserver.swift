/// Hears about changes to a ``TabRestoreService``'s entries (a tab or window closed or
/// reopened, the list loaded or cleared).
@MainActor
public protocol TabRestoreServiceObserver: AnyObject {
    /// The entries of `service` changed.
    func tabRestoreServiceChanged(_ service: TabRestoreService)
}
