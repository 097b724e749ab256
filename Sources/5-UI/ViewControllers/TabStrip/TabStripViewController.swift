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
/// Dragging a tab out of the bar moves its page between AdwTabViews: libadwaita detaches it
/// from this view when the drag begins and attaches it where it is dropped — back into this
/// bar, into another window's bar (any AdwTabBar of the process takes it), or, dropped on
/// no bar, into the view "create-window" returns. None of that is kept: once the drag is
/// over (on idle, outside libadwaita's drag code), the page comes back to this view where
/// the push left it, and the strip sends the command — `moveTab(_:to:)`,
/// ``SceneCommands/moveTabToNewWindow(_:)`` or, for a drop on another strip, whose
/// window the strip learns from that strip, ``SceneCommands/moveTab(_:toWindow:at:)``.
/// The mediators then push the lists, and each strip shows its own.
@MainActor
public final class TabStripViewController: ViewController, TabStripConsumer, TabMoveTargetsConsumer {
    /// A vertical box: the tab bar (and the hidden tab view).
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The AdwTabView (`AdwTabView *`).
    let tabView: OpaquePointer
    /// The AdwTabBar (`AdwTabBar *`).
    let tabBar: OpaquePointer
    /// The context menu's actions ("tab.pin", "tab.close" …).
    let menuActions = ActionGroup()

    private let tabStrip: CommandSender<any TabStripCommands>
    private let scene: CommandSender<any SceneCommands>
    private let ownership: GObjectRef
    private var connections: [SignalConnection] = []

    // What the strip was last told.
    private var order: [TabIdentifier] = []
    private var items: [TabIdentifier: TabStripItem] = [:]
    private var pages: [TabIdentifier: OpaquePointer] = [:]
    private var selectedID: TabIdentifier?

    /// Tabs whose pages are still to be made (see ``setTabs(_:selectedIndex:)``), and the
    /// idle source making them.
    private var pagesToMake: Set<TabIdentifier> = []
    private var makePagesSource: UInt32?
    /// Sets ``mayMakePagesWhileLoading`` once the pages still to be made waited long enough.
    private var makePagesWaitAction: (any ScheduledAction)?
    /// Whether the pages still to be made may be made even while the selected tab loads.
    private var mayMakePagesWhileLoading = false
    /// How long the pages still to be made wait for the selected tab's page, at most.
    static let makePagesWait: Duration = .seconds(1)
    /// The clock of ``makePagesWait``.
    private let clock: any TimerClock

    /// A push bringing more new tabs than this makes the pages around the selected tab at
    /// once and the others on idle, `pagesPerIdle` at a time.
    static let eagerPageCount = 40
    /// How many pages an idle callback makes: about 10 ms of main-thread work.
    static let pagesPerIdle = 25

