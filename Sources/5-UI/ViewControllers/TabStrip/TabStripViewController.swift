public import Base
public import CAdwaita
import CGLib
import CGTK
public import Commands
import Foundation
import GLibSupport
import GTKShims
public import UIInterfaces

/// The tab strip: an AdwTabBar over an AdwTabView whose pages stand for the tabs.
///
/// The pages are created, moved, removed, pinned and selected only by ``TabStripConsumer``
/// pushes. What the user does in the bar (select, close, middle-click close, drag, the context
/// menu) is sent as a ``TabStripCommands`` command and does not change the strip by itself:
/// the mediator's push does. Where AdwTabBar has already changed the view (a click selects, a
/// drag reorders), the strip goes back to what it was last told once the command returns,
/// so a refused command leaves no trace. Each page's child is an empty placeholder: the
/// content view controller shows the real view, and the tab view itself is not shown.
///
/// Its facets: what the user does in the bar (`+UserActions`), making the pages of a large
/// push lazily (`+PageMaking`), dragging tabs out of the bar and dropping them on another
/// strip of the ``TabStripRegistry`` or on no bar (`+Dragging`, and ``StuckDropWorkaround``
/// for GTK's X11 backend), and the tabs' context menu (`+ContextMenu`).
@MainActor
public final class TabStripViewController: ViewController, TabStripConsumer {
    /// A vertical box: the tab bar (and the hidden tab view).
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The AdwTabView (`AdwTabView *`).
    let tabView: OpaquePointer
    /// The AdwTabBar (`AdwTabBar *`).
    let tabBar: OpaquePointer
    /// The context menu's actions ("tab.pin", "tab.close" …).
    let menuActions = ActionGroup()

    let tabStrip: CommandSender<any TabStripCommands>
    /// Where moves to other windows go.
    let scene: CommandSender<any SceneCommands>
    /// The strips a tab of this one may be dropped on, this one included.
    let registry: TabStripRegistry
    private let ownership: GObjectRef
    var connections: [SignalConnection] = []

    // What the strip was last told.
    var order: [TabIdentifier] = []
    var items: [TabIdentifier: TabStripItem] = [:]
    var pages: [TabIdentifier: OpaquePointer] = [:]
    var selectedID: TabIdentifier?

    /// Tabs whose pages are still to be made (see ``setTabs(_:selectedIndex:)``), and the
    /// idle source making them.
    var pagesToMake: Set<TabIdentifier> = []
    var makePagesSource: UInt32?
    /// The idle source naming the close buttons of the tabs made since it was added.
    var closeButtonNamesSource: UInt32?
    /// Sets ``mayMakePagesWhileLoading`` once the pages still to be made waited long enough.
    var makePagesWaitAction: (any ScheduledAction)?
    /// Whether the pages still to be made may be made even while the selected tab loads.
    var mayMakePagesWhileLoading = false
    /// The clock of ``makePagesWait``.
    let clock: any TimerClock

