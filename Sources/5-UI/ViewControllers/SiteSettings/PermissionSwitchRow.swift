import CAdwaita
import CGTK
import Commands
import GLibSupport
import GTKShims
import UIInterfaces

/// A row naming one of a site's permissions, with a switch that allows or blocks it: the rows
/// of the Site Settings page and of the location bar's page info popover.
@MainActor
struct PermissionSwitchRow {
    /// The `AdwActionRow`.
    let row: UnsafeMutablePointer<GtkWidget>
    /// The row's switch.
    let toggle: UnsafeMutablePointer<GtkWidget>
    /// Sends the switch's changes; held as long as the row's owner shows it.
    let connection: SignalConnection

    /// The row of `permission` of the site `siteID`; the switch's accessible name is
    /// `accessibleLabel`, and each flip sends `setPermission` through `commands`.
    init(
        _ permission: SiteSettingsSite.Permission, siteID: String, accessibleLabel: String,
        commands: CommandSender<any SiteSettingsCommands>
    ) {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), permission.name)
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(opaque(toggle), permission.isAllowed ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        setAccessibleLabel(toggle, accessibleLabel)
        adw_action_row_add_suffix(cast(row), toggle)
        adw_action_row_set_activatable_widget(cast(row), toggle)
        let permissionID = permission.id
        connection = SignalConnection.connect(rawPointer(toggle), signal: "notify::active") { _ in
            let allowed = gtk_switch_get_active(opaque(toggle)) != 0
            commands.send { $0.setPermission(permissionID, ofSite: siteID, allowed: allowed) }
        }
        self.row = row
        self.toggle = toggle
    }
}
