import UIInterfaces

/// A tab dragged out of a ``TabStripViewController``: its page, out of the view.
@MainActor
struct TabDrag {
    let id: TabIdentifier
    /// Its page (`AdwTabPage *`), which libadwaita holds while it is out of the view.
    let page: OpaquePointer
    /// Whether a push removed the tab during the drag: its page then closes where it lands.
    var isClosed = false
    /// Where the page came back into its own view, if it did (a drop on its own bar, or a
    /// cancelled drag).
    var droppedAt: Int?
}
