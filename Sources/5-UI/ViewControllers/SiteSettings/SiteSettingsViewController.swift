public import CAdwaita
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The Site Settings page of the preferences (an `AdwPreferencesPage`): a row per site with a
/// decision, which expands to a switch per permission (on: allowed, off: blocked), and a
/// Reset button that forgets the site's decisions. Without any site, a row says so.
///
/// Rows are made again at each ``SiteSettingsConsumer`` push; a switch turned sends
/// ``SiteSettingsCommands/setPermission(_:ofSite:allowed:)``, Reset sends
/// ``SiteSettingsCommands/resetSite(_:)``.
@MainActor
public final class SiteSettingsViewController: ViewController, SiteSettingsConsumer {
    /// The page, for an `AdwPreferencesWindow` (`adw_preferences_window_add`).
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// One site's row.
    struct SiteRow {
        let site: SiteSettingsSite
        /// The `AdwExpanderRow`.
        let row: UnsafeMutablePointer<GtkWidget>
        let resetButton: UnsafeMutablePointer<GtkWidget>
        /// The permissions' switches, in the site's order.
        let switches: [UnsafeMutablePointer<GtkWidget>]
    }

    /// The rows shown, in order (none while the empty row shows).
    private(set) var siteRows: [SiteRow] = []
    /// The row saying there is no site.
    private(set) var emptyRow: UnsafeMutablePointer<GtkWidget>?

    private let group: UnsafeMutablePointer<GtkWidget>
    private let commands: CommandSender<any SiteSettingsCommands>
    private let ownership: GObjectRef
    private var connections: [SignalConnection] = []

    /// An empty page; what the user does goes through `commands`.
    public init(commands: CommandSender<any SiteSettingsCommands>) {
        self.commands = commands
        widget = adw_preferences_page_new()!
        ownership = ownWidget(widget)
        adw_preferences_page_set_title(cast(widget), "Site Settings")
        adw_preferences_page_set_icon_name(cast(widget), "preferences-system-privacy-symbolic")
        group = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(group), "Permissions")
        adw_preferences_group_set_description(
            cast(group),
            "What you allowed or blocked when sites asked for your location, notifications, camera…")
        adw_preferences_page_add(cast(widget), cast(group))
        setSites([])
    }

    // MARK: SiteSettingsConsumer

    public func setSites(_ sites: [SiteSettingsSite]) {
        connections.removeAll()
        for row in siteRows { adw_preferences_group_remove(cast(group), row.row) }
        siteRows.removeAll()
        if let emptyRow { adw_preferences_group_remove(cast(group), emptyRow) }
        emptyRow = nil
        guard !sites.isEmpty else {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(cast(row), "No site has asked for permissions")
            adw_preferences_group_add(cast(group), row)
            emptyRow = row
            return
        }
        for site in sites { siteRows.append(makeRow(site)) }
    }

    private func makeRow(_ site: SiteSettingsSite) -> SiteRow {
        let row = adw_expander_row_new()!
        adw_preferences_row_set_title(cast(row), site.name)
        adw_expander_row_set_subtitle(
            cast(row),
            site.permissions.map { "\($0.name) \($0.isAllowed ? "allowed" : "blocked")" }.joined(
                separator: ", "))
        let reset = gtk_button_new_with_label("Reset")!
        setAccessibleLabel(reset, "Reset \(site.name)")
        gtk_widget_set_valign(reset, GTK_ALIGN_CENTER)
        adw_expander_row_add_action(cast(row), reset)
        let siteID = site.id
        connections.append(
            SignalConnection.connect(rawPointer(reset), signal: "clicked") { [weak self] _ in
                self?.commands.send { $0.resetSite(siteID) }
            })
        var switches: [UnsafeMutablePointer<GtkWidget>] = []
        for permission in site.permissions {
            let child = PermissionSwitchRow(
                permission, siteID: siteID, accessibleLabel: "\(permission.name) allowed for \(site.name)",
                commands: commands)
            adw_expander_row_add_row(cast(row), child.row)
            connections.append(child.connection)
            switches.append(child.toggle)
        }
        adw_preferences_group_add(cast(group), row)
        return SiteRow(site: site, row: row, resetButton: reset, switches: switches)
    }
}
