public import CAdwaita
import CGTK
public import Commands
import GLibSupport
public import UIInterfaces

/// The navigation buttons: Back, Forward and Reload (Stop while loading).
///
/// Their state comes only from ``ToolbarConsumer`` pushes; a click sends a
/// ``NavigationCommands`` command. A right-click or a long press on Back or Forward lists
/// the tab's earlier or later pages (`+TabHistory`). The zoom level goes to the main menu's
/// zoom row (``zoomControl``), which the window places.
@MainActor
public final class ToolbarViewController: ViewController, ToolbarConsumer {
    /// A horizontal box of the buttons.
    public let widget: UnsafeMutablePointer<GtkWidget>

    let backButton: UnsafeMutablePointer<GtkWidget>
    let forwardButton: UnsafeMutablePointer<GtkWidget>
    let reloadButton: UnsafeMutablePointer<GtkWidget>
    let stopButton: UnsafeMutablePointer<GtkWidget>
    /// The main menu's zoom row.
    public let zoomControl = ZoomControlViewController()

    let navigation: CommandSender<any NavigationCommands>
    private let ownership: GObjectRef
    var connections: [SignalConnection] = []
    /// The "toolbar." actions of the Back and Forward menus.
    let menuActions = ActionGroup()
    /// The Back menu's items (a `GMenu`) and its popover.
    let backMenu = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))
    var backPopover: UnsafeMutablePointer<GtkWidget>!
    /// The Forward menu's items (a `GMenu`) and its popover.
    let forwardMenu = GObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))
    var forwardPopover: UnsafeMutablePointer<GtkWidget>!

    /// Creates the toolbar; clicks are sent through `navigation`.
    public init(navigation: CommandSender<any NavigationCommands>) {
        self.navigation = navigation
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(widget, "linked")
        ownership = ownWidget(widget)
        backButton = iconButton("go-previous-symbolic", label: "Back")
        forwardButton = iconButton("go-next-symbolic", label: "Forward")
        reloadButton = iconButton("view-refresh-symbolic", label: "Reload")
        stopButton = iconButton("process-stop-symbolic", label: "Stop")
        for button in [backButton, forwardButton, reloadButton, stopButton] {
            gtk_box_append(cast(widget), button)
        }
        gtk_widget_set_visible(stopButton, 0)
        setNavigationState(canGoBack: false, canGoForward: false)
        onClick(backButton) { $0.goBack() }
        onClick(forwardButton) { $0.goForward() }
        onClick(reloadButton) { $0.reload() }
        onClick(stopButton) { $0.stopLoading() }
        installTabHistoryMenus()
    }

    // The popovers are children of the buttons, which GTK wants unparented before the buttons go.
    isolated deinit {
        for popover in [backPopover, forwardPopover] {
            if let popover { gtk_widget_unparent(popover) }
        }
    }

    private func onClick(
        _ button: UnsafeMutablePointer<GtkWidget>,
        _ command: @escaping @MainActor (any NavigationCommands) -> Void
    ) {
        connections.append(
            SignalConnection.connect(rawPointer(button), signal: "clicked") { [navigation] _ in
                navigation.send(command)
            })
    }

    // MARK: ToolbarConsumer

    /// Makes Back and Forward sensitive as the active tab allows.
    public func setNavigationState(canGoBack: Bool, canGoForward: Bool) {
        gtk_widget_set_sensitive(backButton, canGoBack ? 1 : 0)
        gtk_widget_set_sensitive(forwardButton, canGoForward ? 1 : 0)
    }

    /// Shows Stop instead of Reload while the active tab loads.
    public func setLoading(_ isLoading: Bool) {
        gtk_widget_set_visible(reloadButton, isLoading ? 0 : 1)
        gtk_widget_set_visible(stopButton, isLoading ? 1 : 0)
    }

    /// Shows the level in the main menu's zoom row.
    public func setZoomLevel(_ level: Double) { zoomControl.setZoomLevel(level) }
}
