import CAdwaita
import CGTK
public import Commands
import GLibSupport
import GTKShims
public import UIInterfaces

/// The Clear Browsing Data dialog (Ctrl+Shift+Delete or the menu): libadwaita's
/// `AdwMessageDialog` over the window, with the time range (a drop-down) and what to delete
/// (a check box each: browsing history, cookies and site data, cached files, the Recently
/// Closed list), then Cancel and Clear. Clear sends ``ClearBrowsingDataCommands``; when the
/// data is gone, a toast says so. (Chromium's Clear browsing data dialog, basic tab; GNOME
/// Web's Clear Personal Data.)
@MainActor
public final class ClearBrowsingDataViewController: ClearBrowsingDataConsumer {
    private let commands: CommandSender<any ClearBrowsingDataCommands>
    private weak var toasts: (any ToastPresenter)?
    /// The dialog while it is shown.
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    private(set) var periodDropDown: UnsafeMutablePointer<GtkWidget>?
    /// The check boxes, in the order shown.
    private(set) var checks: [(title: String, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var response: SignalConnection?

    static let toastTitle = "Browsing data cleared"
    static let checkTitles = [
        "Browsing History", "Cookies and Site Data", "Cached Files", "Recently Closed Tabs",
    ]

    /// Sends through `commands`; the toast shows through `toasts` (the window, held weakly).
    public init(commands: CommandSender<any ClearBrowsingDataCommands>, toasts: any ToastPresenter) {
        self.commands = commands
        self.toasts = toasts
    }

    /// Shows the dialog over `parent` (a `GtkWindow *`), with the first choices, or brings
    /// it to the front.
    public func present(over parent: UnsafeMutableRawPointer?) {
        if let dialog {
            gtk_window_present(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
            return
        }
        let widget = adw_message_dialog_new(
            parent?.assumingMemoryBound(to: GtkWindow.self), "Clear Browsing Data",
            "Open tabs and windows stay as they are.")!
        gtk_window_set_title(
            UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self), "Clear Browsing Data")
        let message = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwMessageDialog.self)
        adw_message_dialog_add_response(message, "cancel", "Cancel")
        adw_message_dialog_add_response(message, "clear", "Clear")
        adw_message_dialog_set_response_appearance(message, "clear", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(message, "clear")
        adw_message_dialog_set_close_response(message, "cancel")
        adw_message_dialog_set_extra_child(message, makeChoices(ClearBrowsingDataSelection()))
        response = SignalConnection.connect(UnsafeMutableRawPointer(widget), signal: "response") {
            [weak self] arguments in
            self?.answered(arguments.string(at: 1) ?? "cancel")
        }
        dialog = widget
        gtk_window_present(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self))
    }

    /// What the dialog's controls say now.
    var selection: ClearBrowsingDataSelection {
        let period = periodDropDown.map { Int(gtk_drop_down_get_selected(OpaquePointer($0))) } ?? 0
        let checked = checks.map { gtk_check_button_get_active(cast($0.button)) != 0 }
        return ClearBrowsingDataSelection(
            period: .init(rawValue: period) ?? .lastHour, history: checked[0], cookiesAndSiteData: checked[1],
            cache: checked[2], recentlyClosed: checked[3])
    }

    private func makeChoices(_ selection: ClearBrowsingDataSelection) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let titles = ClearBrowsingDataSelection.Period.allCases.map(\.title)
        var pointers: [UnsafePointer<CChar>?] = titles.map { UnsafePointer(strdup($0)) }
        pointers.append(nil)
        let model = pointers.withUnsafeBufferPointer { gtk_string_list_new($0.baseAddress) }
        for pointer in pointers { free(UnsafeMutableRawPointer(mutating: pointer)) }
        let dropDown = gtk_drop_down_new(model, nil)!
        gtk_drop_down_set_selected(OpaquePointer(dropDown), guint(selection.period.rawValue))
        gtkshim_set_accessible_label(dropDown, "Time Range")
        let rangeRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let rangeLabel = gtk_label_new("Time range")!
        gtk_widget_set_hexpand(rangeLabel, 1)
        gtk_label_set_xalign(OpaquePointer(rangeLabel), 0)
        gtk_box_append(cast(rangeRow), rangeLabel)
        gtk_box_append(cast(rangeRow), dropDown)
        gtk_box_append(cast(box), rangeRow)
        let values = [
            selection.history, selection.cookiesAndSiteData, selection.cache, selection.recentlyClosed,
        ]
        checks = zip(Self.checkTitles, values).map { title, active in
            let button = gtk_check_button_new_with_label(title)!
            gtk_check_button_set_active(cast(button), active ? 1 : 0)
            gtk_box_append(cast(box), button)
            return (title, button)
        }
        periodDropDown = dropDown
        return box
    }

    /// The dialog closes itself after its response; Clear sends what it says.
    private func answered(_ id: String) {
        let selection = selection
        response?.cancel()
        response = nil
        dialog = nil
        periodDropDown = nil
        checks = []
        guard id == "clear", !selection.isEmpty else { return }
        commands.send { $0.clearBrowsingData(selection) }
    }

    // MARK: ClearBrowsingDataConsumer

    public func browsingDataCleared() { toasts?.showToast(Self.toastTitle) }
}
