public import CAdwaita
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The find bar: a GtkSearchBar with a "Find in Page" search entry, the match count
/// ("3 of 7", "No matches") and previous/next buttons.
///
/// It is shown or hidden, and its count set, only by ``FindBarConsumer`` pushes; typing,
/// Enter, Shift+Enter, the buttons and closing the bar send ``FindInPageCommands``.
@MainActor
public final class FindBarViewController: ViewController, FindBarConsumer {
    /// The GtkSearchBar.
    public let widget: UnsafeMutablePointer<GtkWidget>

    let entry: UnsafeMutablePointer<GtkWidget>
    let matchLabel: UnsafeMutablePointer<GtkWidget>
    let previousButton: UnsafeMutablePointer<GtkWidget>
    let nextButton: UnsafeMutablePointer<GtkWidget>

    private let findInPage: CommandSender<any FindInPageCommands>
    private let ownership: GObjectRef
    private var connections: [SignalConnection] = []
    private var applyingPush = false

    /// Creates a hidden find bar; what the user does is sent through `findInPage`.
    public init(findInPage: CommandSender<any FindInPageCommands>) {
        self.findInPage = findInPage
        widget = gtk_search_bar_new()
        ownership = ownWidget(widget)
        entry = gtk_search_entry_new()
        setAccessibleLabel(entry, "Find in Page")
        gtk_widget_set_size_request(entry, 280, -1)
        matchLabel = gtk_label_new("")
        gtk_widget_add_css_class(matchLabel, "dim-label")
        previousButton = iconButton("go-up-symbolic", label: "Previous Match")
        nextButton = iconButton("go-down-symbolic", label: "Next Match")
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(buttons, "linked")
        gtk_box_append(cast(buttons), previousButton)
        gtk_box_append(cast(buttons), nextButton)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(cast(box), entry)
        gtk_box_append(cast(box), buttons)
        gtk_box_append(cast(box), matchLabel)
        gtk_search_bar_set_child(searchBar, box)
        // Not gtk_search_bar_connect_entry: the search bar would then hide itself on Escape
        // and clear the entry; here Escape ("stop-search") is a command like the rest.
        gtk_search_bar_set_show_close_button(searchBar, 1)
        // The bar shows at once rather than sliding in: the slide maps the entry only at its
        // first frame, and GTK delivers no key to a focus widget that is not mapped, so the
        // key typed right after Ctrl+F would be lost.
        if let revealer = Self.revealer(in: widget) {
            gtk_revealer_set_transition_duration(opaque(revealer), 0)
        }
        setAccessibleLabelOfIconButtons(in: widget, iconName: "window-close-symbolic", "Close Find Bar")
        setMatches(current: 0, total: nil)
        connectSignals()
    }

    private var searchBar: OpaquePointer { opaque(widget) }

    /// The `GtkRevealer` the search bar shows its child in (its own child).
    static func revealer(in searchBar: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(searchBar)
        while let widget = child {
            if gtkshim_is_a(UnsafeMutableRawPointer(widget), gtk_revealer_get_type()) != 0 { return widget }
            child = gtk_widget_get_next_sibling(widget)
        }
        return nil
    }

    /// Whether the entry is mapped (it can take keys).
    var isEntryMapped: Bool { gtk_widget_get_mapped(entry) != 0 }

    /// Whether the bar is shown.
    var isShown: Bool { gtk_search_bar_get_search_mode(searchBar) != 0 }

    /// The match count as shown.
    var matchText: String { String(cString: gtk_label_get_text(opaque(matchLabel))) }

    private func connectSignals() {
        let entryPointer = rawPointer(entry)
        let send = { [findInPage] (command: @MainActor (any FindInPageCommands) -> Void) in
            findInPage.send(command)
        }
        connections.append(
            SignalConnection.connect(entryPointer, signal: "search-changed") { [weak self] _ in
                guard let self else { return }
                let text = String(cString: gtk_editable_get_text(opaque(entry)))
                send { $0.find(text) }
            })
        connections.append(
            SignalConnection.connect(entryPointer, signal: "activate") { _ in send { $0.findNext() } })
        connections.append(
            SignalConnection.connect(entryPointer, signal: "next-match") { _ in send { $0.findNext() } })
        connections.append(
            SignalConnection.connect(entryPointer, signal: "previous-match") { _ in send { $0.findPrevious() }
            })
        connections.append(
            SignalConnection.connect(entryPointer, signal: "stop-search") { _ in send { $0.hideFindBar() } })
        connections.append(
            SignalConnection.connect(rawPointer(nextButton), signal: "clicked") { _ in send { $0.findNext() }
            })
        connections.append(
            SignalConnection.connect(rawPointer(previousButton), signal: "clicked") { _ in
                send { $0.findPrevious() }
            })
        connections.append(
            SignalConnection.connect(rawPointer(widget), signal: "notify::search-mode-enabled") {
                [weak self] _ in
                // The close button (or the search bar's own Escape) hid it: say so.
                guard let self, !applyingPush, !isShown else { return }
                send { $0.hideFindBar() }
            })
    }

    // MARK: FindBarConsumer

    /// Shows the bar (the focus in its entry, the text selected) or hides it.
    public func setVisible(_ visible: Bool) {
        applyingPush = true
        defer { applyingPush = false }
        gtk_search_bar_set_search_mode(searchBar, visible ? 1 : 0)
        if visible {
            gtk_widget_grab_focus(entry)
            gtk_editable_select_region(opaque(entry), 0, -1)
        }
    }

    /// Shows "3 of 7", "No matches", or nothing before a search.
    public func setMatches(current: Int, total: Int?) {
        let text =
            switch total {
            case nil: ""
            case 0?: "No matches"
            case let total?: "\(current) of \(total)"
            }
        gtk_label_set_text(opaque(matchLabel), text)
        gtk_widget_set_sensitive(previousButton, (total ?? 0) > 0 ? 1 : 0)
        gtk_widget_set_sensitive(nextButton, (total ?? 0) > 0 ? 1 : 0)
    }
}
