/// What a window's coordinator tells its parent (the app coordinator).
@MainActor
protocol BrowserCoordinatorDelegate: AnyObject {
    /// The user asked for the window to close (its close button, or its last tab closed); the
    /// parent stops the coordinator, which destroys the window.
    func browserCoordinatorDidRequestClose(_ coordinator: BrowserCoordinator)
    /// The window's first page finished loading (`make run`'s screenshot waits for it).
    func browserCoordinatorDidLoadFirstPage(_ coordinator: BrowserCoordinator)
}
