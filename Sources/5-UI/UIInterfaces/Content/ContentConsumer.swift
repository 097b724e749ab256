/// What the content mediator pushes to the content area (the active tab's view).
@MainActor
public protocol ContentConsumer: AnyObject {
    /// Shows `content` in the content area.
    func setContent(_ content: ContentView)
}
