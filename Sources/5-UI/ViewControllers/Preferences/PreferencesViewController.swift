public import CAdwaita
import CGTK
public import Commands
import Foundation
import GLibSupport
import GTKShims
public import UIInterfaces

/// The preferences window: libadwaita's `AdwPreferencesWindow` (1.2: no `AdwSwitchRow` or
/// `AdwSpinRow`, so switches and spin buttons are suffixes of `AdwActionRow`s), with a page per
/// part — General (search engine, new tabs and windows, downloads), Appearance (the style, fonts),
/// Privacy and Security (third-party cookies, tracking prevention) and Performance (the
/// memory saver). It shows what its mediator pushes (``PreferencesConsumer``) and sends what
/// the user changes (``PreferencesCommands``); a push never comes back as a command. Text rows
/// (the custom search address, the home page) send when the user applies them (Enter or the
/// row's apply button); a refused one shows the reason as its title, styled as an error.
/// Site settings and clearing browsing data come as view controllers of their own: a page
/// (``addPage(_:)``) or a group of the Privacy and Security page (``addToPrivacyPage(_:)``).
@MainActor
public final class PreferencesViewController: ViewController, PreferencesConsumer {
    /// The preferences window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef
    private let commands: CommandSender<any PreferencesCommands>
    private var connections: [SignalConnection] = []
    /// While a push sets widgets, whose signals are then not the user's.
    private var isPushing = false
    private var values = PreferencesValues()
    private var folderChooser: NativeFileChooser?

    let searchEngineRow: UnsafeMutablePointer<GtkWidget>
    let customSearchRow: UnsafeMutablePointer<GtkWidget>
    let newTabRow: UnsafeMutablePointer<GtkWidget>
    let homePageRow: UnsafeMutablePointer<GtkWidget>
    let downloadFolderRow: UnsafeMutablePointer<GtkWidget>
    let downloadFolderButton: UnsafeMutablePointer<GtkWidget>
    let askWhereToSaveSwitch: UnsafeMutablePointer<GtkWidget>
    let styleRow: UnsafeMutablePointer<GtkWidget>
    /// A family-level `GtkFontButton` per generic font (GTK 4.8 has no `GtkFontDialogButton`).
    let fontButtons: [FontKind: UnsafeMutablePointer<GtkWidget>]
    let minimumFontSizeSpin: UnsafeMutablePointer<GtkWidget>
    let defaultZoomRow: UnsafeMutablePointer<GtkWidget>
    let thirdPartyCookiesSwitch: UnsafeMutablePointer<GtkWidget>
    let trackingPreventionSwitch: UnsafeMutablePointer<GtkWidget>
    /// The Privacy and Security page, which other groups join (``addToPrivacyPage(_:)``).
    private var privacyPage: UnsafeMutablePointer<GtkWidget>!
    let memorySaverSwitch: UnsafeMutablePointer<GtkWidget>
    let memorySaverDelayRow: UnsafeMutablePointer<GtkWidget>
    let memorySaverDelaySpin: UnsafeMutablePointer<GtkWidget>

    static let customSearchTitle = "Custom Search Address (%s for the Words)"
    static let homePageTitle = "Home Page Address"
    /// What new tabs and windows open with, in the "Open With" row's order.
    static let newTabChoices = ["Blank Page", "Most Visited", "Home Page"]
    static let mostVisitedChoice = 1
    static let homePageChoice = 2

    /// A window sending through `commands`, not shown yet.
    public init(commands: CommandSender<any PreferencesCommands>) {
        self.commands = commands
        widget = adw_preferences_window_new()
        ownership = ownWidget(widget)
        gtk_window_set_title(cast(widget), "Preferences")
        gtk_window_set_default_size(cast(widget), 860, 640)
        adw_preferences_window_set_search_enabled(cast(widget), 0)
        // Not modal (libadwaita makes it so): the browser windows stay usable, and show each
        // change at once.
        gtk_window_set_modal(cast(widget), 0)

        searchEngineRow = adw_combo_row_new()
        customSearchRow = adw_entry_row_new()
        newTabRow = adw_combo_row_new()
        homePageRow = adw_entry_row_new()
        downloadFolderRow = adw_action_row_new()
        downloadFolderButton = gtk_button_new_with_label("Choose…")
        askWhereToSaveSwitch = gtk_switch_new()
        styleRow = adw_combo_row_new()
        fontButtons = Dictionary(uniqueKeysWithValues: FontKind.allCases.map { ($0, gtk_font_button_new()!) })
        minimumFontSizeSpin = gtk_spin_button_new_with_range(0, 32, 1)
        defaultZoomRow = adw_combo_row_new()
        thirdPartyCookiesSwitch = gtk_switch_new()
        trackingPreventionSwitch = gtk_switch_new()
        memorySaverSwitch = gtk_switch_new()
        memorySaverDelayRow = adw_action_row_new()
        memorySaverDelaySpin = gtk_spin_button_new_with_range(1, 24 * 60, 5)

        adw_preferences_window_add(cast(widget), cast(makeGeneralPage()))
        adw_preferences_window_add(cast(widget), cast(makeAppearancePage()))
        privacyPage = makePrivacyPage()
        adw_preferences_window_add(cast(widget), cast(privacyPage))
        adw_preferences_window_add(cast(widget), cast(makePerformancePage()))
        connectSignals()
    }

