public import CAdwaita
import CGLib
import CGTK
public import Commands
import GLibSupport
public import UIInterfaces

/// The window's downloads: a header bar button, shown once there is a download in the list,
/// whose icon carries a bar of the overall progress while downloads run, and whose popover
/// lists the downloads, newest first: the file's name, its size (with speed and time left
/// while it runs, and a progress bar) and the buttons its state allows — Cancel; Open and Show
/// in Folder; Retry; Remove from List — then Clear List. A download that ended shows as a
/// toast over the content area, through the window's ``ToastPresenter``. (GNOME Web's
/// downloads popover; libadwaita 1.2's toasts cannot show progress.)
@MainActor
public final class DownloadsViewController: ViewController, DownloadsConsumer {
    /// The downloads button (a `GtkMenuButton`), hidden while the list is empty.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The box in the popover that holds one row per download.
    private let list: UnsafeMutablePointer<GtkWidget>
    /// The bar over the button's icon.
    let iconProgress: UnsafeMutablePointer<GtkWidget>
    let clearButton: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef
    private let downloads: CommandSender<any DownloadsCommands>
    private weak var toasts: (any ToastPresenter)?
    private var clearClicked: SignalConnection?

    struct Row {
        let state: DownloadItem.State
        let widget: UnsafeMutablePointer<GtkWidget>
        let name: UnsafeMutablePointer<GtkWidget>
        let status: UnsafeMutablePointer<GtkWidget>
        let progressBar: UnsafeMutablePointer<GtkWidget>?
        /// The row's buttons by what they do (`cancel`, `open`, `show`, `retry`, `remove`).
        let buttons: [(action: String, button: UnsafeMutablePointer<GtkWidget>)]
        let clicked: [SignalConnection]
    }
    /// The rows, by download id, in the order shown.
    private(set) var rows: [(id: Int, row: Row)] = []

