public import CAdwaita
import CGLib
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The header bar's Bookmarks menu (GNOME Web's and Firefox's bookmarks menu; Chromium's
/// `BookmarkMenuDelegate`): a button whose popover lists the Bookmarks Menu folder's entries,
/// then Other Bookmarks; a folder opens as a submenu that slides in, with a row back and
/// "Open All in Tabs" at its end. A click on a bookmark opens it in the active tab and closes
/// the menu; a middle click opens it in a new tab and leaves the menu open, as Firefox does.
///
/// The rows are a `GtkListBox` per page rather than a `GtkPopoverMenu` over a `GMenu`: a
/// popover menu's items take the primary button only (its own click gesture), so a middle
/// click could never reach them. Pages are made when shown, from the last entries pushed:
/// the popover of a large tree costs only the rows of the folder on screen.
@MainActor
public final class BookmarksMenuViewController: ViewController, BookmarksMenuConsumer {
    /// The `GtkMenuButton`.
    public let widget: UnsafeMutablePointer<GtkWidget>

    private let commands: CommandSender<any BookmarksMenuCommands>
    private let ownership: GObjectRef
    private let popover: UnsafeMutablePointer<GtkWidget>
    /// The pages of the folders on the way down, the root's first.
    private let stack: UnsafeMutablePointer<GtkWidget>
    private var pages: [Page] = []
    private var connections: [SignalConnection] = []
    /// The entries last pushed, and whether the shown pages are older than them.
    private(set) var entries: [BookmarksMenuEntry] = []
    private var rootID: Int64 = 0
    private var isStale = true

    /// One folder's page: its entries and its list's handlers.
    private final class Page {
        let folderID: Int64
        let entries: [BookmarksMenuEntry]
        let widget: UnsafeMutablePointer<GtkWidget>
        let list: UnsafeMutablePointer<GtkWidget>
        var connections: [SignalConnection] = []

        init(
            folderID: Int64, entries: [BookmarksMenuEntry], widget: UnsafeMutablePointer<GtkWidget>,
            list: UnsafeMutablePointer<GtkWidget>
        ) {
            self.folderID = folderID
            self.entries = entries
            self.widget = widget
            self.list = list
        }
    }

    public init(commands: CommandSender<any BookmarksMenuCommands>) {
        self.commands = commands
        widget = gtk_menu_button_new()
        ownership = ownWidget(widget)
        gtk_menu_button_set_icon_name(opaque(widget), "user-bookmarks-symbolic")
        gtk_widget_set_tooltip_text(widget, "Bookmarks")
        setAccessibleLabel(widget, "Bookmarks")
        popover = gtk_popover_new()
        gtk_widget_add_css_class(popover, "menu")
        stack = gtk_stack_new()
        gtk_stack_set_vhomogeneous(opaque(stack), 0)
        gtk_stack_set_interpolate_size(opaque(stack), 1)
        gtk_popover_set_child(cast(popover), stack)
        gtk_menu_button_set_popover(opaque(widget), popover)
        dropShadowWithoutCompositor(of: popover)
        connections.append(
            SignalConnection.connect(rawPointer(popover), signal: "show") { [weak self] _ in
                self?.willShow()
            })
    }

    // MARK: BookmarksMenuConsumer

    public func setBookmarksMenu(_ entries: [BookmarksMenuEntry], rootID: Int64) {
        self.entries = entries
        self.rootID = rootID
        isStale = true
        if gtk_widget_get_visible(popover) != 0 { rebuild() }
    }

    // MARK: Pages

    /// The titles of the rows of the page shown, for the tests.
    var shownRowTitles: [String] {
        guard let page = pages.last else { return [] }
        return rowTitles(of: page)
    }

    private func rowTitles(of page: Page) -> [String] {
        var titles: [String] = []
        var row = gtk_widget_get_first_child(page.list)
        while let current = row {
            titles.append(Self.rowTitle(current))
            row = gtk_widget_get_next_sibling(current)
        }
        return titles
    }

