public import CAdwaita
import CGLib
import CGTK
public import Commands
import GLibSupport
public import UIInterfaces

/// The window's downloads: a header bar button, shown while downloads run, whose popover
/// lists them, each with its progress and a cancel button (libadwaita 1.2's toasts cannot
/// show progress); a download that ended shows as a toast over the content area, through the
/// window's ``ToastPresenter``.
@MainActor
public final class DownloadsViewController: ViewController, DownloadsConsumer {
    /// The downloads button (a `GtkMenuButton`), hidden while there is no download.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The box in the popover that holds one row per download.
    private let list: UnsafeMutablePointer<GtkWidget>
    private let ownership: GObjectRef
    private let downloads: CommandSender<any DownloadsCommands>
    private weak var toasts: (any ToastPresenter)?

    struct Row {
        let widget: UnsafeMutablePointer<GtkWidget>
        let label: UnsafeMutablePointer<GtkWidget>
        let progressBar: UnsafeMutablePointer<GtkWidget>
        let cancelButton: UnsafeMutablePointer<GtkWidget>
        let clicked: SignalConnection
    }
    /// The rows, by download id, in the order shown.
    private(set) var rows: [(id: Int, row: Row)] = []

    /// Sends cancellations through `downloads` and shows the toasts of ended downloads with
    /// `toasts` (held weakly: the window hosts this view controller).
    public init(downloads: CommandSender<any DownloadsCommands>, toasts: any ToastPresenter) {
        self.downloads = downloads
        self.toasts = toasts
        widget = gtk_menu_button_new()
        ownership = ownWidget(widget)
        gtk_menu_button_set_icon_name(opaque(widget), "folder-download-symbolic")
        gtk_widget_set_tooltip_text(widget, "Downloads")
        setAccessibleLabel(widget, "Downloads")
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_size_request(list, 320, -1)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), list)
        gtk_menu_button_set_popover(opaque(widget), popover)
        gtk_widget_set_visible(widget, 0)
    }

    // MARK: DownloadsConsumer

    /// Lists `items` in the popover (a row each: the file's name, a progress bar — pulsing when
    /// the size is unknown — and a cancel button); the button is shown only while there are
    /// some.
    public func setDownloads(_ items: [DownloadItem]) {
        let wanted = Set(items.map(\.id))
        for entry in rows where !wanted.contains(entry.id) {
            entry.row.clicked.cancel()
            gtk_box_remove(cast(list), entry.row.widget)
        }
        rows.removeAll { !wanted.contains($0.id) }
        for item in items {
            let row: Row
            if let existing = rows.first(where: { $0.id == item.id })?.row {
                row = existing
            } else {
                row = makeRow(id: item.id)
                rows.append((item.id, row))
                gtk_box_append(cast(list), row.widget)
            }
            update(row, with: item)
        }
        if items.isEmpty, let popover = gtk_menu_button_get_popover(opaque(widget)) {
            gtk_popover_popdown(popover)
        }
        gtk_widget_set_visible(widget, items.isEmpty ? 0 : 1)
    }

    /// Shows a toast "“name” downloaded".
    public func showDownloadFinished(fileName: String) { toasts?.showToast("“\(fileName)” downloaded") }

    /// The toast names the file, if the download got as far as naming it.
    public func showDownloadFailed(fileName: String?) {
        toasts?.showToast(fileName.map { "“\($0)” could not be downloaded" } ?? "A download failed")
    }

    private func makeRow(id: Int) -> Row {
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
        return Row(
            widget: widget, label: label, progressBar: progressBar, cancelButton: cancelButton,
            clicked: clicked)
    }

    private func update(_ row: Row, with item: DownloadItem) {
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
}
