/// What the content mediator pushes to the content area (the active tab's view).
@MainActor
public protocol ContentConsumer: AnyObject {
    /// Shows `content` in the content area.
    func setContent(_ content: ContentView)
    /// Shows `url`, the link under the pointer, over the bottom of the page (Chromium's status
    /// bubble), or hides it (nil).
    func setHoveredLink(_ url: String?)
}
