import Base
public import CAdwaita
import CGTK
import GLibSupport
public import UIInterfaces

/// The content area: the active tab's engine view, a placeholder with a tab's title while its
/// engine starts, or an empty page; what it shows comes only from ``ContentConsumer`` pushes.
///
/// It sends no command. The engine's widget is only borrowed: it is referenced while shown and
/// taken out of its previous parent first if it has one.
@MainActor
public final class ContentViewController: ViewController, ContentConsumer {
    /// A box that holds the shown widget.
    public let widget: UnsafeMutablePointer<GtkWidget>

    private let ownership: GObjectRef
    /// The shown widget, referenced while it is in the box.
    private var shown: GObjectRef?
    /// The engine view's handle (its owner lives while the view is shown).
    private var handle: ViewHandle?
    /// The placeholder's label, when the placeholder is shown.
    private(set) var placeholderLabel: UnsafeMutablePointer<GtkWidget>?

    /// Creates an empty content area.
    public init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        ownership = ownWidget(widget)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        setContent(.empty)
    }

    /// The widget in the content area.
    var shownWidget: UnsafeMutablePointer<GtkWidget>? { shown?.typed(GtkWidget.self) }

    // MARK: ContentConsumer

    /// Shows `content`.
    public func setContent(_ content: ContentView) {
        let next: UnsafeMutablePointer<GtkWidget>
        var nextHandle: ViewHandle?
        placeholderLabel = nil
        switch content {
        case .empty:
            next = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        case .placeholder(let title):
            let label = gtk_label_new(title)!
            gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
            gtk_widget_add_css_class(label, "dim-label")
            gtk_widget_add_css_class(label, "title-2")
            placeholderLabel = label
            next = label
        case .engineView(let viewHandle, _):
            guard let pointer = viewHandle.pointer else {
                setContent(.empty)
                return
            }
            next = pointer.assumingMemoryBound(to: GtkWidget.self)
            nextHandle = viewHandle
        }
        if next == shownWidget { return }
        let reference = GObjectRef(retaining: UnsafeMutableRawPointer(next))
        if let current = shownWidget { gtk_box_remove(cast(widget), current) }
        if let parent = gtk_widget_get_parent(next), parent != widget {
            // Reparenting: a widget has one parent; take it out of the previous one first.
            gtk_widget_unparent(next)
        }
        gtk_widget_set_hexpand(next, 1)
        gtk_widget_set_vexpand(next, 1)
        gtk_box_append(cast(widget), next)
        shown = reference
        handle = nextHandle
    }
}
