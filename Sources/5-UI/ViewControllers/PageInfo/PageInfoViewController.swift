public import CAdwaita
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The page info button beside the location bar: shown while the active page's site has a
/// permission decision or the page uses the camera or the microphone (its icon then says
/// which). Its popover names the site, says what the page uses, and lists the site's
/// decisions with a switch each (on: allowed) and a Reset button, which send
/// ``SiteSettingsCommands``.
@MainActor
public final class PageInfoViewController: ViewController, PageInfoConsumer {
    /// The GtkMenuButton.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// What the button shows (nil: hidden).
    private(set) var item: PageInfoItem?
    /// The popover's switches, in the site's order, and its Reset button.
    private(set) var switches: [UnsafeMutablePointer<GtkWidget>] = []
    private(set) var resetButton: UnsafeMutablePointer<GtkWidget>?

    private let commands: CommandSender<any SiteSettingsCommands>
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef
    private var connections: [SignalConnection] = []

    /// A hidden button; what the user does goes through `commands`.
    public init(commands: CommandSender<any SiteSettingsCommands>) {
        self.commands = commands
        widget = gtk_menu_button_new()
        ownership = ownWidget(widget)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        popover = gtk_popover_new()
        gtk_menu_button_set_popover(opaque(widget), popover)
        setAccessibleLabel(widget, "Site Permissions")
        gtk_widget_set_tooltip_text(widget, "Site Permissions")
        gtk_widget_set_visible(widget, 0)
    }

    /// The icon for `item`: the camera or the microphone in use first.
    static func iconName(_ item: PageInfoItem) -> String {
        if item.usesCamera { return "camera-web-symbolic" }
        if item.usesMicrophone { return "audio-input-microphone-symbolic" }
        return "preferences-system-symbolic"
    }

    // MARK: PageInfoConsumer

    public func setPageInfo(_ item: PageInfoItem?) {
        self.item = item
        gtk_widget_set_visible(widget, item == nil ? 0 : 1)
        guard let item else {
            gtk_popover_popdown(cast(popover))
            return
        }
        gtk_menu_button_set_icon_name(opaque(widget), Self.iconName(item))
        gtk_popover_set_child(cast(popover), makeContent(item))
    }

    private func makeContent(_ item: PageInfoItem) -> UnsafeMutablePointer<GtkWidget> {
        connections.removeAll()
        switches.removeAll()
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_size_request(box, 300, -1)
        let title = gtk_label_new(item.site.name)!
        gtk_widget_add_css_class(title, "heading")
        gtk_label_set_xalign(opaque(title), 0)
        gtk_box_append(cast(box), title)
        let uses = [item.usesCamera ? "your camera" : nil, item.usesMicrophone ? "your microphone" : nil]
            .compactMap { $0 }
        if !uses.isEmpty {
            let label = gtk_label_new("Using \(uses.joined(separator: " and "))")!
            gtk_label_set_xalign(opaque(label), 0)
            gtk_widget_add_css_class(label, "dim-label")
            gtk_box_append(cast(box), label)
        }
        guard !item.site.permissions.isEmpty else {
            resetButton = nil
            return box
        }
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        let siteID = item.site.id
        for permission in item.site.permissions {
            let row = PermissionSwitchRow(
                permission, siteID: siteID, accessibleLabel: "\(permission.name) allowed", commands: commands)
            gtk_list_box_append(opaque(list), row.row)
            connections.append(row.connection)
            switches.append(row.toggle)
        }
        gtk_box_append(cast(box), list)
        let reset = gtk_button_new_with_label("Reset Permissions")!
        gtk_widget_set_halign(reset, GTK_ALIGN_END)
        connections.append(
            SignalConnection.connect(rawPointer(reset), signal: "clicked") { [weak self] _ in
                self?.commands.send { $0.resetSite(siteID) }
            })
        gtk_box_append(cast(box), reset)
        resetButton = reset
        return box
    }
}
