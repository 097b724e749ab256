/// What the window title mediator pushes to a browser window: the title the desktop shows
/// for it (window list, task switcher, the window's accessible name).
@MainActor
public protocol WindowTitleConsumer: AnyObject {
    /// Sets the window's title.
    func setWindowTitle(_ title: String)
}
