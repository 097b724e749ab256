/// The location bar's page info button.
@MainActor
public protocol PageInfoConsumer: AnyObject {
    /// Shows the button for `item`, or hides it (nil: the page's site has no decision and
    /// uses no device).
    func setPageInfo(_ item: PageInfoItem?)
}