    /// The window as GTK's window functions take it.
    var window: UnsafeMutablePointer<GtkWindow> { cast(widget) }

    /// Adds `page` (an `AdwPreferencesPage` made by another view controller) after the others.
    public func addPage(_ page: any ViewController) {
        adw_preferences_window_add(cast(widget), cast(page.widget))
    }

    /// Adds `group` (an `AdwPreferencesGroup` made by another view controller: site
    /// settings, clearing browsing data) to the Privacy and Security page, after its cookie
    /// and tracking group.
    public func addToPrivacyPage(_ group: any ViewController) {
        adw_preferences_page_add(cast(privacyPage), cast(group.widget))
    }

    /// Shows the window over `parent` (a `GtkWindow *`), or brings it to the front.
    public func present(over parent: UnsafeMutableRawPointer?) {
        if let parent { gtk_window_set_transient_for(window, parent.assumingMemoryBound(to: GtkWindow.self)) }
        gtk_window_present(window)
    }

    /// Calls `handler` when the user closes the window (it is destroyed afterwards).
    public func onClose(_ handler: @escaping @MainActor () -> Void) {
        connections.append(
            SignalConnection.connect(rawPointer(widget), signal: "close-request") { _ in handler() })
    }

    // MARK: Building

    private static func page(_ title: String, icon: String) -> UnsafeMutablePointer<GtkWidget> {
        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), title)
        adw_preferences_page_set_icon_name(cast(page), icon)
        return page
    }

    private static func group(
        _ title: String, in page: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<
        AdwPreferencesGroup
    > {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(group), title)
        adw_preferences_page_add(cast(page), cast(group))
        return cast(group)
    }

    private static func titled(
        _ row: UnsafeMutablePointer<GtkWidget>, _ title: String, subtitle: String? = nil
    ) {
        adw_preferences_row_set_title(cast(row), title)
        if let subtitle { adw_action_row_set_subtitle(cast(row), subtitle) }
    }

    private static func stringList(_ strings: [String]) -> OpaquePointer {
        let list = gtk_string_list_new(nil)!
        for string in strings { gtk_string_list_append(list, string) }
        return list
    }

    private func makeGeneralPage() -> UnsafeMutablePointer<GtkWidget> {
        let page = Self.page("General", icon: "preferences-system-symbolic")
        let search = Self.group("Search", in: page)
        Self.titled(searchEngineRow, "Search Engine", subtitle: "Used for words typed in the location bar")
        adw_preferences_group_add(search, searchEngineRow)
        Self.titled(customSearchRow, Self.customSearchTitle)
        adw_entry_row_set_show_apply_button(cast(customSearchRow), 1)
        gtk_widget_set_visible(customSearchRow, 0)
        adw_preferences_group_add(search, customSearchRow)

        let newTabs = Self.group("New Tabs and Windows", in: page)
        Self.titled(newTabRow, "Open With")
        let choices = Self.stringList(Self.newTabChoices)
        adw_combo_row_set_model(cast(newTabRow), choices)
        g_object_unref(UnsafeMutableRawPointer(choices))
        adw_preferences_group_add(newTabs, newTabRow)
        Self.titled(homePageRow, Self.homePageTitle)
        adw_entry_row_set_show_apply_button(cast(homePageRow), 1)
        gtk_widget_set_visible(homePageRow, 0)
        adw_preferences_group_add(newTabs, homePageRow)

        let downloads = Self.group("Downloads", in: page)
        Self.titled(downloadFolderRow, "Download Folder", subtitle: "")
        gtk_widget_set_valign(downloadFolderButton, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cast(downloadFolderRow), downloadFolderButton)
        adw_preferences_group_add(downloads, downloadFolderRow)
        adw_preferences_group_add(downloads, switchRow("Ask Where to Save Each File", askWhereToSaveSwitch))
        return page
    }

    private func makeAppearancePage() -> UnsafeMutablePointer<GtkWidget> {
        let page = Self.page("Appearance", icon: "applications-graphics-symbolic")
        let style = Self.group("Windows", in: page)
        Self.titled(styleRow, "Style")
        let schemes = Self.stringList(ColorScheme.allCases.map(\.name))
        adw_combo_row_set_model(cast(styleRow), schemes)
        g_object_unref(UnsafeMutableRawPointer(schemes))
        adw_preferences_group_add(style, styleRow)
        let pages = Self.group("Pages", in: page)
        Self.titled(defaultZoomRow, "Default Zoom", subtitle: "Tabs you zoom keep their own")
        adw_preferences_group_add(pages, defaultZoomRow)
        let fonts = Self.group("Fonts", in: page)
        for kind in FontKind.allCases {
            guard let button = fontButtons[kind] else { continue }
            gtk_font_chooser_set_level(opaque(button), GTK_FONT_CHOOSER_LEVEL_FAMILY)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            setAccessibleLabel(button, kind.name)
            let row = adw_action_row_new()!
            Self.titled(row, kind.name)
            adw_action_row_add_suffix(cast(row), button)
            adw_preferences_group_add(fonts, row)
        }
        let minimum = adw_action_row_new()!
        Self.titled(minimum, "Minimum Font Size", subtitle: "Pixels; 0 lets pages use any size")
        gtk_widget_set_valign(minimumFontSizeSpin, GTK_ALIGN_CENTER)
        setAccessibleLabel(minimumFontSizeSpin, "Minimum Font Size")
        adw_action_row_add_suffix(cast(minimum), minimumFontSizeSpin)
        adw_preferences_group_add(fonts, minimum)
        return page
    }

    private func makePrivacyPage() -> UnsafeMutablePointer<GtkWidget> {
        let page = Self.page("Privacy and Security", icon: "security-high-symbolic")
        let cookies = Self.group("Cookies and Tracking", in: page)
        let thirdParty = switchRow("Block Third-Party Cookies", thirdPartyCookiesSwitch)
        adw_action_row_set_subtitle(cast(thirdParty), "Sites other than the one shown cannot keep cookies")
        adw_preferences_group_add(cookies, thirdParty)
        let tracking = switchRow("Prevent Cross-Site Tracking", trackingPreventionSwitch)
        adw_action_row_set_subtitle(cast(tracking), "Limits what trackers learn as you go from site to site")
        adw_preferences_group_add(cookies, tracking)
        return page
    }

    private func makePerformancePage() -> UnsafeMutablePointer<GtkWidget> {
        let page = Self.page("Performance", icon: "power-profile-performance-symbolic")
        let memory = Self.group("Memory Saver", in: page)
        let enabled = switchRow("Memory Saver", memorySaverSwitch)
        adw_action_row_set_subtitle(
            cast(enabled), "Frees the memory of tabs not looked at for a while; they reload when selected")
        adw_preferences_group_add(memory, enabled)
        Self.titled(
            memorySaverDelayRow, "Free a Tab's Memory After", subtitle: "Minutes the tab stays hidden")
        gtk_widget_set_valign(memorySaverDelaySpin, GTK_ALIGN_CENTER)
        setAccessibleLabel(memorySaverDelaySpin, "Minutes before a hidden tab's memory is freed")
        adw_action_row_add_suffix(cast(memorySaverDelayRow), memorySaverDelaySpin)
        adw_preferences_group_add(memory, memorySaverDelayRow)
        return page
    }

    private func switchRow(
        _ title: String, _ toggle: UnsafeMutablePointer<GtkWidget>
    ) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_action_row_new()!
        Self.titled(row, title)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        setAccessibleLabel(toggle, title)
        adw_action_row_add_suffix(cast(row), toggle)
        adw_action_row_set_activatable_widget(cast(row), toggle)
        return row
    }

    private func connect(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ signal: String, _ action: @escaping @MainActor () -> Void
    ) {
        connections.append(
            SignalConnection.connect(rawPointer(widget), signal: signal) { [weak self] _ in
                guard let self, !self.isPushing else { return }
                action()
            })
    }

    private func connectSignals() {
        connect(searchEngineRow, "notify::selected") { [weak self] in self?.searchEngineSelected() }
        connect(customSearchRow, "apply") { [weak self] in
            guard let self else { return }
            let text = Self.text(of: customSearchRow)
            commands.send { $0.setCustomSearchTemplate(text) }
        }
        connect(newTabRow, "notify::selected") { [weak self] in
            guard let self else { return }
            let choice = Int(adw_combo_row_get_selected(cast(newTabRow)))
            let opens = choice == Self.homePageChoice
            gtk_widget_set_visible(homePageRow, opens ? 1 : 0)
            commands.send { $0.setNewTabsOpenHomePage(opens) }
            if !opens { commands.send { $0.setNewTabsShowMostVisited(choice == Self.mostVisitedChoice) } }
        }
        connect(homePageRow, "apply") { [weak self] in self?.sendHomePage() }
        connect(downloadFolderButton, "clicked") { [weak self] in self?.chooseDownloadFolder() }
        connect(askWhereToSaveSwitch, "notify::active") { [weak self] in
            guard let self else { return }
            let asks = gtk_switch_get_active(opaque(askWhereToSaveSwitch)) != 0
            commands.send { $0.setAskWhereToSave(asks) }
        }
        connect(styleRow, "notify::selected") { [weak self] in
            guard let self,
                let scheme = ColorScheme.allCases.dropFirst(Int(adw_combo_row_get_selected(cast(styleRow))))
                    .first
            else { return }
            commands.send { $0.setColorScheme(scheme) }
        }
        for (kind, button) in fontButtons {
            connect(button, "font-set") { [weak self] in
                guard let self, let family = gtk_font_chooser_get_font_family(opaque(button)),
                    let name = pango_font_family_get_name(family)
                else { return }
                let chosen = String(cString: name)
                commands.send { $0.setFont(chosen, for: kind) }
            }
        }
        connect(minimumFontSizeSpin, "value-changed") { [weak self] in
            guard let self else { return }
            let size = Int(gtk_spin_button_get_value_as_int(opaque(minimumFontSizeSpin)))
            commands.send { $0.setMinimumFontSize(size) }
        }
        connect(defaultZoomRow, "notify::selected") { [weak self] in
            guard let self else { return }
            let index = Int(adw_combo_row_get_selected(cast(defaultZoomRow)))
            guard values.zoomFactors.indices.contains(index) else { return }
            let factor = values.zoomFactors[index]
            commands.send { $0.setDefaultZoom(factor) }
        }
        connect(thirdPartyCookiesSwitch, "notify::active") { [weak self] in
            guard let self else { return }
            let blocks = gtk_switch_get_active(opaque(thirdPartyCookiesSwitch)) != 0
            commands.send { $0.setBlocksThirdPartyCookies(blocks) }
        }
        connect(trackingPreventionSwitch, "notify::active") { [weak self] in
            guard let self else { return }
            let prevents = gtk_switch_get_active(opaque(trackingPreventionSwitch)) != 0
            commands.send { $0.setPreventsTracking(prevents) }
        }
        connect(memorySaverSwitch, "notify::active") { [weak self] in
            guard let self else { return }
            let enabled = gtk_switch_get_active(opaque(memorySaverSwitch)) != 0
            commands.send { $0.setMemorySaverEnabled(enabled) }
        }
        connect(memorySaverDelaySpin, "value-changed") { [weak self] in
            guard let self else { return }
            let minutes = Int(gtk_spin_button_get_value_as_int(opaque(memorySaverDelaySpin)))
            commands.send { $0.setMemorySaverDelay(minutes: minutes) }
        }
    }

    private static func text(of row: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_editable_get_text(opaque(row)))
    }

    private func searchEngineSelected() {
        let index = Int(adw_combo_row_get_selected(cast(searchEngineRow)))
        guard values.searchEngines.indices.contains(index) else { return }
        let id = values.searchEngines[index].id
        commands.send { $0.selectSearchEngine(id) }
    }

    private func sendHomePage() {
        let text = Self.text(of: homePageRow)
        commands.send { $0.setHomePage(text) }
    }

    /// A file chooser choosing a folder, starting in the current one.
    private func chooseDownloadFolder() {
        let chooser = NativeFileChooser(
            title: "Download Folder", parent: window, action: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
            accept: "_Select")
        chooser.setCurrentFolder(values.downloadDirectory)
        chooser.show { [weak self] chosen in
            self?.folderChooser = nil
            guard let chosen else { return }
            self?.commands.send { $0.setDownloadDirectory(chosen) }
        }
        folderChooser = chooser
    }

    // MARK: PreferencesConsumer

    public func setPreferences(_ values: PreferencesValues) {
        isPushing = true
        defer { isPushing = false }
        if values.searchEngines != self.values.searchEngines {
            let names = Self.stringList(values.searchEngines.map(\.name))
            adw_combo_row_set_model(cast(searchEngineRow), names)
            g_object_unref(UnsafeMutableRawPointer(names))
        }
        let oldZoomFactors = self.values.zoomFactors
        self.values = values
        if let index = values.searchEngines.firstIndex(where: { $0.id == values.selectedSearchEngine }) {
            adw_combo_row_set_selected(cast(searchEngineRow), guint(index))
        }
        let isCustom = values.selectedSearchEngine == values.searchEngines.last?.id
        gtk_widget_set_visible(customSearchRow, isCustom ? 1 : 0)
        Self.setText(values.customSearchTemplate, of: customSearchRow)
        Self.showError(values.customSearchTemplateError, on: customSearchRow, title: Self.customSearchTitle)

        adw_combo_row_set_selected(
            cast(newTabRow),
            UInt32(
                values.newTabsOpenHomePage
                    ? Self.homePageChoice : values.newTabsShowMostVisited ? Self.mostVisitedChoice : 0))
        gtk_widget_set_visible(homePageRow, values.newTabsOpenHomePage ? 1 : 0)
        Self.setText(values.homePage, of: homePageRow)
        Self.showError(values.homePageError, on: homePageRow, title: Self.homePageTitle)

        adw_action_row_set_subtitle(cast(downloadFolderRow), values.downloadDirectory)
        gtk_switch_set_active(opaque(askWhereToSaveSwitch), values.askWhereToSave ? 1 : 0)
        let scheme = ColorScheme.allCases.firstIndex(of: values.colorScheme) ?? 0
        adw_combo_row_set_selected(cast(styleRow), guint(scheme))
        for (kind, button) in fontButtons {
            let family = values.fonts[kind].flatMap { $0.isEmpty ? nil : $0 } ?? kind.genericFamily
            gtk_font_chooser_set_font(opaque(button), "\(family) 12")
        }
        gtk_spin_button_set_value(opaque(minimumFontSizeSpin), Double(values.minimumFontSize))
        if values.zoomFactors != oldZoomFactors {
            let labels = Self.stringList(values.zoomFactors.map { "\(Int(($0 * 100).rounded()))%" })
            adw_combo_row_set_model(cast(defaultZoomRow), labels)
            g_object_unref(UnsafeMutableRawPointer(labels))
        }
        let nearest = values.zoomFactors.indices.min {
            abs(values.zoomFactors[$0] - values.defaultZoom)
                < abs(values.zoomFactors[$1] - values.defaultZoom)
        }
        if let nearest { adw_combo_row_set_selected(cast(defaultZoomRow), guint(nearest)) }
        gtk_switch_set_active(opaque(thirdPartyCookiesSwitch), values.blocksThirdPartyCookies ? 1 : 0)
        gtk_switch_set_active(opaque(trackingPreventionSwitch), values.preventsTracking ? 1 : 0)
        gtk_switch_set_active(opaque(memorySaverSwitch), values.memorySaverEnabled ? 1 : 0)
        gtk_spin_button_set_value(opaque(memorySaverDelaySpin), Double(values.memorySaverDelayMinutes))
        gtk_widget_set_sensitive(memorySaverDelayRow, values.memorySaverEnabled ? 1 : 0)
    }

    private static func setText(_ text: String, of row: UnsafeMutablePointer<GtkWidget>) {
        guard Self.text(of: row) != text else { return }
        gtk_editable_set_text(opaque(row), text)
        // Text the user did not type has nothing to apply: turning the apply button off and on
        // hides it until the next keystroke.
        adw_entry_row_set_show_apply_button(cast(row), 0)
        adw_entry_row_set_show_apply_button(cast(row), 1)
    }

    private static func showError(_ error: String?, on row: UnsafeMutablePointer<GtkWidget>, title: String) {
        adw_preferences_row_set_title(cast(row), error ?? title)
        if error != nil {
            gtk_widget_add_css_class(row, "error")
        } else {
            gtk_widget_remove_css_class(row, "error")
        }
    }
}
