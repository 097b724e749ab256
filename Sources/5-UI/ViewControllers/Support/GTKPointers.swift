import CAdwaita
import CGTK
import GLibSupport
import GTKShims

// GObject casts are C macros Swift does not import: derivable types come as
// UnsafeMutablePointer<T>, final types and interfaces as OpaquePointer; a cast reinterprets.

/// `pointer` as a pointer to `T` (a C cast macro such as `GTK_WIDGET()`, unchecked).
func cast<T>(_ pointer: OpaquePointer, to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: type)
}

/// `pointer` as a pointer to `T` (unchecked).
func cast<T, U>(_ pointer: UnsafeMutablePointer<U>, to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: type)
}

/// `pointer` as an opaque pointer (final GTK types and interfaces).
func opaque<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer { OpaquePointer(pointer) }

/// `pointer` as a raw pointer (for ``SignalConnection``).
func rawPointer<U>(_ pointer: UnsafeMutablePointer<U>) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(pointer)
}

/// A widget made by a constructor that returns `OpaquePointer` (final types).
func asWidget(_ pointer: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> { cast(pointer) }

/// An icon-only button with a tooltip and an accessible name (GTK 4.8 gives icon buttons none).
@MainActor
func iconButton(_ iconName: String, label: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_button_new_from_icon_name(iconName)!
    gtk_widget_set_tooltip_text(button, label)
    gtkshim_set_accessible_label(button, label)
    return button
}

/// Sets `widget`'s accessible name.
@MainActor
func setAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
    gtkshim_set_accessible_label(widget, label)
}

/// Owns one strong reference to a widget tree's root, so that the tree lives as long as its
/// view controller, whether or not it is in a window.
@MainActor
func ownWidget(_ widget: UnsafeMutablePointer<GtkWidget>) -> GObjectRef {
    GObjectRef(retaining: UnsafeMutableRawPointer(widget))
}
