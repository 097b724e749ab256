import CAdwaita
import CGTK
public import Commands
import GLibSupport
import GTKShims
import GTKSupport
public import UIInterfaces

/// The Import dialog (main menu ▸ Import Bookmarks and History…): libadwaita's
/// `AdwMessageDialog` over the window listing the browsers' profiles found on this machine,
/// each a row with an Import button, and “From a File…” (a file chooser for bookmark HTML).
/// While an import runs, the list is insensitive and a progress bar fills; the window stays
/// usable (the work is off the main thread). At the end the dialog shows the report.
/// (Chromium's Import bookmarks and settings dialog; GNOME Web's Import Bookmarks.)
@MainActor
public final class ImportViewController: ImportConsumer {
    private let commands: CommandSender<any ImportCommands>
    /// The dialog while it is shown.
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    private(set) var list: UnsafeMutablePointer<GtkWidget>?
    private(set) var progressBar: UnsafeMutablePointer<GtkWidget>?
    private var parent: UnsafeMutableRawPointer?
    private var connections: [SignalConnection] = []
    private var fileChooser: NativeFileChooser?

    static let title = "Import Bookmarks and History"
    static let fileRowTitle = "From a File…"

    public init(commands: CommandSender<any ImportCommands>) { self.commands = commands }

    /// Shows the dialog over `parent` (a `GtkWindow *`) and asks for the sources; or brings
    /// it to the front.
    public func present(over parent: UnsafeMutableRawPointer?) {
        if let dialog {
            gtk_window_present(cast(dialog))
            return
        }
        self.parent = parent
        let widget = adw_message_dialog_new(
            parent?.assumingMemoryBound(to: GtkWindow.self), Self.title,
            "Bookmarks and history come over; importing again adds nothing new.")!
        gtk_window_set_title(cast(widget), Self.title)
        let message = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwMessageDialog.self)
        adw_message_dialog_add_response(message, "close", "Close")
        adw_message_dialog_set_close_response(message, "close")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(opaque(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        gtkshim_set_accessible_label(list, "Sources")
        gtk_box_append(cast(box), list)
        let progress = gtk_progress_bar_new()!
        gtkshim_set_accessible_label(progress, "Import Progress")
        gtk_widget_set_visible(progress, 0)
        gtk_box_append(cast(box), progress)
        adw_message_dialog_set_extra_child(message, box)
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(widget), signal: "response") { [weak self] _ in
                self?.closed()
            })
        self.list = list
        progressBar = progress
        dialog = widget
        commands.send { $0.findSources() }
        gtk_window_present(cast(widget))
    }

    private func closed() {
        for connection in connections { connection.cancel() }
        connections = []
        dialog = nil
        list = nil
        progressBar = nil
    }

    /// A row: `title`, `subtitle`, and a button `buttonLabel` that runs `action`.
    private func addRow(
        title: String, subtitle: String, buttonLabel: String, action: @escaping @MainActor () -> Void
    ) {
        guard let list else { return }
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        adw_action_row_set_subtitle(cast(row), subtitle)
        let button = gtk_button_new_with_label(buttonLabel)!
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtkshim_set_accessible_label(button, "\(buttonLabel) \(title)")
        adw_action_row_add_suffix(cast(row), button)
        connections.append(
            SignalConnection.connect(UnsafeMutableRawPointer(button), signal: "clicked") { _ in action() })
        gtk_list_box_append(opaque(list), row)
    }

    private func startImport() {
        if let list { gtk_widget_set_sensitive(list, 0) }
        if let progressBar {
            gtk_progress_bar_set_fraction(opaque(progressBar), 0)
            gtk_widget_set_visible(progressBar, 1)
        }
    }

    /// A file chooser opening an `.html` file.
    private func chooseFile() {
        let chooser = NativeFileChooser(
            title: "Import Bookmarks From a File", parent: dialog.map { cast($0) },
            action: GTK_FILE_CHOOSER_ACTION_OPEN,
            accept: "_Import")
        chooser.addFilter(name: "Bookmark Files (HTML)", patterns: ["*.html", "*.htm"])
        chooser.show { [weak self] chosen in
            self?.fileChooser = nil
            guard let self, let chosen else { return }
            startImport()
            commands.send { $0.importBookmarksFile(atPath: chosen) }
        }
        fileChooser = chooser
    }

    // MARK: ImportConsumer

    public func setSources(_ sources: [ImportSourceItem]) {
        guard let list else { return }
        while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(opaque(list), child) }
        for (index, source) in sources.enumerated() {
            let title = source.profile.isEmpty ? source.browser : "\(source.browser) — \(source.profile)"
            addRow(title: title, subtitle: source.contents, buttonLabel: "Import") { [weak self] in
                self?.startImport()
                self?.commands.send { $0.importSource(at: index) }
            }
        }
        addRow(
            title: Self.fileRowTitle, subtitle: "A bookmark HTML file any browser exports",
            buttonLabel: "Choose"
        ) { [weak self] in
            self?.chooseFile()
        }
    }

    public func setImportProgress(_ fraction: Double) {
        if let progressBar { gtk_progress_bar_set_fraction(opaque(progressBar), fraction) }
    }

    public func importFinished(_ summary: ImportSummary) {
        guard let dialog else { return }
        let message = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: AdwMessageDialog.self)
        adw_message_dialog_set_heading(message, summary.heading)
        adw_message_dialog_set_body(
            message, summary.lines.map { String($0.trimmingPrefix("  ")) }.joined(separator: "\n"))
        if let list { gtk_widget_set_visible(list, 0) }
        if let progressBar { gtk_widget_set_visible(progressBar, 0) }
    }
}
