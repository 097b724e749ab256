import Base
public import CAdwaita
import CGTK
public import Commands
import GLibSupport
public import UIInterfaces

/// The content area: the active tab's engine view, a placeholder with a tab's title while its
/// engine starts, a crash page, or an empty page; what it shows comes only from
/// ``ContentConsumer`` pushes.
///
/// The crash page's Reload button sends ``NavigationCommands/reload()``. The engine's widget is only borrowed: it is referenced while shown and
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
    /// The crash page (an `AdwStatusPage`), when it is shown.
    private(set) var crashPage: UnsafeMutablePointer<GtkWidget>?
    /// The crash page's Reload button, when the crash page is shown.
    private(set) var crashReloadButton: UnsafeMutablePointer<GtkWidget>?

    private let navigation: CommandSender<any NavigationCommands>
    private var crashReload: SignalConnection?

    /// Creates an empty content area; the crash page's Reload is sent through `navigation`.
    public init(navigation: CommandSender<any NavigationCommands>) {
        self.navigation = navigation
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
        crashPage = nil
        crashReloadButton = nil
        crashReload?.cancel()
        crashReload = nil
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
        case .crashed(let title):
            next = makeCrashPage(title: title)
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

    private func makeCrashPage(title: String) -> UnsafeMutablePointer<GtkWidget> {
        let page = adw_status_page_new()!
        let statusPage = OpaquePointer(page)
        adw_status_page_set_icon_name(statusPage, "computer-fail-symbolic")
        adw_status_page_set_title(statusPage, "This page crashed")
        let description =
            title.isEmpty ? "Reload to try again." : "“\(title)” stopped working. Reload to try again."
        adw_status_page_set_description(statusPage, description)
        let button = gtk_button_new_with_label("Reload")!
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_add_css_class(button, "pill")
        adw_status_page_set_child(statusPage, button)
        crashReload = SignalConnection.connect(UnsafeMutableRawPointer(button), signal: "clicked") {
            [navigation] _ in
            navigation.send { $0.reload() }
        }
        crashPage = page
        crashReloadButton = button
        return page
    }
}