    /// Non-zero while a push changes the view: signals then are not the user's.
    private var applyingPush = 0
    private var reconcileSource: UInt32?
    /// The "Move to Window" submenu's entries (a `GMenu *`).
    private let moveTargetsMenu = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))

    /// The tab whose context menu is open.
    private(set) var menuTarget: TabIdentifier?

    /// This window (pushed); drops from other windows are moved here with it.
    private var window: WindowIdentifier?
    /// The tab dragged out of this strip, while libadwaita holds its page outside the view.
    private var drag: TabDrag?
    /// Pages of other strips dropped on this one, with the index of the drop, until the idle
    /// hands them back to their strips.
    private var droppedPages: [(page: OpaquePointer, index: Int)] = []
    private var dragEndSource: UInt32?
    /// The GdkDrag carrying this strip's dragged tab, once seen over the window, and its
    /// signal handlers (see `watchForStuckDrop(_:)`).
    private var watchedDrag: (drag: GObjectRef, connections: [SignalConnection])?
    private var stuckDropTimeout: UInt32?
    /// The handlers of the controller that sees drags over the strip's window.
    private var windowDragWatch: [SignalConnection] = []

    /// Every strip of the process: a page dropped on one strip belongs to another.
    private static var strips: [WeakTabStrip] = []

    /// The view "create-window" returns, shared by every strip and never shown: a page
    /// dropped on no tab bar lands there until its strip takes it back.
    ///
    /// AdwTabView's "create-window" handler must return a view. libadwaita 1.2 treats NULL
    /// as a programming error: `adw_tab_view_create_window` logs the critical warning
    /// "AdwTabView::create-window handler must not return NULL" and only then puts the
    /// page back where it was. Returning this view instead is quiet (the page is attached to
    /// it, selected there, and the transfer ends as for any drop), and it keeps the model the
    /// only source of truth: the strip takes the page back on idle and sends
    /// `moveTabToNewWindow`, and the new window shows the tab from its own push. It lives for
    /// the process (the signal's return value takes a reference libadwaita never drops).
    private static let newWindowView: OpaquePointer = {
        let view = adw_tab_view_new()!
        _ = g_object_ref_sink(UnsafeMutableRawPointer(view))
        adw_tab_view_set_shortcuts(view, ADW_TAB_VIEW_SHORTCUT_NONE)
        return view
    }()

    /// An empty strip; user actions are sent through `tabStrip`, moves to other windows
    /// through `scene`. `clock` times how long the pages of a large push wait for the selected
    /// tab's load (tests pass a manual one).
    public init(
        tabStrip: CommandSender<any TabStripCommands>, scene: CommandSender<any SceneCommands>,
        clock: any TimerClock = SystemTimerClock()
    ) {
        self.tabStrip = tabStrip
        self.scene = scene
        self.clock = clock
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        ownership = ownWidget(widget)
        tabView = adw_tab_view_new()
        tabBar = adw_tab_bar_new()
        adw_tab_bar_set_view(tabBar, tabView)
        adw_tab_bar_set_autohide(tabBar, 0)
        setAccessibleLabel(asWidget(tabBar), "Tabs")
        // Its keyboard shortcuts would change the view locally: the window's send commands.
        adw_tab_view_set_shortcuts(tabView, ADW_TAB_VIEW_SHORTCUT_NONE)
        gtk_widget_set_visible(asWidget(tabView), 0)
        gtk_box_append(cast(widget), asWidget(tabBar))
        gtk_box_append(cast(widget), asWidget(tabView))
        installMenu()
        connectSignals()
        Self.strips.removeAll { $0.strip == nil }
        Self.strips.append(WeakTabStrip(strip: self))
    }

    // MARK: Visibility

    /// Follows `broadcaster`'s ``BroadcastProperty/isTabStripVisible``: the strip shows only
    /// while it is true (always, until it is first told).
    public func observe(_ broadcaster: Broadcaster) {
        broadcaster.addObserver(self, for: .isTabStripVisible) { strip, visible in
            gtk_widget_set_visible(strip.widget, visible ? 1 : 0)
        }
    }

    /// Stops following `broadcaster`.
    public func stopObserving(_ broadcaster: Broadcaster) { broadcaster.removeObserver(self) }

    /// Whether the strip shows.
    var isVisible: Bool { gtk_widget_get_visible(widget) != 0 }

    isolated deinit {
        if let reconcileSource { GLibMainLoop.removeSource(reconcileSource) }
        if let dragEndSource { GLibMainLoop.removeSource(dragEndSource) }
        if let stuckDropTimeout { GLibMainLoop.removeSource(stuckDropTimeout) }
        if let makePagesSource { GLibMainLoop.removeSource(makePagesSource) }
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

    /// Inserts a tab at `index`.
    public func insertTab(_ item: TabStripItem, at index: Int) {
        withPush {
            order.insert(item.id, at: min(max(index, 0), order.count))
            show(item)
        }
    }

    /// Moves the tab at `fromIndex` to `toIndex`.
    public func moveTab(from fromIndex: Int, to toIndex: Int) {
        guard order.indices.contains(fromIndex), order.indices.contains(toIndex) else { return }
        withPush { order.insert(order.remove(at: fromIndex), at: toIndex) }
    }

    /// Removes the tab at `index`.
    public func removeTab(at index: Int) {
        guard order.indices.contains(index) else { return }
        withPush {
            let id = order.remove(at: index)
            closePage(id)
            if selectedID == id { selectedID = nil }
        }
    }

    /// Updates the tab at `index`.
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

    /// Selects the tab at `index`.
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
    private func show(_ item: TabStripItem) {
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
        }
        adw_tab_page_set_title(page, item.title)
        adw_tab_page_set_tooltip(page, item.url.isEmpty ? item.title : item.url)
        adw_tab_page_set_loading(page, item.isLoading ? 1 : 0)
        if (adw_tab_page_get_pinned(page) != 0) != item.isPinned, contains(page) {
            adw_tab_view_set_page_pinned(tabView, page, item.isPinned ? 1 : 0)
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
    private func reconcile() {
        applyingPush += 1
        defer { applyingPush -= 1 }
        var viewPages = Self.pages(of: tabView)
        let known = Set(pages.values)
        let strays = viewPages.filter { !known.contains($0) && Self.strip(dragging: $0) == nil }
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
    private func orderIndex(ofViewPosition position: Int, for id: TabIdentifier?) -> Int {
        guard !pagesToMake.isEmpty, position > 0 else { return position }
        let viewPages = Self.pages(of: tabView)
        guard viewPages.indices.contains(position - 1), let previous = self.id(of: viewPages[position - 1]),
            let previousIndex = order.firstIndex(of: previous)
        else { return position }
        if let id, let current = order.firstIndex(of: id), current <= previousIndex { return previousIndex }
        return previousIndex + 1
    }

    /// Makes the pages still to be made on idle, ``pagesPerIdle`` per callback, in order.
    ///
    /// They wait while the selected tab loads (for ``makePagesWait`` at most): on two cores,
    /// a few hundred milliseconds of widget making would compete with the page the user is
    /// waiting for, and the bar already shows the tabs around the selected one.
    private func scheduleMakingPages() {
        if pagesToMake.isEmpty {
            // All made: the next large push waits for its selected tab again.
            makePagesWaitAction?.cancel()
            makePagesWaitAction = nil
            mayMakePagesWhileLoading = false
            return
        }
        guard makePagesSource == nil else { return }
        if let selectedID, items[selectedID]?.isLoading == true, !mayMakePagesWhileLoading {
            guard makePagesWaitAction == nil else { return }
            makePagesWaitAction = clock.schedule(after: Self.makePagesWait) { [weak self] in
                guard let self else { return }
                makePagesWaitAction = nil
                mayMakePagesWhileLoading = true
                scheduleMakingPages()
            }
            return
        }
        makePagesSource = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            makePagesSource = nil
            applyingPush += 1
            defer { applyingPush -= 1 }
            var made = 0
            for id in order where pagesToMake.contains(id) {
                guard let item = items[id] else { continue }
                show(item)
                made += 1
                if made == Self.pagesPerIdle { break }
            }
            if made == 0 { pagesToMake.removeAll() }
            if made > 0 { scrollSelectedTabIntoView() }
            scheduleMakingPages()
        }
    }

    /// Scrolls the bar back to the selected tab. AdwTabBar scrolls to every page added
    /// unselected (libadwaita 1.2's AdwTabBox, `page_attached_cb`), and pages made on idle
    /// would leave the bar at the last of them; it has no scrolling API, but it scrolls to
    /// the tab a selection change selects, so the selection goes to another page and back
    /// while a push is applied (the view's selection is the strip's own: the content area
    /// shows the tab the model selected, and the tab view itself is never shown).
    private func scrollSelectedTabIntoView() {
        guard let selectedID, let page = pages[selectedID], adw_tab_view_get_n_pages(tabView) > 1,
            let first = adw_tab_view_get_nth_page(tabView, 0),
            let other = first != page ? first : adw_tab_view_get_nth_page(tabView, 1)
        else { return }
        adw_tab_view_set_selected_page(tabView, other)
        adw_tab_view_set_selected_page(tabView, page)
    }

    /// Whether `page` is in this strip's view (not out on a drag).
    private func contains(_ page: OpaquePointer) -> Bool {
        Self.pages(of: tabView).contains(page)
    }

    /// The pages of `view`, in order.
    private static func pages(of view: OpaquePointer) -> [OpaquePointer] {
        (0..<adw_tab_view_get_n_pages(view)).compactMap { adw_tab_view_get_nth_page(view, $0) }
    }

    /// Reconciles once the current user action and its command are over.
    private func scheduleReconcile() {
        guard reconcileSource == nil else { return }
        reconcileSource = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            reconcileSource = nil
            reconcile()
        }
    }

    private func id(of page: UnsafeMutableRawPointer?) -> TabIdentifier? {
        guard let page else { return nil }
        return pages.first { UnsafeMutableRawPointer($0.value) == page }?.key
    }

    private func id(of page: OpaquePointer) -> TabIdentifier? { id(of: UnsafeMutableRawPointer(page)) }

    // MARK: Dragging tabs out

    /// The strip whose dragged tab `page` is.
    private static func strip(dragging page: OpaquePointer) -> TabStripViewController? {
        strips.lazy.compactMap(\.strip).first { $0.drag?.page == page }
    }

    /// Ends drags once libadwaita is done with them (its drag code must not see its views
    /// change under it).
    private func scheduleDragEnd() {
        guard dragEndSource == nil else { return }
        dragEndSource = GLibMainLoop.addIdle { [weak self] in
            guard let self else { return }
            dragEndSource = nil
            endDrags()
        }
    }

    /// Hands pages dropped here back to the strips they came from, which send the move to
    /// this window; takes this strip's dragged page back from wherever it was dropped
    /// (this view, or the view "create-window" returned) and sends the move it stands for.
    private func endDrags() {
        let dropped = droppedPages
        droppedPages = []
        for (page, index) in dropped where Self.pages(of: tabView).contains(page) {
            guard let source = Self.strip(dragging: page) else { continue }  // closed by reconcile()
            let id = source.takeBackDraggedPage(from: tabView)
            if let id, let window {
                source.scene.send { $0.moveTab(id, toWindow: window, at: index) }
            }
        }
        if let drag {
            if let index = drag.droppedAt, contains(drag.page) {
                // Dropped back on this bar (or the drag was cancelled): a reorder.
                self.drag = nil
                if !drag.isClosed, index != order.firstIndex(of: drag.id) {
                    tabStrip.send { $0.moveTab(drag.id, to: index) }
                }
            } else if Self.pages(of: Self.newWindowView).contains(drag.page) {
                if let id = takeBackDraggedPage(from: Self.newWindowView) {
                    scene.send { $0.moveTabToNewWindow(id) }
                }
            }
        }
        // A page no strip waits for (its strip went away during the drag).
        for page in Self.pages(of: Self.newWindowView) where Self.strip(dragging: page) == nil {
            adw_tab_view_close_page(Self.newWindowView, page)
        }
        reconcile()
    }

    /// Ends this strip's drag: its page comes back from `view` (where the drop left it) to
    /// this view, at its pushed place, or closes there when its tab went away meanwhile.
    /// Returns the dragged tab, unless it went away.
    private func takeBackDraggedPage(from view: OpaquePointer) -> TabIdentifier? {
        guard let drag else { return nil }
        self.drag = nil
        applyingPush += 1
        defer { applyingPush -= 1 }
        if drag.isClosed {
            adw_tab_view_close_page(view, drag.page)
            return nil
        }
        let pinned = Int(adw_tab_view_get_n_pinned_pages(tabView))
        let count = Int(adw_tab_view_get_n_pages(tabView))
        let index = min(max(order.firstIndex(of: drag.id) ?? count, pinned), count)
        adw_tab_view_transfer_page(view, drag.page, tabView, Int32(index))
        reconcile()
        return drag.id
    }

    // MARK: Drops on the bare X11 desktop

    /// How long a drop may take to end before the strip takes it for one GDK never ends.
    private static let stuckDropDelay: UInt32 = 1000

    /// Watches drags over the window the strip is in (a GtkDropControllerMotion on it: a
    /// drag of this process shows there with its GdkDrag), for `watchForStuckDrop(_:)`.
    private func watchWindowForDrags() {
        guard windowDragWatch.isEmpty, let root = gtk_widget_get_root(widget) else { return }
        let window: UnsafeMutablePointer<GtkWidget> = cast(root)
        let controller = gtk_drop_controller_motion_new()!
        gtk_widget_add_controller(window, controller)
        for signal in ["enter", "motion"] {
            windowDragWatch.append(
                SignalConnection.connect(UnsafeMutableRawPointer(controller), signal: signal) {
                    [weak self] _ in
                    guard let self, let drop = gtk_drop_controller_motion_get_drop(controller) else { return }
                    watchForStuckDrop(drop)
                })
        }
    }

    /// GTK 4.8's X11 backend never ends a drop on the root window (the bare desktop): it
    /// logs "Drops for GDK_DRAG_PROTO_ROOTWIN must be handled internally", and the GdkDrag
    /// then waits for an answer that never comes, so libadwaita never asks for a new window
    /// and the tab stays out of the bar. Once `drop`'s drag, if it carries this strip's
    /// dragged tab, is dropped, the strip gives it `stuckDropDelay` to end (a drop on a tab
    /// bar ends within milliseconds); then it cancels it as dropped on no target — what GDK
    /// does for a drop anywhere else outside a tab bar, and libadwaita then emits
    /// "create-window".
    private func watchForStuckDrop(_ drop: OpaquePointer) {
        guard watchedDrag == nil, let drag, let carrier = gdk_drop_get_drag(drop),
            Self.page(carriedBy: carrier) == drag.page
        else { return }
        let instance = UnsafeMutableRawPointer(carrier)
        var connections = [
            SignalConnection.connect(instance, signal: "drop-performed") { [weak self] _ in
                guard let self, stuckDropTimeout == nil else { return }
                stuckDropTimeout = GLibMainLoop.addTimeout(milliseconds: Self.stuckDropDelay) {
                    [weak self] in
                    guard let self else { return }
                    stuckDropTimeout = nil
                    if let carrier = watchedDrag?.drag {
                        gtkshim_drag_cancel(carrier.opaque, GDK_DRAG_CANCEL_NO_TARGET)
                    }
                }
            }
        ]
        for signal in ["dnd-finished", "cancel"] {
            connections.append(
                SignalConnection.connect(instance, signal: signal) { [weak self] _ in
                    guard let self else { return }
                    if let stuckDropTimeout { GLibMainLoop.removeSource(stuckDropTimeout) }
                    stuckDropTimeout = nil
                    // Kept alive until GDK's own handlers of the signal have run.
                    GLibMainLoop.addIdle { [weak self] in
                        guard let self, watchedDrag?.drag.pointer == instance else { return }
                        watchedDrag = nil
                    }
                })
        }
        watchedDrag = (GObjectRef(retaining: instance), connections)
    }

    /// The AdwTabPage a GdkDrag carries (AdwTabBar puts the page in its content), if any.
    private static func page(carriedBy drag: OpaquePointer) -> OpaquePointer? {
        guard let content = gdk_drag_get_content(drag) else { return nil }
        var value = GValue()
        g_value_init(&value, adw_tab_page_get_type())
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(content, &value, nil) != 0 else { return nil }
        return g_value_get_object(&value).map(OpaquePointer.init)
    }

    // MARK: User actions

    private func connectSignals() {
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(widget), signal: "notify::root") {
                [weak self] _ in
                self?.watchWindowForDrags()
            })
        let view = UnsafeMutableRawPointer(tabView)
        connections.append(
            SignalConnection.connect(view, signal: "close-page") { [weak self] args in
                args.setReturnValue(true)  // handled here: the default handler must not run
                guard let self, let page = args.object(at: 1) else { return }
                if applyingPush > 0 || id(of: page) == nil {
                    adw_tab_view_close_page_finish(tabView, OpaquePointer(page), 1)
                    return
                }
                adw_tab_view_close_page_finish(tabView, OpaquePointer(page), 0)
                if let id = id(of: page) { tabStrip.send { $0.closeTab(id) } }
            })
        connections.append(
            SignalConnection.connect(view, signal: "page-reordered") { [weak self] args in
                guard let self, applyingPush == 0, let id = id(of: args.object(at: 1)) else { return }
                let index = orderIndex(ofViewPosition: Int(args.int(at: 2)), for: id)
                tabStrip.send { $0.moveTab(id, to: index) }
                scheduleReconcile()
            })
        connections.append(
            SignalConnection.connect(view, signal: "notify::selected-page") { [weak self] _ in
                // A transfer (a drag) selects another page when it takes one away, and the
                // page it brings: neither is the user's choice.
                guard let self, applyingPush == 0, adw_tab_view_get_is_transferring_page(tabView) == 0 else {
                    return
                }
                let selected = adw_tab_view_get_selected_page(tabView).map { UnsafeMutableRawPointer($0) }
                guard let id = id(of: selected), id != selectedID else { return }
                tabStrip.send { $0.selectTab(id) }
                scheduleReconcile()
            })
        connections.append(
            SignalConnection.connect(view, signal: "page-detached") { [weak self] args in
                // Outside a push, only a drag takes a page away: AdwTabBar's, out of the bar.
                guard let self, applyingPush == 0, let page = args.object(at: 1), let id = id(of: page) else {
                    return
                }
                drag = TabDrag(id: id, page: OpaquePointer(page))
            })
        connections.append(
            SignalConnection.connect(view, signal: "page-attached") { [weak self] args in
                // The end of a drag: this strip's page back, or another strip's dropped here.
                guard let self, applyingPush == 0, let page = args.object(at: 1) else { return }
                let position = Int(args.int(at: 2))
                if let drag, drag.page == OpaquePointer(page) {
                    self.drag?.droppedAt = orderIndex(ofViewPosition: position, for: drag.id)
                } else if id(of: page) == nil {
                    droppedPages.append((OpaquePointer(page), orderIndex(ofViewPosition: position, for: nil)))
                }
                scheduleDragEnd()
            })
        connections.append(
            SignalConnection.connect(view, signal: "create-window") { [weak self] args in
                // A tab dropped on no tab bar. See newWindowView for why not NULL.
                args.setReturnValue(object: UnsafeMutableRawPointer(Self.newWindowView))
                self?.scheduleDragEnd()
            })
        connections.append(
            SignalConnection.connect(view, signal: "setup-menu") { [weak self] args in
                // NULL when the menu closes: keep the target, its action may still be on its way.
                guard let self, let id = id(of: args.object(at: 1)) else { return }
                menuTarget = id
                let pinned = items[id]?.isPinned ?? false
                menuActions.setEnabled("pin", !pinned)
                menuActions.setEnabled("unpin", pinned)
                menuActions.setEnabled("close-to-the-right", order.last != id)
                menuActions.setEnabled("close-others", order.count > 1)
                menuActions.setEnabled("move-to-new-window", order.count > 1)
            })
    }

    private func installMenu() {
        let tabCommands:
            [(
                action: String, label: String,
                command: @MainActor (any TabStripCommands, TabIdentifier) -> Void
            )] = [
                ("pin", "Pin Tab", { $0.setTabPinned($1, pinned: true) }),
                ("unpin", "Unpin Tab", { $0.setTabPinned($1, pinned: false) }),
                ("duplicate", "Duplicate", { $0.duplicateTab($1) }),
                ("reload", "Reload", { $0.reloadTab($1) }),
                ("close-others", "Close Other Tabs", { $0.closeOtherTabs($1) }),
                ("close-to-the-right", "Close Tabs to the Right", { $0.closeTabsToTheRight(of: $1) }),
                ("close", "Close Tab", { $0.closeTab($1) }),
            ]
        for entry in tabCommands {
            menuActions.add(entry.action) { [weak self] in
                guard let self, let target = menuTarget else { return }
                tabStrip.send { entry.command($0, target) }
            }
        }
        menuActions.add("move-to-new-window") { [weak self] in
            guard let self, let target = menuTarget else { return }
            scene.send { $0.moveTabToNewWindow(target) }
        }
        menuActions.add("move-to-window") { [weak self] (window: String) in
            guard let self, let target = menuTarget else { return }
            scene.send { $0.moveTab(target, toWindow: WindowIdentifier(window)) }
        }
        gtk_widget_insert_action_group(widget, "tab", menuActions.group.opaque)

        let menu = g_menu_new()!
        let sections = [
            ["pin", "unpin", "duplicate", "reload"], ["move-to-new-window"],
            ["close-others", "close-to-the-right", "close"],
        ]
        for names in sections {
            let section = g_menu_new()!
            for name in names {
                let label =
                    name == "move-to-new-window"
                    ? "Move to New Window" : tabCommands.first { $0.action == name }?.label
                guard let label else { continue }
                let item = g_menu_item_new(label, "tab.\(name)")!
                if name == "pin" || name == "unpin" {
                    g_menu_item_set_attribute_value(
                        item, "hidden-when", g_variant_new_string("action-disabled"))
                }
                g_menu_append_item(section, item)
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            if names == ["move-to-new-window"] {
                g_menu_append_submenu(section, "Move to Window", cast(moveTargetsMenu.opaque))
            }
            g_menu_append_section(menu, nil, cast(section))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        adw_tab_view_set_menu_model(tabView, cast(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    // MARK: TabMoveTargetsConsumer

    /// Remembers this window, which a tab of another window dropped on this strip is moved
    /// here with.
    public func setWindow(_ window: WindowIdentifier) { self.window = window }

    /// Lists `targets` in the tab menu's "Move to Window" submenu.
    public func setMoveTargets(_ targets: [TabMoveTarget]) {
        let menu = moveTargetsMenu.opaque
        g_menu_remove_all(menu)
        for target in targets {
            let item = g_menu_item_new(target.title.replacingOccurrences(of: "_", with: "__"), nil)!
            g_menu_item_set_action_and_target_value(
                item, "tab.move-to-window", g_variant_new_string(target.window.rawValue))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
    }

    // MARK: For tests

    /// The labels of the "Move to Window" submenu, in order.
    var moveTargetLabels: [String] {
        let menu: UnsafeMutablePointer<GMenuModel> = cast(moveTargetsMenu.opaque)
        return (0..<g_menu_model_get_n_items(menu)).map { index in
            guard let value = g_menu_model_get_item_attribute_value(menu, index, "label", nil) else {
                return ""
            }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
    }

    /// The titles of the view's pages, in the view's order.
    var pageTitles: [String] {
        (0..<adw_tab_view_get_n_pages(tabView)).map { index in
            let page = adw_tab_view_get_nth_page(tabView, index)
            return adw_tab_page_get_title(page).map { String(cString: $0) } ?? ""
        }
    }

    /// The view's page of `id`.
    func page(of id: TabIdentifier) -> OpaquePointer? { pages[id] }
}

/// A tab dragged out of a ``TabStripViewController``: its page, out of the view.
@MainActor
private struct TabDrag {
    /// The dragged tab.
    let id: TabIdentifier
    /// Its page (`AdwTabPage *`), which libadwaita holds while it is out of the view.
    let page: OpaquePointer
    /// Whether a push removed the tab during the drag: its page then closes where it lands.
    var isClosed = false
    /// Where the page came back into its own view, if it did (a drop on its own bar, or a
    /// cancelled drag).
    var droppedAt: Int?
}

/// A strip, held weakly in the list of every strip.
@MainActor
private struct WeakTabStrip {
    weak var strip: TabStripViewController?
}
