/// An engine's native view handed to the UI layer as an opaque object, so that UI code
/// can show web content without importing the Web layer.
///
/// `pointer` is the toolkit object (a `GtkWidget *` for the WebKitGTK engine, or nil for
/// engines that draw nothing); `owner` keeps whatever owns it alive while the handle exists.
public struct ViewHandle {
    /// The toolkit object, if any.
    public let pointer: UnsafeMutableRawPointer?
    /// The object that owns the toolkit object.
    public let owner: AnyObject

    /// Creates a handle for `pointer`, owned by `owner`.
    public init(pointer: UnsafeMutableRawPointer?, owner: AnyObject) {
        self.pointer = pointer
        self.owner = owner
    }
}
