public import CAdwaita
import CGLib
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// One browser window's content: a header bar (the toolbar, the location bar as its title
/// widget, the downloads button, New Tab and the main menu), the tab strip, an info bar slot,
/// the find bar and the content area, plus the window's keyboard shortcuts. Toasts (a
/// finished download) show over the content area (an `AdwToastOverlay`). While downloads
/// run, the header bar has a downloads button whose popover lists them, each with its
/// progress and a cancel button (libadwaita 1.2's toasts cannot show progress).
///
/// It fills a window the application layer made (an `AdwApplicationWindow`, an `AdwWindow` or
/// a plain `GtkWindow`) and never creates other view controllers: its coordinator hands them
/// in through the slot properties, typed as ``ViewController``, and it only places their
/// widgets. Menu items, the New Tab button and the shortcuts send commands. The main menu's
/// "Recently Closed" submenu follows ``RecentlyClosedConsumer`` pushes. The shortcuts sit
/// in a capture-phase `GtkShortcutController` on the window, so they work even when the web
/// page has the focus or calls `preventDefault()`. The window's title follows
/// ``WindowTitleConsumer`` pushes.
///
/// Fullscreen goes through the window's `Broadcaster` (``connect(to:)``): the view controller
/// publishes what it sees of its window — ``BroadcastProperty/isFullscreen`` (the window's
/// `fullscreened`), ``BroadcastProperty/fullscreenPointerPosition`` and
/// ``BroadcastProperty/isFocusInToolbar`` — and follows
/// ``BroadcastProperty/isToolbarRevealedInFullscreen``. The header bar and the tab strip sit in
/// the flap of an `AdwFlap` above the rest: outside fullscreen it never folds (they are above
/// the page, as in a box); in fullscreen it folds, so that they slide in over the page when
/// revealed and leave it the whole screen otherwise. A Leave Fullscreen button shows at the end
/// of the header bar while the window is fullscreen.
@MainActor
public final class BrowserWindowViewController: ViewController, DownloadsConsumer, RecentlyClosedConsumer,
    WindowTitleConsumer, BroadcastSource
{
    /// The window's content: an `AdwFlap` holding the toolbar area (header bar, tab strip) over
    /// the rest.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The window being filled.
    public let window: UnsafeMutablePointer<GtkWindow>

    /// The window's actions ("browser.new-tab" …), for menu items, buttons and shortcuts.
    let actions = ActionGroup()
    /// The capture-phase shortcut controller (a `GtkShortcutController *`).
    let shortcutController: OpaquePointer
    let newTabButton: UnsafeMutablePointer<GtkWidget>
    let menuButton: UnsafeMutablePointer<GtkWidget>
    /// The incognito mark at the end of the header bar, shown in incognito windows only.
    let incognitoIcon: UnsafeMutablePointer<GtkWidget>
    /// Leaves fullscreen; shown while the window is fullscreen.
    let leaveFullscreenButton: UnsafeMutablePointer<GtkWidget>
    /// The toolbar area: the header bar and the tab strip (the flap's flap).
    let toolbarArea: UnsafeMutablePointer<GtkWidget>
    /// The `AdwFlap *` (``widget``).
    var flap: OpaquePointer { opaque(widget) }

    // MARK: Broadcast properties

    /// Fired after one of the published properties changed.
    public let broadcastNotifier = BroadcastNotifier()
    /// Whether the window is fullscreen (its `fullscreened` property).
    public private(set) var isFullscreen = false
    /// Where the pointer is, for revealing the toolbar in fullscreen.
    public private(set) var pointerPosition = FullscreenPointerPosition.elsewhere
    /// Whether the keyboard focus is in the toolbar area.
    public private(set) var isFocusInToolbar = false
    /// The last ``BroadcastProperty/isToolbarRevealedInFullscreen`` received.
    private(set) var isToolbarRevealedInFullscreen = false
    private var windowConnections: [SignalConnection] = []
    /// The capture-phase motion controller that follows the pointer over the window (a
    /// `GtkEventController *`).
    private(set) var pointerController: OpaquePointer?

    private let ownership: GObjectRef
    private let browser: CommandSender<any BrowserCommands>
    private let application: CommandSender<any ApplicationCommands>
    private let tabStripCommands: CommandSender<any TabStripCommands>
    private let navigation: CommandSender<any NavigationCommands>
    private let findInPage: CommandSender<any FindInPageCommands>
    private let scene: CommandSender<any SceneCommands>
    private let downloads: CommandSender<any DownloadsCommands>

    /// The header bar's downloads button (a `GtkMenuButton`), shown while downloads run.
    let downloadsButton: UnsafeMutablePointer<GtkWidget>
    /// The box in the downloads popover that holds one row per download.
    private let downloadsList: UnsafeMutablePointer<GtkWidget>
    /// One row of the downloads list.
    struct DownloadRow {
        let widget: UnsafeMutablePointer<GtkWidget>
        let label: UnsafeMutablePointer<GtkWidget>
        let progressBar: UnsafeMutablePointer<GtkWidget>
        let cancelButton: UnsafeMutablePointer<GtkWidget>
        let clicked: SignalConnection
    }
    /// The rows, by download id, in the order shown.
    private(set) var downloadRows: [(id: Int, row: DownloadRow)] = []

    private let toolbarSlot: UnsafeMutablePointer<GtkWidget>
    private let locationBarSlot: UnsafeMutablePointer<GtkWidget>
    private let tabStripSlot: UnsafeMutablePointer<GtkWidget>
    private let infoBarSlot: UnsafeMutablePointer<GtkWidget>
    private let findBarSlot: UnsafeMutablePointer<GtkWidget>
    private let contentSlot: UnsafeMutablePointer<GtkWidget>
    /// The `AdwToastOverlay` around the content area.
    let toastOverlay: UnsafeMutablePointer<GtkWidget>
    /// The titles of the toasts shown, in order.
    private(set) var toastTitles: [String] = []
    /// The "Recently Closed" submenu's section listing the entries (a `GMenu *`).
    private let recentlyClosedSection: GObjectRef
    /// The entries listed, newest first.
    private(set) var recentlyClosedItems: [RecentlyClosedItem] = []

    /// The toolbar, at the start of the header bar.
    public var toolbar: (any ViewController)? { didSet { place(toolbar, in: toolbarSlot) } }
    /// The location bar, the header bar's title widget.
    public var locationBar: (any ViewController)? { didSet { place(locationBar, in: locationBarSlot) } }
    /// The tab strip, under the header bar.
    public var tabStrip: (any ViewController)? { didSet { place(tabStrip, in: tabStripSlot) } }
    /// An info bar (e.g. the offer to restore tabs), above the find bar.
    public var infoBar: (any ViewController)? { didSet { place(infoBar, in: infoBarSlot) } }
    /// The find bar, above the content.
    public var findBar: (any ViewController)? { didSet { place(findBar, in: findBarSlot) } }
    /// The content area, filling the rest.
    public var content: (any ViewController)? { didSet { place(content, in: contentSlot) } }

    /// Fills `window` (whose content it replaces) and sends what the user asks through the
    /// command senders.
    public init(
        window: UnsafeMutablePointer<GtkWindow>,
        browser: CommandSender<any BrowserCommands>,
        application: CommandSender<any ApplicationCommands>,
        tabStrip: CommandSender<any TabStripCommands>,
        navigation: CommandSender<any NavigationCommands>,
        findInPage: CommandSender<any FindInPageCommands>,
        scene: CommandSender<any SceneCommands>,
        downloads: CommandSender<any DownloadsCommands>
    ) {
        self.window = window
        self.browser = browser
        self.application = application
        self.tabStripCommands = tabStrip
        self.navigation = navigation
        self.findInPage = findInPage
        self.scene = scene
        self.downloads = downloads
        recentlyClosedSection = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))
        widget = adw_flap_new()
        ownership = ownWidget(widget)
        func slot() -> UnsafeMutablePointer<GtkWidget> { adw_bin_new() }
        toolbarSlot = slot()
        locationBarSlot = slot()
        tabStripSlot = slot()
        infoBarSlot = slot()
        findBarSlot = slot()
        contentSlot = slot()
        gtk_widget_set_vexpand(contentSlot, 1)
        toastOverlay = adw_toast_overlay_new()
        adw_toast_overlay_set_child(opaque(toastOverlay), contentSlot)
        gtk_widget_set_vexpand(toastOverlay, 1)
        gtk_widget_set_hexpand(locationBarSlot, 1)

        newTabButton = iconButton("tab-new-symbolic", label: "New Tab")
        gtk_actionable_set_action_name(opaque(newTabButton), "browser.new-tab")
        menuButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(opaque(menuButton), "open-menu-symbolic")
        gtk_widget_set_tooltip_text(menuButton, "Main Menu")
        setAccessibleLabel(menuButton, "Main Menu")
        // The window's primary menu: F10 opens it, as in every GNOME application.
        gtk_menu_button_set_primary(opaque(menuButton), 1)

        downloadsButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(opaque(downloadsButton), "folder-download-symbolic")
        gtk_widget_set_tooltip_text(downloadsButton, "Downloads")
        setAccessibleLabel(downloadsButton, "Downloads")
        downloadsList = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_size_request(downloadsList, 320, -1)
        let downloadsPopover = gtk_popover_new()!
        gtk_popover_set_child(cast(downloadsPopover), downloadsList)
        gtk_menu_button_set_popover(opaque(downloadsButton), downloadsPopover)
        gtk_widget_set_visible(downloadsButton, 0)

        incognitoIcon = gtk_image_new_from_icon_name("view-conceal-symbolic")
        gtk_widget_set_tooltip_text(incognitoIcon, "Incognito: this window's pages are not remembered")
        setAccessibleLabel(incognitoIcon, "Incognito")
        gtk_widget_set_visible(incognitoIcon, 0)
        leaveFullscreenButton = iconButton("view-restore-symbolic", label: "Leave Fullscreen")
        gtk_actionable_set_action_name(opaque(leaveFullscreenButton), "browser.fullscreen")
        gtk_widget_set_visible(leaveFullscreenButton, 0)

        let header = OpaquePointer(adw_header_bar_new()!)
        adw_header_bar_pack_start(header, toolbarSlot)
        adw_header_bar_pack_end(header, leaveFullscreenButton)
        adw_header_bar_pack_end(header, menuButton)
        adw_header_bar_pack_end(header, newTabButton)
        adw_header_bar_pack_end(header, downloadsButton)
        adw_header_bar_pack_end(header, incognitoIcon)
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(opaque(clamp), 860)
        adw_clamp_set_child(opaque(clamp), locationBarSlot)
        gtk_widget_set_hexpand(clamp, 1)
        adw_header_bar_set_title_widget(header, clamp)

        toolbarArea = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(cast(toolbarArea), asWidget(header))
        gtk_box_append(cast(toolbarArea), tabStripSlot)
        let body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        for child in [infoBarSlot, findBarSlot, toastOverlay] { gtk_box_append(cast(body), child) }
        let flap = opaque(widget)
        gtk_orientable_set_orientation(flap, GTK_ORIENTATION_VERTICAL)
        adw_flap_set_flap(flap, toolbarArea)
        adw_flap_set_content(flap, body)
        // Never a shield over the page, never a swipe: the toolbar only follows the window.
        adw_flap_set_modal(flap, 0)
        adw_flap_set_swipe_to_open(flap, 0)
        adw_flap_set_swipe_to_close(flap, 0)
        adw_flap_set_locked(flap, 1)
        shortcutController = gtk_shortcut_controller_new()
        installActions()
        let menu = Self.mainMenu(recentlyClosedSection: recentlyClosedSection.opaque)
        gtk_menu_button_set_menu_model(opaque(menuButton), cast(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        installShortcuts()
        setContent(of: window)
        setRecentlyClosedItems([])
        setCanRestorePreviousSession(false)
        watchWindow()
        layOutToolbar()
    }

    // MARK: Fullscreen

    /// Publishes ``isFullscreen``, ``pointerPosition`` and ``isFocusInToolbar`` on `broadcaster`
    /// and follows its ``BroadcastProperty/isToolbarRevealedInFullscreen``.
    public func connect(to broadcaster: Broadcaster) {
        broadcaster.broadcast(.isFullscreen, from: self, at: \.isFullscreen)
        broadcaster.broadcast(.fullscreenPointerPosition, from: self, at: \.pointerPosition)
        broadcaster.broadcast(.isFocusInToolbar, from: self, at: \.isFocusInToolbar)
        broadcaster.addObserver(self, for: .isToolbarRevealedInFullscreen) { controller, revealed in
            controller.isToolbarRevealedInFullscreen = revealed
            controller.layOutToolbar()
        }
    }

    /// Stops publishing on `broadcaster` and following it.
    public func disconnect(from broadcaster: Broadcaster) {
        broadcaster.removeObserver(self)
        broadcaster.stopBroadcasting(.isFullscreen)
        broadcaster.stopBroadcasting(.fullscreenPointerPosition)
        broadcaster.stopBroadcasting(.isFocusInToolbar)
    }

    /// Whether the toolbar area shows: outside fullscreen, or revealed in it.
    var isToolbarShown: Bool { adw_flap_get_reveal_flap(flap) != 0 }

    /// Follows the window's fullscreen state, the pointer over it and its keyboard focus.
    private func watchWindow() {
        let instance = rawPointer(window)
        windowConnections.append(
            SignalConnection.connect(instance, signal: "notify::fullscreened") { [weak self] _ in
                self?.fullscreenChanged()
            })
        windowConnections.append(
            SignalConnection.connect(instance, signal: "notify::focus-widget") { [weak self] _ in
                self?.focusChanged()
            })
        // In the capture phase, so that the page under the pointer cannot keep its motion.
        let motion = gtk_event_controller_motion_new()!
        gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(cast(window), motion)
        pointerController = motion
        for signal in ["enter", "motion"] {
            windowConnections.append(
                SignalConnection.connect(UnsafeMutableRawPointer(motion), signal: signal) {
                    [weak self] arguments in
                    self?.pointerMoved(y: arguments.double(at: 2))
                })
        }
        windowConnections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(motion), signal: "leave") { [weak self] _ in
                self?.setPointerPosition(.elsewhere)
            })
        fullscreenChanged()
    }

    private func fullscreenChanged() {
        let fullscreen = gtk_window_is_fullscreen(window) != 0
        guard fullscreen != isFullscreen else { return }
        isFullscreen = fullscreen
        gtk_widget_set_visible(leaveFullscreenButton, fullscreen ? 1 : 0)
        layOutToolbar()
        broadcastNotifier.valuesDidChange()
    }

    /// The pointer is `y` pixels below the window's top. Only fullscreen uses where it is:
    /// outside it, the position stays `.elsewhere` and nothing is measured.
    private func pointerMoved(y: Double) {
        guard isFullscreen else { return setPointerPosition(.elsewhere) }
        var height: Int32 = 0
        gtk_widget_measure(toolbarArea, GTK_ORIENTATION_VERTICAL, -1, nil, &height, nil, nil)
        setPointerPosition(FullscreenPointerPosition.at(y: y, toolbarHeight: Double(height)))
    }

    private func setPointerPosition(_ position: FullscreenPointerPosition) {
        guard position != pointerPosition else { return }
        pointerPosition = position
        broadcastNotifier.valuesDidChange()
    }

    private func focusChanged() {
        let focus = gtk_window_get_focus(window)
        let inToolbar = focus.map { gtk_widget_is_ancestor($0, toolbarArea) != 0 } ?? false
        guard inToolbar != isFocusInToolbar else { return }
        isFocusInToolbar = inToolbar
        broadcastNotifier.valuesDidChange()
    }

    /// Outside fullscreen the toolbar area is above the rest; in fullscreen it folds over the
    /// page, shown only while revealed.
    private func layOutToolbar() {
        adw_flap_set_fold_policy(
            flap, isFullscreen ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER)
        adw_flap_set_reveal_flap(flap, !isFullscreen || isToolbarRevealedInFullscreen ? 1 : 0)
    }

    // MARK: Incognito

    /// Gives the window the incognito look: a dark header bar (the "incognito" style class on
    /// the window) and the incognito mark, so that it is never mistaken for a regular window.
    public func showIncognitoStyle() {
        Self.installStyles()
        gtk_widget_add_css_class(cast(window), "incognito")
        gtk_widget_set_visible(incognitoIcon, 1)
    }

    /// Whether the window has the incognito look.
    public var hasIncognitoStyle: Bool {
        gtk_widget_has_css_class(cast(window), "incognito") != 0 && gtk_widget_get_visible(incognitoIcon) != 0
    }

    private static var stylesInstalled = false

    /// Adds the browser's style sheet to the display, once.
    private static func installStyles() {
        guard !stylesInstalled, let display = gdk_display_get_default() else { return }
        stylesInstalled = true
        let css = """
            window.incognito headerbar { background-color: #241f31; color: #ffffff; }
            window.incognito headerbar button, window.incognito headerbar image { color: #ffffff; }
            """
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    // MARK: WindowTitleConsumer

    /// Sets the window's title.
    public func setWindowTitle(_ title: String) { gtk_window_set_title(window, title) }

    /// The window's title.
    var windowTitle: String { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }

    // MARK: DownloadsConsumer

    /// Lists `items` in the downloads popover (a row each: the file's name, a progress bar —
    /// pulsing when the size is unknown — and a cancel button); the button is shown only
    /// while there are some.
    public func setDownloads(_ items: [DownloadItem]) {
        let wanted = Set(items.map(\.id))
        for entry in downloadRows where !wanted.contains(entry.id) {
            entry.row.clicked.cancel()
            gtk_box_remove(cast(downloadsList), entry.row.widget)
        }
        downloadRows.removeAll { !wanted.contains($0.id) }
        for item in items {
            let row: DownloadRow
            if let existing = downloadRows.first(where: { $0.id == item.id })?.row {
                row = existing
            } else {
                row = makeDownloadRow(id: item.id)
                downloadRows.append((item.id, row))
                gtk_box_append(cast(downloadsList), row.widget)
            }
            update(row, with: item)
        }
        if items.isEmpty, let popover = gtk_menu_button_get_popover(opaque(downloadsButton)) {
            gtk_popover_popdown(popover)
        }
        gtk_widget_set_visible(downloadsButton, items.isEmpty ? 0 : 1)
    }

    private func makeDownloadRow(id: Int) -> DownloadRow {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_hexpand(column, 1)
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(opaque(label), 0)
        gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_MIDDLE)
        let progressBar = gtk_progress_bar_new()!
        gtk_widget_set_valign(progressBar, GTK_ALIGN_CENTER)
        gtk_box_append(cast(column), label)
        gtk_box_append(cast(column), progressBar)
        let cancelButton = iconButton("process-stop-symbolic", label: "Cancel")
        gtk_widget_set_valign(cancelButton, GTK_ALIGN_CENTER)
        gtk_box_append(cast(widget), column)
        gtk_box_append(cast(widget), cancelButton)
        let clicked = SignalConnection.connect(rawPointer(cancelButton), signal: "clicked") { [downloads] _ in
            downloads.send { $0.cancelDownload(id) }
        }
        return DownloadRow(
            widget: widget, label: label, progressBar: progressBar, cancelButton: cancelButton,
            clicked: clicked)
    }

    private func update(_ row: DownloadRow, with item: DownloadItem) {
        let name = item.fileName.isEmpty ? "Download" : item.fileName
        gtk_label_set_text(opaque(row.label), name)
        let bar = opaque(row.progressBar)
        if let progress = item.progress {
            gtk_progress_bar_set_fraction(bar, min(max(progress, 0), 1))
        } else {
            gtk_progress_bar_pulse(bar)
        }
        let cancel = "Cancel the download of “\(name)”"
        gtk_widget_set_tooltip_text(row.cancelButton, cancel)
        setAccessibleLabel(row.cancelButton, cancel)
    }

    /// Shows a toast "“name” downloaded".
    public func showDownloadFinished(fileName: String) { showToast("“\(fileName)” downloaded") }

    /// Shows a toast saying the download failed.
    public func showDownloadFailed(fileName: String?) {
        showToast(fileName.map { "“\($0)” could not be downloaded" } ?? "A download failed")
    }

    private func showToast(_ title: String) {
        // A toast's title is markup.
        let escaped = g_markup_escape_text(title, -1)!
        defer { g_free(escaped) }
        adw_toast_overlay_add_toast(opaque(toastOverlay), adw_toast_new(escaped))
        toastTitles.append(title)
    }

    // MARK: RecentlyClosedConsumer

    /// Lists `items` in the "Recently Closed" submenu; "Reopen Closed Tab" (and its shortcut)
    /// is enabled only when there is something to reopen.
    public func setRecentlyClosedItems(_ items: [RecentlyClosedItem]) {
        recentlyClosedItems = items
        let section = recentlyClosedSection.opaque
        g_menu_remove_all(section)
        for entry in items {
            let item = g_menu_item_new(Self.menuLabel(for: entry), nil)!
            g_menu_item_set_action_and_target_value(
                item, "browser.reopen-closed", g_variant_new_int64(gint64(entry.id)))
            g_menu_append_item(section, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        actions.setEnabled("reopen-closed-tab", !items.isEmpty)
    }

    /// Shows (and enables) "Restore Previous Session" only when `can`.
    public func setCanRestorePreviousSession(_ can: Bool) {
        actions.setEnabled("restore-previous-session", can)
    }

    /// How the "Recently Closed" submenu names `item`: a tab by its title ("Untitled" when it
    /// has none), a window by its first tab's title and how many more it holds ("Window
    /// (3 tabs)" when that title is empty). Titles are put on one line and long ones shortened;
    /// underscores are escaped (menu labels take mnemonics).
    static func menuLabel(for item: RecentlyClosedItem) -> String {
        // One line: runs of white space (line breaks included) become one space.
        var title = item.title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if title.count > maximumTitleLength {
            title = String(title.prefix(maximumTitleLength - 1)) + "…"
        }
        let label: String
        if item.isWindow {
            let tabs = max(item.tabCount, 1)
            if title.isEmpty {
                label = tabs == 1 ? "Window (1 tab)" : "Window (\(tabs) tabs)"
            } else {
                label = tabs == 1 ? title : "\(title) and \(tabs - 1) more"
            }
        } else {
            label = title.isEmpty ? "Untitled" : title
        }
        return label.replacing("_", with: "__")
    }

    /// The longest title a "Recently Closed" item shows, in characters.
    static let maximumTitleLength = 60

    private func place(_ viewController: (any ViewController)?, in slot: UnsafeMutablePointer<GtkWidget>) {
        let child = viewController?.widget
        if let child, let parent = gtk_widget_get_parent(child), parent != slot {
            gtk_widget_unparent(child)
        }
        adw_bin_set_child(cast(slot), child)
    }

    private func setContent(of window: UnsafeMutablePointer<GtkWindow>) {
        let instance = UnsafeMutableRawPointer(window)
        if gtkshim_is_a(instance, adw_application_window_get_type()) != 0 {
            adw_application_window_set_content(cast(window), widget)
        } else if gtkshim_is_a(instance, adw_window_get_type()) != 0 {
            adw_window_set_content(cast(window), widget)
        } else {
            gtk_window_set_child(window, widget)
        }
        gtk_widget_insert_action_group(cast(window), "browser", actions.group.opaque)
    }

    // MARK: Actions

    private func installActions() {
        let browserActions: [(String, @MainActor (any BrowserCommands) -> Void)] = [
            ("new-tab", { $0.openNewTab() }),
            ("close-tab", { $0.closeCurrentTab() }),
            ("focus-location", { $0.focusLocationBar() }),
            ("zoom-in", { $0.zoomIn() }),
            ("zoom-out", { $0.zoomOut() }),
            ("zoom-reset", { $0.resetZoom() }),
            ("fullscreen", { $0.toggleFullscreen() }),
            ("print", { $0.printPage() }),
        ]
        for (name, command) in browserActions {
            actions.add(name) { [browser] in browser.send(command) }
        }
        let applicationActions: [(String, @MainActor (any ApplicationCommands) -> Void)] = [
            ("about", { $0.showAbout() }),
            ("quit", { $0.quit() }),
        ]
        for (name, command) in applicationActions {
            actions.add(name) { [application] in application.send(command) }
        }
        var tabActions: [(String, @MainActor (any TabStripCommands) -> Void)] = [
            ("next-tab", { $0.selectTab(byOffset: 1) }),
            ("previous-tab", { $0.selectTab(byOffset: -1) }),
            ("move-tab-left", { $0.moveSelectedTab(byOffset: -1) }),
            ("move-tab-right", { $0.moveSelectedTab(byOffset: 1) }),
            ("select-last-tab", { $0.selectLastTab() }),
        ]
        for index in 0..<8 {
            tabActions.append(("select-tab-\(index + 1)", { $0.selectTab(atIndex: index) }))
        }
        for (name, command) in tabActions {
            actions.add(name) { [tabStripCommands] in tabStripCommands.send(command) }
        }
        let navigationActions: [(String, @MainActor (any NavigationCommands) -> Void)] = [
            ("back", { $0.goBack() }),
            ("forward", { $0.goForward() }),
            ("reload", { $0.reload() }),
        ]
        for (name, command) in navigationActions {
            actions.add(name) { [navigation] in navigation.send(command) }
        }
        actions.add("find") { [findInPage] in findInPage.send { $0.showFindBar() } }
        let sceneActions: [(String, @MainActor (any SceneCommands) -> Void)] = [
            ("new-window", { $0.openNewWindow(incognito: false) }),
            ("new-incognito-window", { $0.openNewWindow(incognito: true) }),
            ("reopen-closed-tab", { $0.reopenLastClosed() }),
            ("restore-previous-session", { $0.restorePreviousSession() }),
        ]
        for (name, command) in sceneActions {
            actions.add(name) { [scene] in scene.send(command) }
        }
        actions.add("reopen-closed") { [scene] (id: Int) in scene.send { $0.reopenClosedEntry(id) } }
    }

    /// The main menu (a new `GMenu *`, full reference). Its second section holds the "Recently
    /// Closed" submenu: "Reopen Closed Tab", "Restore Previous Session" (hidden while its action
    /// is disabled), then `recentlyClosedSection`, the entries.
    private static func mainMenu(recentlyClosedSection: OpaquePointer) -> OpaquePointer {
        let sections: [[(label: String, action: String)]] = [
            [("New Window", "new-window"), ("New Incognito Window", "new-incognito-window")],
            [("Find…", "find"), ("Print…", "print")],
            [("Zoom In", "zoom-in"), ("Zoom Out", "zoom-out"), ("Reset Zoom", "zoom-reset")],
            [("About Swiftlet", "about"), ("Quit", "quit")],
        ]
        let menu = g_menu_new()!
        for entries in sections {
            let section = g_menu_new()!
            for entry in entries { g_menu_append(section, entry.label, "browser.\(entry.action)") }
            g_menu_append_section(menu, nil, cast(section))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        let history = g_menu_new()!
        let submenu = recentlyClosedMenu(entries: recentlyClosedSection)
        g_menu_append_submenu(history, "Recently Closed", cast(submenu))
        g_object_unref(UnsafeMutableRawPointer(submenu))
        g_menu_insert_section(menu, 1, nil, cast(history))
        g_object_unref(UnsafeMutableRawPointer(history))
        return menu
    }

    /// The "Recently Closed" submenu (a new `GMenu *`, full reference).
    private static func recentlyClosedMenu(entries: OpaquePointer) -> OpaquePointer {
        let commands = g_menu_new()!
        let reopen = g_menu_item_new("Reopen Closed Tab", "browser.reopen-closed-tab")!
        g_menu_append_item(commands, reopen)
        g_object_unref(UnsafeMutableRawPointer(reopen))
        let restore = g_menu_item_new("Restore Previous Session", "browser.restore-previous-session")!
        g_menu_item_set_attribute_value(restore, "hidden-when", g_variant_new_string("action-disabled"))
        g_menu_append_item(commands, restore)
        g_object_unref(UnsafeMutableRawPointer(restore))
        let submenu = g_menu_new()!
        g_menu_append_section(submenu, nil, cast(commands))
        g_object_unref(UnsafeMutableRawPointer(commands))
        g_menu_append_section(submenu, nil, cast(entries))
        return submenu
    }

    // MARK: Shortcuts

    /// Each shortcut's triggers and the "browser." action it activates.
    static let shortcuts: [(triggers: [String], action: String)] =
        [
            (["<Control>t"], "new-tab"),
            (["<Control>w"], "close-tab"),
            (["<Control><Shift>t"], "reopen-closed-tab"),
            (["<Control>n"], "new-window"),
            (["<Control><Shift>n"], "new-incognito-window"),
            (["<Control>l", "F6"], "focus-location"),
            (["<Control>f"], "find"),
            (["<Control>Tab", "<Control>Page_Down"], "next-tab"),
            (["<Control><Shift>Tab", "<Control><Shift>ISO_Left_Tab", "<Control>Page_Up"], "previous-tab"),
            (["<Control><Shift>Page_Up"], "move-tab-left"),
            (["<Control><Shift>Page_Down"], "move-tab-right"),
        ] + (1...8).map { (["<Control>\($0)"], "select-tab-\($0)") } + [
            (["<Control>9"], "select-last-tab"),
            (["<Alt>Left"], "back"),
            (["<Alt>Right"], "forward"),
            (["F5", "<Control>r"], "reload"),
            (["<Control>q"], "quit"),
            (["<Control>plus", "<Control>equal", "<Control>KP_Add"], "zoom-in"),
            (["<Control>minus", "<Control>KP_Subtract"], "zoom-out"),
            (["<Control>0", "<Control>KP_0"], "zoom-reset"),
            (["<Control>p"], "print"),
            (["F11"], "fullscreen"),
        ]

    private func installShortcuts() {
        gtk_event_controller_set_propagation_phase(shortcutController, GTK_PHASE_CAPTURE)
        for (triggers, action) in Self.shortcuts {
            for trigger in triggers {
                let shortcut = gtk_shortcut_new(
                    gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new("browser.\(action)"))
                gtk_shortcut_controller_add_shortcut(shortcutController, shortcut)
            }
        }
        // Escape hides the find bar only when the focus is in it; otherwise the key goes on
        // (to the location entry, the page).
        let escape = callbackShortcutAction { [weak self] in self?.escape() ?? false }
        gtk_shortcut_controller_add_shortcut(
            shortcutController, gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), escape))
        gtk_widget_add_controller(cast(window), shortcutController)
    }

    private func escape() -> Bool {
        guard let focus = gtk_window_get_focus(window), gtk_widget_is_ancestor(focus, findBarSlot) != 0 else {
            return false
        }
        findInPage.send { $0.hideFindBar() }
        return true
    }
}