    /// Sends what the user does through `downloads` and shows the toasts of ended downloads
    /// with `toasts` (held weakly: the window hosts this view controller).
    public init(downloads: CommandSender<any DownloadsCommands>, toasts: any ToastPresenter) {
        self.downloads = downloads
        self.toasts = toasts
        widget = gtk_menu_button_new()
        ownership = ownWidget(widget)
        let icon = gtk_overlay_new()!
        gtk_overlay_set_child(opaque(icon), gtk_image_new_from_icon_name("folder-download-symbolic"))
        iconProgress = gtk_progress_bar_new()
        gtk_widget_add_css_class(iconProgress, "osd")
        gtk_widget_set_valign(iconProgress, GTK_ALIGN_END)
        gtk_widget_set_visible(iconProgress, 0)
        // A progress bar's trough is 150 px wide at least in Adwaita: as wide as the icon here.
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(
            provider, "progressbar > trough, progressbar > trough > progress { min-width: 0; }", -1)
        gtk_style_context_add_provider(
            gtk_widget_get_style_context(iconProgress), OpaquePointer(provider),
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
        gtk_overlay_add_overlay(opaque(icon), iconProgress)
        gtk_menu_button_set_child(opaque(widget), icon)
        gtk_widget_set_tooltip_text(widget, "Downloads")
        setAccessibleLabel(widget, "Downloads")

        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(opaque(scroller), 1)
        gtk_scrolled_window_set_max_content_height(opaque(scroller), 420)
        gtk_scrolled_window_set_child(opaque(scroller), list)
        clearButton = gtk_button_new_with_label("Clear List")
        gtk_widget_set_halign(clearButton, GTK_ALIGN_END)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_size_request(content, 360, -1)
        gtk_box_append(cast(content), scroller)
        gtk_box_append(cast(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_box_append(cast(content), clearButton)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), content)
        gtk_menu_button_set_popover(opaque(widget), popover)
        gtk_widget_set_visible(widget, 0)
        clearClicked = SignalConnection.connect(rawPointer(clearButton), signal: "clicked") { [downloads] _ in
            downloads.send { $0.clearDownloads() }
        }
    }

    // MARK: DownloadsConsumer

    /// Lists `items` in the popover, newest first; the button shows while there are some.
    public func setDownloads(_ items: [DownloadItem]) {
        let wanted = Dictionary(items.map { ($0.id, $0) }) { first, _ in first }
        for entry in rows where wanted[entry.id]?.state != entry.row.state { remove(entry.row) }
        rows.removeAll { wanted[$0.id]?.state != $0.row.state }
        var ordered: [(id: Int, row: Row)] = []
        var previous: UnsafeMutablePointer<GtkWidget>?
        for item in items {
            let row = rows.first { $0.id == item.id }?.row ?? makeRow(for: item)
            if gtk_widget_get_parent(row.widget) == nil {
                gtk_box_insert_child_after(cast(list), row.widget, previous)
            } else {
                gtk_box_reorder_child_after(cast(list), row.widget, previous)
            }
            update(row, with: item)
            ordered.append((item.id, row))
            previous = row.widget
        }
        rows = ordered
        gtk_widget_set_sensitive(clearButton, items.contains { $0.state != .inProgress } ? 1 : 0)
        if items.isEmpty, let popover = gtk_menu_button_get_popover(opaque(widget)) {
            gtk_popover_popdown(popover)
        }
        gtk_widget_set_visible(widget, items.isEmpty ? 0 : 1)
    }

    /// Shows the overall progress as a bar over the icon, while downloads run.
    public func setOverallProgress(_ progress: Double?) {
        gtk_widget_set_visible(iconProgress, progress == nil ? 0 : 1)
        gtk_progress_bar_set_fraction(opaque(iconProgress), min(max(progress ?? 0, 0), 1))
        gtk_widget_set_tooltip_text(
            widget, progress.map { "Downloads (\(Int(($0 * 100).rounded()))%)" } ?? "Downloads")
    }

    /// Shows a toast "“name” downloaded" with Open and Show in Folder.
    public func showDownloadFinished(id: Int, fileName: String) {
        let downloads = downloads
        toasts?.showToast(
            "“\(fileName)” downloaded",
            buttons: [
                ToastButton("Open") {
                    downloads.send { $0.openDownload(id) }
                },
                ToastButton("Show in Folder") {
                    downloads.send { $0.showDownloadInFolder(id) }
                },
            ])
    }

    /// The toast names the file, if the download got as far as naming it.
    public func showDownloadFailed(fileName: String?) {
        toasts?.showToast(fileName.map { "“\($0)” could not be downloaded" } ?? "A download failed")
    }

    public func showLaunchFailed(_ message: String) {
        toasts?.showToast(message)
    }

    private func remove(_ row: Row) {
        for connection in row.clicked { connection.cancel() }
        gtk_box_remove(cast(list), row.widget)
    }

    /// The buttons a download in `state` offers, with their icons.
    static func actions(for state: DownloadItem.State) -> [(action: String, icon: String)] {
        switch state {
        case .inProgress: [("cancel", "process-stop-symbolic")]
        case .complete:
            [
                ("open", "document-open-symbolic"), ("show", "folder-open-symbolic"),
                ("remove", "list-remove-symbolic"),
            ]
        case .interrupted:
            [
                ("retry", "view-refresh-symbolic"), ("show", "folder-open-symbolic"),
                ("remove", "list-remove-symbolic"),
            ]
        case .cancelled, .failed: [("retry", "view-refresh-symbolic"), ("remove", "list-remove-symbolic")]
        }
    }

    private func makeRow(for item: DownloadItem) -> Row {
        let id = item.id
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)!
        gtk_widget_set_hexpand(column, 1)
        let name = gtk_label_new(nil)!
        gtk_label_set_xalign(opaque(name), 0)
        gtk_label_set_ellipsize(opaque(name), PANGO_ELLIPSIZE_MIDDLE)
        let status = gtk_label_new(nil)!
        gtk_label_set_xalign(opaque(status), 0)
        gtk_label_set_ellipsize(opaque(status), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(status, "dim-label")
        gtk_widget_add_css_class(status, "caption")
        gtk_box_append(cast(column), name)
        var progressBar: UnsafeMutablePointer<GtkWidget>?
        if item.state == .inProgress {
            let bar = gtk_progress_bar_new()!
            gtk_box_append(cast(column), bar)
            progressBar = bar
        }
        gtk_box_append(cast(column), status)
        gtk_box_append(cast(widget), column)
        var buttons: [(action: String, button: UnsafeMutablePointer<GtkWidget>)] = []
        var clicked: [SignalConnection] = []
        for (action, icon) in Self.actions(for: item.state) {
            // Open is the one word among icons (Adwaita draws document-open as a folder too).
            let button =
                action == "open" ? gtk_button_new_with_label("Open")! : gtk_button_new_from_icon_name(icon)!
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_widget_add_css_class(button, "flat")
            gtk_box_append(cast(widget), button)
            buttons.append((action, button))
            clicked.append(
                SignalConnection.connect(rawPointer(button), signal: "clicked") { [downloads] _ in
                    downloads.send { commands in
                        switch action {
                        case "cancel": commands.cancelDownload(id)
                        case "open": commands.openDownload(id)
                        case "show": commands.showDownloadInFolder(id)
                        case "retry": commands.retryDownload(id)
                        default: commands.removeDownload(id)
                        }
                    }
                })
        }
        return Row(
            state: item.state, widget: widget, name: name, status: status, progressBar: progressBar,
            buttons: buttons, clicked: clicked)
    }

    /// The accessible name and tooltip of a row's button.
    static func label(of action: String, fileName name: String) -> String {
        switch action {
        case "cancel": "Cancel the download of “\(name)”"
        case "open": "Open “\(name)”"
        case "show": "Show “\(name)” in Folder"
        case "retry": "Retry the download of “\(name)”"
        default: "Remove “\(name)” from List"
        }
    }

    private func update(_ row: Row, with item: DownloadItem) {
        let name = item.fileName.isEmpty ? "Download" : item.fileName
        gtk_label_set_text(opaque(row.name), name)
        gtk_label_set_text(opaque(row.status), item.status)
        if let bar = row.progressBar.map(opaque) {
            if let progress = item.progress {
                gtk_progress_bar_set_fraction(bar, min(max(progress, 0), 1))
            } else {
                gtk_progress_bar_pulse(bar)
            }
        }
        for (action, button) in row.buttons {
            let label = Self.label(of: action, fileName: name)
            gtk_widget_set_tooltip_text(button, label)
            setAccessibleLabel(button, label)
        }
    }
}
