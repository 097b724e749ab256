import CAdwaita
import CGTK
import GLibSupport

/// One file chooser, a `GtkFileChooserNative` modal over a window: the desktop's portal dialog
/// when there is one, GTK's own otherwise. GTK 4.8 has no `GtkFileDialog` (4.10), and the
/// native chooser is not deprecated before it. Its owner keeps it while it shows.
@MainActor
final class NativeFileChooser {
    private let dialog: GObjectRef
    private let chooser: OpaquePointer
    private var response: SignalConnection?

    /// A chooser titled `title` over `parent`, for `action`, its accepting button `accept`.
    init(
        title: String, parent: UnsafeMutablePointer<GtkWindow>?, action: GtkFileChooserAction, accept: String
    ) {
        let native = gtk_file_chooser_native_new(title, parent, action, accept, "_Cancel")!
        chooser = native
        dialog = GObjectRef(adopting: UnsafeMutableRawPointer(native))
        gtk_native_dialog_set_modal(dialog.typed(), 1)
    }

    /// Where it starts.
    func setCurrentFolder(_ path: String) {
        let folder = g_file_new_for_path(path)
        gtk_file_chooser_set_current_folder(chooser, folder, nil)
        g_object_unref(UnsafeMutableRawPointer(folder))
    }

    /// The name filled in (saving).
    func setCurrentName(_ name: String) { gtk_file_chooser_set_current_name(chooser, name) }

    /// A filter named `name` showing the files that match `patterns` (`*.html`).
    func addFilter(name: String, patterns: [String]) {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(UnsafeMutableRawPointer(filter))
    }

    /// Shows it; `answer` gets the path chosen, or nil for Cancel or closing it, once.
    func show(_ answer: @escaping @MainActor (String?) -> Void) {
        let chooser = chooser
        response = SignalConnection.connect(dialog.pointer, signal: "response") { [weak self] arguments in
            self?.response?.cancel()
            self?.response = nil
            var chosen: String?
            if arguments.int(at: 1) == GTK_RESPONSE_ACCEPT.rawValue,
                let file = gtk_file_chooser_get_file(chooser)
            {
                if let path = g_file_get_path(file) {
                    chosen = String(cString: path)
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            answer(chosen)
        }
        gtk_native_dialog_show(dialog.typed())
    }

    /// Closes it unanswered, without calling the answer.
    func destroy() {
        response?.cancel()
        response = nil
        gtk_native_dialog_destroy(dialog.typed())
    }
}
