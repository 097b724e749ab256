import Base
public import CAdwaita
import CGTK
public import Commands
import GLibSupport
public import UIInterfaces

/// The content area: the active tab's engine view, a placeholder with a tab's title while its
/// engine starts, a crash page, or an empty page; what it shows comes only from
/// ``ContentConsumer`` pushes. The link under the pointer shows in a small label over the
/// bottom-left corner (Chromium's status bubble, `chrome/browser/ui/status_bubble.h`), which
/// lets the pointer through to the page.
///
/// The crash page's Reload button sends ``NavigationCommands/reload()``. The engine's widget is only borrowed: it is referenced while shown and
/// taken out of its previous parent first if it has one.
@MainActor
public final class ContentViewController: ViewController, ContentConsumer {
    /// An overlay over a box that holds the shown widget.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The box that holds the shown widget, under the overlay.
    let box: UnsafeMutablePointer<GtkWidget>
    /// The hovered link's label, hidden while no link is under the pointer.
    let hoveredLinkLabel: UnsafeMutablePointer<GtkWidget>

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
        widget = gtk_overlay_new()
        ownership = ownWidget(widget)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_overlay_set_child(opaque(widget), box)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        hoveredLinkLabel = gtk_label_new(nil)
        gtk_label_set_ellipsize(opaque(hoveredLinkLabel), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(opaque(hoveredLinkLabel), 80)
        gtk_widget_set_halign(hoveredLinkLabel, GTK_ALIGN_START)
        gtk_widget_set_valign(hoveredLinkLabel, GTK_ALIGN_END)
        gtk_widget_set_can_target(hoveredLinkLabel, 0)
        gtk_widget_add_css_class(hoveredLinkLabel, "osd")
        gtk_widget_add_css_class(hoveredLinkLabel, "caption")
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_bottom] {
            margin(hoveredLinkLabel, 4)
        }
        gtk_widget_set_visible(hoveredLinkLabel, 0)
        gtk_overlay_add_overlay(opaque(widget), hoveredLinkLabel)
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
        if let current = shownWidget { gtk_box_remove(cast(box), current) }
        if let parent = gtk_widget_get_parent(next), parent != box {
            // Reparenting: a widget has one parent; take it out of the previous one first.
            gtk_widget_unparent(next)
        }
        gtk_widget_set_hexpand(next, 1)
        gtk_widget_set_vexpand(next, 1)
        gtk_box_append(cast(box), next)
        shown = reference
        handle = nextHandle
    }

    /// Shows `url` in the hovered link's label, or hides it.
    public func setHoveredLink(_ url: String?) {
        gtk_label_set_text(opaque(hoveredLinkLabel), url ?? "")
        gtk_widget_set_visible(hoveredLinkLabel, url == nil ? 0 : 1)
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
