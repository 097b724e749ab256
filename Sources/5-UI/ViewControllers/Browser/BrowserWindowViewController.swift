public import CAdwaita
import CGLib
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// One browser window's content: a header bar (the toolbar, the location bar as its title
/// widget, the downloads button, New Tab, the main menu and the Leave Fullscreen button), the
/// tab strip, an info bar slot, the find bar and the content area under a toast overlay, plus
/// the window's actions, main menu and keyboard shortcuts, all made from one table
/// (``WindowAction``).
///
/// It fills a window the application layer made (an `AdwApplicationWindow`, an `AdwWindow` or
/// a plain `GtkWindow`) and never creates other view controllers: its coordinator hands them
/// in through the slot properties, typed as ``ViewController`` (``MenuViewController`` for the
/// main menu's "Recently Closed" entries), and it only places them. The hosted view
/// controllers reach back through narrow protocols: toasts (``ToastPresenter``), the
/// enabled state of the window's actions (``CommandUpdater``), and the toolbar's layout in
/// fullscreen (``FullscreenLayout``). The shortcuts sit in a capture-phase
/// `GtkShortcutController` on the window, so they work even when the web page has the focus
/// or calls `preventDefault()`. The window's title follows ``WindowTitleConsumer`` pushes.
///
/// The header bar and the tab strip sit in the flap of an `AdwFlap` above the rest: outside
/// fullscreen it never folds (they are above the page, as in a box); in fullscreen it folds,
/// so that they slide in over the page when revealed and leave it the whole screen otherwise.
@MainActor
public final class BrowserWindowViewController: ViewController, WindowTitleConsumer, ToastPresenter,
    CommandUpdater, FullscreenLayout
{
    /// The window's content: an `AdwFlap` holding the toolbar area (header bar, tab strip) over
    /// the rest.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The window it fills: its content, its "browser" action group and its shortcut
    /// controller are this view controller's.
    public let window: UnsafeMutablePointer<GtkWindow>

    /// The window's actions ("browser.new-tab" …), for menu items, buttons and shortcuts.
    let actions = ActionGroup()
    /// The actions other windows' code names in the window's own group, "win." (see
    /// ``installWindowAliases(on:)``).
    let windowAliases = ActionGroup()
    /// The capture-phase shortcut controller (a `GtkShortcutController *`).
    let shortcutController: OpaquePointer
    let newTabButton: UnsafeMutablePointer<GtkWidget>
    let menuButton: UnsafeMutablePointer<GtkWidget>
    /// The incognito mark at the end of the header bar, shown in incognito windows only.
    let incognitoIcon: UnsafeMutablePointer<GtkWidget>
    /// The header bar and the tab strip (the flap's flap).
    public let toolbarArea: UnsafeMutablePointer<GtkWidget>
    /// The `AdwFlap *` (``widget``).
    var flap: OpaquePointer { opaque(widget) }

    private let ownership: GObjectRef
    private let findInPage: CommandSender<any FindInPageCommands>

    private let toolbarSlot: UnsafeMutablePointer<GtkWidget>
    private let locationBarSlot: UnsafeMutablePointer<GtkWidget>
    private let pageInfoSlot: UnsafeMutablePointer<GtkWidget>
    private let downloadsSlot: UnsafeMutablePointer<GtkWidget>
    private let bookmarksMenuSlot: UnsafeMutablePointer<GtkWidget>
    private let fullscreenSlot: UnsafeMutablePointer<GtkWidget>
    private let tabStripSlot: UnsafeMutablePointer<GtkWidget>
    private let infoBarSlot: UnsafeMutablePointer<GtkWidget>
    private let findBarSlot: UnsafeMutablePointer<GtkWidget>
    private let contentSlot: UnsafeMutablePointer<GtkWidget>
    /// Over the content slot, shown while its view controller shows its widget.
    private let newTabPageSlot: UnsafeMutablePointer<GtkWidget>
    /// The header bar slots whose view controller may hide its widget show only while it
    /// shows (an empty slot would still take the header bar's spacing); one handler each.
    private var slotVisibility: [UnsafeMutablePointer<GtkWidget>: SignalConnection] = [:]
    /// The handler that keeps GTK's inspector key binding off.
    private var inspectorBinding: SignalConnection?
    /// The `AdwToastOverlay` around the content area.
    let toastOverlay: UnsafeMutablePointer<GtkWidget>
    /// The titles of the toasts shown, in order.
    private(set) var toastTitles: [String] = []
    /// The handlers of the buttons of the toasts shown (an `AdwToast`'s "button-clicked", a
    /// title button's "clicked"), by toast, until each is dismissed.
    private var toastHandlers: [UnsafeMutableRawPointer: [SignalConnection]] = [:]
    /// The last toast with buttons, and the buttons beside its title.
    private(set) var lastToast:
        (toast: UnsafeMutableRawPointer, titleButtons: [UnsafeMutablePointer<GtkWidget>])?
    /// The main menu's "Recently Closed" submenu (a `GMenu *`): a section of the table's
    /// actions, then the section of the hosted ``recentlyClosed`` entries.
    let recentlyClosedMenu: GObjectRef

    /// The toolbar, at the start of the header bar.
    public var toolbar: (any ViewController)? { didSet { place(toolbar, in: toolbarSlot) } }
    /// The location bar, the header bar's title widget.
    public var locationBar: (any ViewController)? { didSet { place(locationBar, in: locationBarSlot) } }
    /// The page info button, before the location bar, shown while its view controller shows it.
    public var pageInfo: (any ViewController)? { didSet { place(pageInfo, in: pageInfoSlot) } }
    /// The downloads button, in the header bar, shown while its view controller shows it.
    public var downloads: (any ViewController)? { didSet { place(downloads, in: downloadsSlot) } }
    /// The Bookmarks menu button, in the header bar before New Tab.
    public var bookmarksMenu: (any ViewController)? { didSet { place(bookmarksMenu, in: bookmarksMenuSlot) } }
    /// The Leave Fullscreen button, at the end of the header bar, shown while its view
    /// controller shows it.
    public var fullscreen: (any ViewController)? { didSet { place(fullscreen, in: fullscreenSlot) } }
    /// The tab strip, under the header bar.
    public var tabStrip: (any ViewController)? { didSet { place(tabStrip, in: tabStripSlot) } }
    /// An info bar (e.g. the offer to restore tabs), above the find bar.
    public var infoBar: (any ViewController)? { didSet { place(infoBar, in: infoBarSlot) } }
    /// The find bar, above the content.
    public var findBar: (any ViewController)? { didSet { place(findBar, in: findBarSlot) } }
    /// The content area, filling the rest.
    public var content: (any ViewController)? { didSet { place(content, in: contentSlot) } }
    /// A page over the content while the active tab is on the new tab page (incognito
    /// windows), shown while its view controller shows its widget.
    public var newTabPage: (any ViewController)? { didSet { place(newTabPage, in: newTabPageSlot) } }
    /// The main menu's zoom row, at the top of its zoom section.
    public var mainMenuZoom: (any ViewController)? { didSet { placeMainMenuZoom(oldValue) } }
    /// The entries of the main menu's "Recently Closed" submenu, under its actions.
    public var recentlyClosed: (any MenuViewController)? {
        didSet { placeRecentlyClosedEntries() }
    }

    /// Fills `window` (whose content it replaces); its actions send through the command
    /// senders.
    public init(
        window: UnsafeMutablePointer<GtkWindow>,
        browser: CommandSender<any BrowserCommands>,
        application: CommandSender<any ApplicationCommands>,
        tabStrip: CommandSender<any TabStripCommands>,
        navigation: CommandSender<any NavigationCommands>,
        findInPage: CommandSender<any FindInPageCommands>,
        scene: CommandSender<any SceneCommands>
    ) {
        self.window = window
        self.findInPage = findInPage
        widget = adw_flap_new()
        ownership = ownWidget(widget)
        func slot() -> UnsafeMutablePointer<GtkWidget> { adw_bin_new() }
        toolbarSlot = slot()
        locationBarSlot = slot()
        pageInfoSlot = slot()
        downloadsSlot = slot()
        bookmarksMenuSlot = slot()
        fullscreenSlot = slot()
        tabStripSlot = slot()
        infoBarSlot = slot()
        findBarSlot = slot()
        contentSlot = slot()
        newTabPageSlot = slot()
        gtk_widget_set_vexpand(contentSlot, 1)
        gtk_widget_set_visible(newTabPageSlot, 0)
        let contentOverlay = gtk_overlay_new()!
        gtk_overlay_set_child(opaque(contentOverlay), contentSlot)
        gtk_overlay_add_overlay(opaque(contentOverlay), newTabPageSlot)
        toastOverlay = adw_toast_overlay_new()
        adw_toast_overlay_set_child(opaque(toastOverlay), contentOverlay)
        gtk_widget_set_vexpand(toastOverlay, 1)
        gtk_widget_set_hexpand(locationBarSlot, 1)
        // Empty, they take no room.
        gtk_widget_set_visible(downloadsSlot, 0)
        gtk_widget_set_visible(bookmarksMenuSlot, 0)
        gtk_widget_set_visible(fullscreenSlot, 0)

        newTabButton = iconButton("tab-new-symbolic", label: "New Tab")
        gtk_actionable_set_action_name(opaque(newTabButton), WindowAction.newTab.detailedName)
        menuButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(opaque(menuButton), "open-menu-symbolic")
        gtk_widget_set_tooltip_text(menuButton, "Main Menu")
        setAccessibleLabel(menuButton, "Main Menu")
        // The window's primary menu: F10 opens it, as in every GNOME application.
        gtk_menu_button_set_primary(opaque(menuButton), 1)

        incognitoIcon = gtk_image_new_from_icon_name("view-conceal-symbolic")
        gtk_widget_set_tooltip_text(incognitoIcon, "Incognito: this window's pages are not remembered")
        setAccessibleLabel(incognitoIcon, "Incognito")
        gtk_widget_set_visible(incognitoIcon, 0)

        let header = OpaquePointer(adw_header_bar_new()!)
        adw_header_bar_pack_start(header, toolbarSlot)
        adw_header_bar_pack_end(header, fullscreenSlot)
        adw_header_bar_pack_end(header, menuButton)
        adw_header_bar_pack_end(header, newTabButton)
        adw_header_bar_pack_end(header, bookmarksMenuSlot)
        adw_header_bar_pack_end(header, downloadsSlot)
        adw_header_bar_pack_end(header, incognitoIcon)
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(opaque(clamp), 860)
        let locationArea = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(cast(locationArea), pageInfoSlot)
        gtk_box_append(cast(locationArea), locationBarSlot)
        adw_clamp_set_child(opaque(clamp), locationArea)
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

        recentlyClosedMenu = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))
        shortcutController = gtk_shortcut_controller_new()

        installActions(
            sending: WindowCommandSenders(
                browser: browser, application: application, tabStrip: tabStrip, navigation: navigation,
                findInPage: findInPage, scene: scene))
        let recentlyClosedActions = Self.makeMenuSection(.recentlyClosed)
        g_menu_append_section(recentlyClosedMenu.opaque, nil, cast(recentlyClosedActions))
        g_object_unref(UnsafeMutableRawPointer(recentlyClosedActions))
        let menu = Self.makeMainMenu(recentlyClosedMenu: recentlyClosedMenu.opaque)
        gtk_menu_button_set_menu_model(opaque(menuButton), cast(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        gtk_event_controller_set_propagation_phase(shortcutController, GTK_PHASE_CAPTURE)
        installShortcuts()
        gtk_widget_add_controller(cast(window), shortcutController)
        // Escape in the location entry that the entry did not take (nothing to put back)
        // comes back up to the window: it stops the load, as elsewhere.
        let escapeAfterEntry = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            escapeAfterEntry,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("Escape"),
                callbackShortcutAction { [weak self] in self?.escapeLeftByTheLocationEntry() ?? false }))
        gtk_widget_add_controller(cast(window), escapeAfterEntry)
        // GTK's own inspector binding (Ctrl+Shift+I, Ctrl+Shift+D, the window's
        // "enable-debugging" keybinding signal) would offer GTK's widget inspector: the
        // handler says it handled the key, so that GTK's default handler never runs.
        inspectorBinding = SignalConnection.connect(rawPointer(window), signal: "enable-debugging") {
            $0.setReturnValue(true)
        }
        setContent(of: window)
        layOutToolbar(isFullscreen: false, isToolbarRevealed: false)
    }

    // MARK: FullscreenLayout

    /// Outside fullscreen the flap never folds; in fullscreen it always does, and shows only
    /// while revealed.
    public func layOutToolbar(isFullscreen: Bool, isToolbarRevealed: Bool) {
        adw_flap_set_fold_policy(
            flap, isFullscreen ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER)
        adw_flap_set_reveal_flap(flap, !isFullscreen || isToolbarRevealed ? 1 : 0)
    }

    /// Whether the toolbar area shows: outside fullscreen, or revealed in it.
    var isToolbarShown: Bool { adw_flap_get_reveal_flap(flap) != 0 }

    // MARK: Incognito

    /// Gives the window the incognito look: a dark header bar and tab bar (the "incognito"
    /// style class on the window) and the incognito mark, so that it is never mistaken for a
    /// regular window.
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
            window.incognito tabbar:not(.inline) .box, window.incognito tabbar:not(.inline):backdrop .box {
                background-color: #241f31; color: #ffffff; box-shadow: inset 0 -1px #000000;
            }
            window.incognito tabbar tab:selected { background-color: alpha(#ffffff, 0.15); }
            window.incognito tabbar tab:selected:hover { background-color: alpha(#ffffff, 0.2); }
            window.incognito tabbar tab:hover { background-color: alpha(#ffffff, 0.08); }
            window.incognito statuspage.new-tab-page { background-color: #302b3f; color: #ffffff; }
            """
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    // MARK: WindowTitleConsumer

    /// The desktop shows it in its window list and task switcher.
    public func setWindowTitle(_ title: String) { gtk_window_set_title(window, title) }

    var windowTitle: String { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }

    // MARK: ToastPresenter

    /// The toast shows over the content area; `title` is escaped (a toast's title is markup).
    public func showToast(_ title: String) {
        let escaped = g_markup_escape_text(title, -1)!
        defer { g_free(escaped) }
        adw_toast_overlay_add_toast(opaque(toastOverlay), adw_toast_new(escaped))
        toastTitles.append(title)
    }

    /// The first button is the toast's own ("button-clicked"); the others follow the title,
    /// in a custom title (libadwaita 1.2).
    public func showToast(_ title: String, buttons: [ToastButton]) {
        guard let first = buttons.first else { return showToast(title) }
        let escaped = g_markup_escape_text(title, -1)!
        defer { g_free(escaped) }
        let toast = adw_toast_new(escaped)!
        let pointer = UnsafeMutableRawPointer(toast)
        adw_toast_set_button_label(toast, first.label)
        let titleBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let label = gtk_label_new(title)!
        gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_add_css_class(label, "heading")
        gtk_box_append(cast(titleBox), label)
        var handlers = [
            SignalConnection.connect(pointer, signal: "button-clicked") { _ in first.action() },
            SignalConnection.connect(pointer, signal: "dismissed") { [weak self] _ in
                self?.toastHandlers[pointer] = nil
                if self?.lastToast?.toast == pointer { self?.lastToast = nil }
            },
        ]
        var titleButtons: [UnsafeMutablePointer<GtkWidget>] = []
        for button in buttons.dropFirst() {
            let widget = gtk_button_new_with_label(button.label)!
            gtk_widget_add_css_class(widget, "flat")
            gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
            setAccessibleLabel(widget, button.accessibleLabel)
            gtk_box_append(cast(titleBox), widget)
            titleButtons.append(widget)
            handlers.append(
                SignalConnection.connect(rawPointer(widget), signal: "clicked") { _ in
                    button.action()
                    adw_toast_dismiss(toast)
                })
        }
        adw_toast_set_custom_title(toast, titleBox)
        toastHandlers[pointer] = handlers
        lastToast = (pointer, titleButtons)
        adw_toast_overlay_add_toast(opaque(toastOverlay), toast)
        toastTitles.append(title)
    }

    // MARK: CommandUpdater

    /// `name` is one of ``WindowAction/all``; an unknown name changes nothing.
    public func updateCommandEnabled(_ name: String, _ enabled: Bool) { actions.setEnabled(name, enabled) }

    // MARK: Slots

    private func place(_ viewController: (any ViewController)?, in slot: UnsafeMutablePointer<GtkWidget>) {
        let child = viewController?.widget
        if let child, let parent = gtk_widget_get_parent(child), parent != slot {
            gtk_widget_unparent(child)
        }
        adw_bin_set_child(cast(slot), child)
        if slot == downloadsSlot || slot == fullscreenSlot || slot == newTabPageSlot
            || slot == bookmarksMenuSlot
        {
            slotVisibility[slot] = child.map { child in
                SignalConnection.connect(rawPointer(child), signal: "notify::visible") { _ in
                    gtk_widget_set_visible(slot, gtk_widget_get_visible(child))
                }
            }
            gtk_widget_set_visible(slot, child.map { gtk_widget_get_visible($0) } ?? 0)
        }
    }

    /// Puts the zoom row in the main menu's popover, in place of its "zoom" custom item.
    private func placeMainMenuZoom(_ old: (any ViewController)?) {
        guard let popover = gtk_menu_button_get_popover(opaque(menuButton)) else { return }
        if let old { gtk_popover_menu_remove_child(opaque(popover), old.widget) }
        if let child = mainMenuZoom?.widget {
            if gtk_widget_get_parent(child) != nil { gtk_widget_unparent(child) }
            gtk_popover_menu_add_child(opaque(popover), child, Self.zoomMenuItemID)
        }
    }

    /// Puts the hosted entries in the "Recently Closed" submenu, after its actions' section.
    private func placeRecentlyClosedEntries() {
        let submenu = recentlyClosedMenu.opaque
        let menuModel: UnsafeMutablePointer<GMenuModel> = cast(submenu)
        while g_menu_model_get_n_items(menuModel) > 1 { g_menu_remove(submenu, 1) }
        if let recentlyClosed { g_menu_append_section(submenu, nil, cast(recentlyClosed.menuModel)) }
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
        installWindowAliases(on: window)
    }

    /// Escape hides the find bar when the focus is in it; in the location entry it is the
    /// entry's first (which puts the URL back; ``escapeLeftByTheLocationEntry()`` gets what it
    /// leaves); elsewhere it stops the page's load ("stop") and goes on to the page.
    func escape() -> Bool {
        let focus = gtk_window_get_focus(window)
        if let focus, gtk_widget_is_ancestor(focus, findBarSlot) != 0 {
            findInPage.send { $0.hideFindBar() }
            return true
        }
        if let focus, focus == locationBarSlot || gtk_widget_is_ancestor(focus, locationBarSlot) != 0 {
            return false
        }
        actions.activate(WindowAction.stop.name)
        return false
    }

    /// Escape that reached the window after the page and the location entry: stops the load
    /// when the focus is in the entry (the page's Escape was handled on the way down).
    func escapeLeftByTheLocationEntry() -> Bool {
        guard let focus = gtk_window_get_focus(window),
            focus == locationBarSlot || gtk_widget_is_ancestor(focus, locationBarSlot) != 0
        else { return false }
        actions.activate(WindowAction.stop.name)
        return true
    }
}