    private static func rowTitle(_ row: UnsafeMutablePointer<GtkWidget>) -> String {
        var child = gtk_widget_get_first_child(row)
        while let current = child {
            if gtkshim_is_a(UnsafeMutableRawPointer(current), gtk_label_get_type()) != 0 {
                return String(cString: gtk_label_get_text(opaque(current)))
            }
            if let inner = gtk_widget_get_first_child(current) {
                child = inner
                continue
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return ""
    }

    private func willShow() {
        if isStale || pages.isEmpty {
            rebuild()
        } else if pages.count > 1 {
            // Each opening starts at the top, as a menu does.
            while pages.count > 1 { popPage(animated: false) }
        }
    }

    /// Makes the root page again from the entries.
    private func rebuild() {
        isStale = false
        for page in pages { gtk_stack_remove(opaque(stack), page.widget) }
        pages = []
        pushPage(folderID: rootID, title: nil, entries: entries, animated: false)
    }

    /// The folder `id` among `entries` (at any depth).
    private static func folder(_ id: Int64, in entries: [BookmarksMenuEntry]) -> BookmarksMenuEntry? {
        for entry in entries where entry.isFolder {
            if entry.id == id { return entry }
            if let found = folder(id, in: entry.children) { return found }
        }
        return nil
    }

    /// Opens the folder at `index` of the page shown (a folder row activated).
    func openFolder(at index: Int) {
        guard let page = pages.last, page.entries.indices.contains(index), page.entries[index].isFolder else {
            return
        }
        let folder = page.entries[index]
        pushPage(folderID: folder.id, title: folder.title, entries: folder.children, animated: true)
    }

    /// Activates the row at `index` of the page shown, as a click (`middle`: a middle click).
    func activateRow(at index: Int, middle: Bool = false) {
        guard let page = pages.last else { return }
        let hasBack = page !== pages.first
        let entryIndex = index - (hasBack ? 1 : 0)
        if hasBack, index == 0 {
            if !middle { popPage(animated: true) }
            return
        }
        if page.entries.indices.contains(entryIndex) {
            let entry = page.entries[entryIndex]
            if entry.isFolder {
                if !middle { openFolder(at: entryIndex) }
            } else {
                commands.send { $0.openBookmark(entry.id, inNewTab: middle) }
                if !middle { gtk_popover_popdown(cast(popover)) }
            }
            return
        }
        // The last row: Open All in Tabs.
        if !middle {
            let folderID = page.folderID
            gtk_popover_popdown(cast(popover))
            commands.send { $0.openAllBookmarks(inFolder: folderID) }
        }
    }

    private func pushPage(folderID: Int64, title: String?, entries: [BookmarksMenuEntry], animated: Bool) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_NONE)
        gtk_list_box_set_activate_on_single_click(opaque(list), 1)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        setAccessibleLabel(list, title ?? "Bookmarks")
        if let title {
            gtk_list_box_append(opaque(list), Self.row(title, icon: "go-previous-symbolic", leading: true))
        }
        for entry in entries {
            gtk_list_box_append(
                opaque(list),
                Self.row(entry.title, icon: entry.isFolder ? "go-next-symbolic" : nil, leading: false))
        }
        if entries.isEmpty {
            let empty = Self.row("(Empty)", icon: nil, leading: false)
            gtk_widget_set_sensitive(empty, 0)
            gtk_list_box_append(opaque(list), empty)
        }
        if entries.contains(where: { !$0.isFolder }) {
            let openAll = Self.row("Open All in Tabs", icon: nil, leading: false)
            gtk_widget_add_css_class(openAll, "open-all")
            gtk_list_box_append(opaque(list), openAll)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(opaque(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(opaque(scrolled), 1)
        gtk_scrolled_window_set_propagate_natural_width(opaque(scrolled), 1)
        gtk_scrolled_window_set_max_content_height(opaque(scrolled), 600)
        gtk_scrolled_window_set_child(opaque(scrolled), list)
        gtk_box_append(cast(box), scrolled)
        let page = Page(folderID: folderID, entries: entries, widget: box, list: list)
        if title == nil { appendManageRow(to: box, page: page) }
        page.connections.append(
            SignalConnection.connect(rawPointer(list), signal: "row-activated") { [weak self] args in
                guard let row = args.object(at: 1) else { return }
                let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
                self?.activateRow(at: index)
            })
        let middle = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(middle, 2)
        gtk_widget_add_controller(list, middle)
        page.connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(middle), signal: "pressed") {
                [weak self] args in
                gtk_gesture_set_state(middle, GTK_EVENT_SEQUENCE_CLAIMED)
                let y = args.double(at: 3)
                guard let row = gtk_list_box_get_row_at_y(opaque(list), Int32(y)) else { return }
                self?.activateRow(at: Int(gtk_list_box_row_get_index(row)), middle: true)
            })
        pages.append(page)
        gtk_stack_add_child(opaque(stack), box)
        gtk_stack_set_transition_type(
            opaque(stack), animated ? GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT : GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_set_visible_child(opaque(stack), box)
    }

    /// The root page's last row, apart from the folder's rows: "Manage Bookmarks…" opens the
    /// Bookmarks window (the window's "win.show-bookmarks", Ctrl+Shift+O).
    private func appendManageRow(to box: UnsafeMutablePointer<GtkWidget>, page: Page) {
        gtk_box_append(cast(box), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_NONE)
        gtk_list_box_set_activate_on_single_click(opaque(list), 1)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        gtk_list_box_append(opaque(list), Self.row("Manage Bookmarks…", icon: nil, leading: false))
        gtk_box_append(cast(box), list)
        page.connections.append(
            SignalConnection.connect(rawPointer(list), signal: "row-activated") { [weak self] _ in
                guard let self else { return }
                gtk_popover_popdown(cast(popover))
                _ = gtk_widget_activate_action_variant(list, "win.show-bookmarks", nil)
            })
    }

    private func popPage(animated: Bool) {
        guard pages.count > 1 else { return }
        let top = pages.removeLast()
        gtk_stack_set_transition_type(
            opaque(stack), animated ? GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT : GTK_STACK_TRANSITION_TYPE_NONE)
        gtk_stack_set_visible_child(opaque(stack), pages[pages.count - 1].widget)
        gtk_stack_remove(opaque(stack), top.widget)
    }

    /// A row saying `title`, with `icon` before it (`leading`) or after it.
    private static func row(_ title: String, icon: String?, leading: Bool) -> UnsafeMutablePointer<GtkWidget>
    {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let label = gtk_label_new(title)!
        gtk_label_set_xalign(opaque(label), 0)
        gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(opaque(label), 40)
        gtk_widget_set_hexpand(label, 1)
        let image = icon.map { gtk_image_new_from_icon_name($0)! }
        if leading, let image { gtk_box_append(cast(box), image) }
        gtk_box_append(cast(box), label)
        if !leading, let image { gtk_box_append(cast(box), image) }
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(cast(row), box)
        setAccessibleLabel(row, title)
        return row
    }
}