    /// Non-zero while a push changes the view: signals then are not the user's.
    var applyingPush = 0
    var reconcileSource: UInt32?
    /// The "Move to Window" submenu's entries (a `GMenu *`).
    let moveTargetsMenu = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))

    /// The tab whose context menu is open.
    var menuTarget: TabIdentifier?

    /// This window (pushed); drops from other windows are moved here with it.
    var window: WindowIdentifier?
    /// The tab dragged out of this strip, while libadwaita holds its page outside the view.
    var drag: TabDrag?
    /// Pages of other strips dropped on this one, with the index of the drop, until the idle
    /// hands them back to their strips.
    var droppedPages: [(page: OpaquePointer, index: Int)] = []
    var dragEndSource: UInt32?
    private var stuckDropWorkaround: StuckDropWorkaround?

    /// An empty strip, registered in `registry`; user actions are sent through `tabStrip`,
    /// moves to other windows through `scene`. `clock` times how long the pages of a large
    /// push wait for the selected tab's load (tests pass a manual one).
    public init(
        tabStrip: CommandSender<any TabStripCommands>, scene: CommandSender<any SceneCommands>,
        registry: TabStripRegistry, clock: any TimerClock = SystemTimerClock()
    ) {
        self.tabStrip = tabStrip
        self.scene = scene
        self.registry = registry
        self.clock = clock
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        ownership = ownWidget(widget)
        tabView = adw_tab_view_new()
        tabBar = adw_tab_bar_new()
        adw_tab_bar_set_view(tabBar, tabView)
        // Hidden while the window has one tab (and no pinned tab), as in GNOME Web: the bar
        // comes back with the second tab, and while a tab is dragged over it.
        adw_tab_bar_set_autohide(tabBar, 1)
        setAccessibleLabel(asWidget(tabBar), "Tabs")
        // Its keyboard shortcuts would change the view locally: the window's send commands.
        adw_tab_view_set_shortcuts(tabView, ADW_TAB_VIEW_SHORTCUT_NONE)
        gtk_widget_set_visible(asWidget(tabView), 0)
        gtk_box_append(cast(widget), asWidget(tabBar))
        gtk_box_append(cast(widget), asWidget(tabView))
        installMenu()
        connectUserActions()
        connectDragSignals()
        stuckDropWorkaround = StuckDropWorkaround(stripWidget: widget) { [weak self] page in
            self?.isDragging(page) ?? false
        }
        registry.register(self)
    }

    // MARK: Visibility

    /// Follows `broadcaster`'s ``BroadcastProperty/isTabStripVisible``: the strip shows only
    /// while it is true (always, until it is first told).
    public func observe(_ broadcaster: Broadcaster) {
        broadcaster.addObserver(self, for: .isTabStripVisible) { strip, visible in
            gtk_widget_set_visible(strip.widget, visible ? 1 : 0)
        }
    }

    public func stopObserving(_ broadcaster: Broadcaster) { broadcaster.removeObserver(self) }

    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    isolated deinit {
        if let reconcileSource { GLibMainLoop.removeSource(reconcileSource) }
        if let dragEndSource { GLibMainLoop.removeSource(dragEndSource) }
        if let makePagesSource { GLibMainLoop.removeSource(makePagesSource) }
        if let closeButtonNamesSource { GLibMainLoop.removeSource(closeButtonNamesSource) }
        makePagesWaitAction?.cancel()
    }

    // MARK: TabStripConsumer

    /// Replaces every tab.
    ///
    /// A page costs about half a millisecond (AdwTabBar makes a widget tree for each tab, and
    /// it does not virtualize them). A push bringing many new tabs, such as a restored
    /// session of 1,000, makes the pages of the ``eagerPageCount`` tabs around the selected
    /// one now, so the window can show without waiting for the rest, and the others on idle
    /// (``pagesPerIdle`` at a time, in order), unless a push needs one sooner.
    public func setTabs(_ items: [TabStripItem], selectedIndex: Int?) {
        withPush {
            let ids = Set(items.map(\.id))
            for id in order where !ids.contains(id) { closePage(id) }
            order = items.map(\.id)
            selectedID = selectedIndex.flatMap { items.indices.contains($0) ? items[$0].id : nil }
            let newCount = items.count { pages[$0.id] == nil && !pagesToMake.contains($0.id) }
            var eager = items.indices
            if newCount > Self.eagerPageCount {
                let center = selectedIndex.map { min(max($0, 0), items.count - 1) } ?? 0
                let start = max(0, min(center - Self.eagerPageCount / 2, items.count - Self.eagerPageCount))
                eager = start..<(start + Self.eagerPageCount)
            }
            for (index, item) in items.enumerated() {
                if pages[item.id] == nil, pagesToMake.contains(item.id) || !eager.contains(index) {
                    self.items[item.id] = item
                    pagesToMake.insert(item.id)
                } else {
                    show(item)
                }
            }
            if let selectedID, pagesToMake.contains(selectedID), let item = self.items[selectedID] {
                show(item)
            }
            scheduleMakingPages()
        }
    }

    public func insertTab(_ item: TabStripItem, at index: Int) {
        withPush {
            order.insert(item.id, at: min(max(index, 0), order.count))
            show(item)
        }
    }

    public func moveTab(from fromIndex: Int, to toIndex: Int) {
        guard order.indices.contains(fromIndex), order.indices.contains(toIndex) else { return }
        withPush { order.insert(order.remove(at: fromIndex), at: toIndex) }
    }

    public func removeTab(at index: Int) {
        guard order.indices.contains(index) else { return }
        withPush {
            let id = order.remove(at: index)
            closePage(id)
            if selectedID == id { selectedID = nil }
        }
    }

    public func updateTab(_ item: TabStripItem, at index: Int) {
        guard order.indices.contains(index) else { return }
        let reordering = order[index] != item.id || items[item.id]?.isPinned != item.isPinned
        withPush(reconcilingOrder: reordering) {
            let old = order[index]
            if old != item.id {
                closePage(old)
                order[index] = item.id
            }
            if pagesToMake.contains(item.id) {
                items[item.id] = item  // shown when its page is made
            } else {
                show(item)
            }
        }
        scheduleMakingPages()
    }

    public func selectTab(at index: Int?) {
        withPush(reconcilingOrder: false) {
            selectedID = index.flatMap { order.indices.contains($0) ? order[$0] : nil }
            if let selectedID, pagesToMake.contains(selectedID), let item = items[selectedID] { show(item) }
        }
        scheduleMakingPages()
    }

    // MARK: Applying pushes

    /// Applies a push, then brings the view back to what was pushed: all of it, or, for a push
    /// that cannot change the order (a selection, a title), only the selection — a tab switch
    /// then reads no page list (a user's change the push did not undo is reconciled on idle).
    private func withPush(reconcilingOrder: Bool = true, _ body: () -> Void) {
        applyingPush += 1
        defer { applyingPush -= 1 }
        body()
        if reconcilingOrder {
            reconcile()
        } else {
            applyingPush += 1
            defer { applyingPush -= 1 }
            showSelection()
        }
    }

    /// Creates the page of `item` if it has none (also when it was still to be made) and shows
    /// its values.
    func show(_ item: TabStripItem) {
        var previous = items[item.id]
        items[item.id] = item
        let page: OpaquePointer
        if let existing = pages[item.id] {
            page = existing
        } else {
            pagesToMake.remove(item.id)
            previous = nil
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
            // Where it goes among the pages made so far (reconcile() would move it there too,
            // at a linear search per move).
            let position = Int32(order.prefix { $0 != item.id }.count { pages[$0] != nil })
            page =
                item.isPinned
                ? adw_tab_view_insert_pinned(
                    tabView, placeholder, min(position, adw_tab_view_get_n_pinned_pages(tabView)))
                : adw_tab_view_insert(
                    tabView, placeholder,
                    min(
                        max(position, adw_tab_view_get_n_pinned_pages(tabView)),
                        adw_tab_view_get_n_pages(tabView)))
            pages[item.id] = page
            scheduleNamingCloseButtons()
        }
        adw_tab_page_set_title(page, item.title)
        adw_tab_page_set_tooltip(page, item.url.isEmpty ? item.title : item.url)
        adw_tab_page_set_loading(page, item.isLoading ? 1 : 0)
        if (adw_tab_page_get_pinned(page) != 0) != item.isPinned, contains(page) {
            adw_tab_view_set_page_pinned(tabView, page, item.isPinned ? 1 : 0)
            scheduleNamingCloseButtons()
        }
        if previous == nil || previous?.favicon != item.favicon {
            setFavicon(item.favicon, on: page)
        }
        if previous?.isCrashed != item.isCrashed {
            if item.isCrashed {
                let icon = g_themed_icon_new("dialog-warning-symbolic")!
                adw_tab_page_set_indicator_icon(page, icon)
                adw_tab_page_set_indicator_tooltip(page, "This tab crashed")
                g_object_unref(UnsafeMutableRawPointer(icon))
            } else {
                adw_tab_page_set_indicator_icon(page, nil)
            }
        }
    }

    private func setFavicon(_ png: Data?, on page: OpaquePointer) {
        guard let png, !png.isEmpty else {
            adw_tab_page_set_icon(page, nil)
            return
        }
        let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            g_error_free(error)
            adw_tab_page_set_icon(page, nil)
            return
        }
        adw_tab_page_set_icon(page, texture)  // GdkTexture implements GIcon
        g_object_unref(UnsafeMutableRawPointer(texture))
    }

    private func closePage(_ id: TabIdentifier) {
        items[id] = nil
        if pagesToMake.remove(id) != nil { return }
        guard let page = pages.removeValue(forKey: id) else { return }
        if drag?.page == page {
            // Out of the view, in libadwaita's hands: closed once the drag has left it somewhere.
            drag?.isClosed = true
            return
        }
        // Emits "close-page", which confirms it while a push is applied.
        if contains(page) { adw_tab_view_close_page(tabView, page) }
    }

    /// Brings the view's order, pinning and selection back to what was pushed. A page out of
    /// the view (being dragged) is skipped; a page of no strip's tab (left by a drag) closes.
    ///
    /// Linear in the number of tabs when the view is in order (every push ends here, a tab
    /// switch included): the view's pages are read once into a mirror that follows each
    /// reorder, because libadwaita's own `adw_tab_view_get_page_position` is a linear search,
    /// and calling it per page made each push quadratic (20–60 ms of every push at 1,000 tabs).
    func reconcile() {
        applyingPush += 1
        defer { applyingPush -= 1 }
        var viewPages = Self.pages(of: tabView)
        let known = Set(pages.values)
        let strays = viewPages.filter { !known.contains($0) && registry.strip(dragging: $0) == nil }
        if !strays.isEmpty {
            for page in strays { adw_tab_view_close_page(tabView, page) }
            viewPages = Self.pages(of: tabView)
        }
        let present = Set(viewPages)
        var index = 0
        for id in order {
            guard let page = pages[id], present.contains(page) else { continue }
            if let item = items[id], (adw_tab_page_get_pinned(page) != 0) != item.isPinned {
                adw_tab_view_set_page_pinned(tabView, page, item.isPinned ? 1 : 0)
                viewPages = Self.pages(of: tabView)
            }
            if viewPages.indices.contains(index), viewPages[index] != page {
                if adw_tab_view_reorder_page(tabView, page, Int32(index)) != 0,
                    let from = viewPages.firstIndex(of: page)
                {
                    viewPages.remove(at: from)
                    viewPages.insert(page, at: index)
                } else {
                    viewPages = Self.pages(of: tabView)
                }
            }
            index += 1
        }
        if let selectedID, let page = pages[selectedID], present.contains(page) { showSelection() }
    }

    /// Names the close buttons of the tab bar's tabs ("Close Tab"), once on idle for all the
    /// pages made (or pinned) until then: AdwTabBar makes a tab's widgets when its page is
    /// added and gives the close button only a tooltip.
    func scheduleNamingCloseButtons() {
        guard closeButtonNamesSource == nil else { return }
        closeButtonNamesSource = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            closeButtonNamesSource = nil
            setAccessibleLabelOfIconButtons(
                in: asWidget(tabBar), iconName: "window-close-symbolic", "Close Tab")
        }
    }

    /// Selects the selected tab's page in the view, unless it is out on a drag.
    private func showSelection() {
        guard let selectedID, let page = pages[selectedID], adw_tab_view_get_selected_page(tabView) != page,
            drag?.page != page
        else { return }
        adw_tab_view_set_selected_page(tabView, page)
    }

    /// The index in the pushed order that the view's `position` stands for: where tab `id`
    /// (in the order) moved to, or where a tab of another strip (`id` nil) was dropped. The
    /// position itself while every page is made; else it counts from the made page before it.
    func orderIndex(ofViewPosition position: Int, for id: TabIdentifier?) -> Int {
        guard !pagesToMake.isEmpty, position > 0 else { return position }
        let viewPages = Self.pages(of: tabView)
        guard viewPages.indices.contains(position - 1), let previous = self.id(of: viewPages[position - 1]),
            let previousIndex = order.firstIndex(of: previous)
        else { return position }
        if let id, let current = order.firstIndex(of: id), current <= previousIndex { return previousIndex }
        return previousIndex + 1
    }

    /// Whether `page` is in this strip's view (not out on a drag).
    func contains(_ page: OpaquePointer) -> Bool {
        Self.pages(of: tabView).contains(page)
    }

    /// The pages of `view`, in order.
    static func pages(of view: OpaquePointer) -> [OpaquePointer] {
        (0..<adw_tab_view_get_n_pages(view)).compactMap { adw_tab_view_get_nth_page(view, $0) }
    }

    func id(of page: UnsafeMutableRawPointer?) -> TabIdentifier? {
        guard let page else { return nil }
        return pages.first { UnsafeMutableRawPointer($0.value) == page }?.key
    }

    func id(of page: OpaquePointer) -> TabIdentifier? { id(of: UnsafeMutableRawPointer(page)) }

    // MARK: For tests

    /// The titles of the view's pages, in the view's order.
    var pageTitles: [String] {
        (0..<adw_tab_view_get_n_pages(tabView)).map { index in
            let page = adw_tab_view_get_nth_page(tabView, index)
            return adw_tab_page_get_title(page).map { String(cString: $0) } ?? ""
        }
    }

    func page(of id: TabIdentifier) -> OpaquePointer? { pages[id] }
}
