public import CGTK

/// A GTK window (a `GtkWindow` or a subclass: `AdwApplicationWindow`, `AdwWindow`,
/// `AdwAboutWindow` …), typed once: GTK's constructors hand windows out as `GtkWidget *`,
/// its window functions take `GtkWindow *`, signal connections a raw pointer. The handle does
/// not own the window (GTK's window list does, until `gtk_window_destroy`).
public struct WindowHandle: Hashable {
    /// The window as GTK's window functions take it.
    public let gtkWindow: UnsafeMutablePointer<GtkWindow>

    /// The window a constructor returned as a widget (`adw_application_window_new` …).
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtkWindow = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
    }

    public init(_ window: UnsafeMutablePointer<GtkWindow>) { gtkWindow = window }

    /// The window as GTK's widget functions take it.
    public var widget: UnsafeMutablePointer<GtkWidget> {
        UnsafeMutableRawPointer(gtkWindow).assumingMemoryBound(to: GtkWidget.self)
    }

    /// The window for a signal connection or a GObject function.
    public var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(gtkWindow) }

    /// Shows the window and brings it to the front.
    @MainActor public func present() { gtk_window_present(gtkWindow) }

    /// Destroys the window (GTK drops its reference; a widget tree in it goes with it unless
    /// held elsewhere).
    @MainActor public func destroy() { gtk_window_destroy(gtkWindow) }
}
