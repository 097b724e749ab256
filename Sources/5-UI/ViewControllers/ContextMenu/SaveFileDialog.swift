public import CAdwaita
import CGTK
public import Foundation
import GLibSupport
public import UIInterfaces

/// The window's "ask where to save" dialog: a `GtkFileChooserNative` in save mode, modal over
/// the window (the desktop's portal dialog when there is one, GTK's own otherwise), starting
/// in the user's download directory with the suggested name filled in. GTK 4 asks before
/// replacing a file. GTK 4.8 has no `GtkFileDialog` (4.10), and the native chooser is not
/// deprecated before it.
@MainActor
public final class SaveFileDialog: SaveFileChooser {
    private let window: UnsafeMutablePointer<GtkWindow>
    /// The dialogs shown and not answered yet, with their response handlers.
    private var shown: [(dialog: GObjectRef, response: SignalConnection)] = []

    /// Dialogs modal over `window`, which must outlive them.
    public init(window: UnsafeMutablePointer<GtkWindow>) { self.window = window }

    public var isInFocusedWindow: Bool { gtk_window_is_active(window) != 0 }

    isolated deinit {
        for entry in shown {
            entry.response.cancel()
            gtk_native_dialog_destroy(entry.dialog.typed())
        }
    }

    /// Where downloads go, as the engine has it: XDG's download directory, else `~/Downloads`
    /// when it exists (nil: GTK's own choice).
    static var downloadDirectory: URL? {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
            return URL(fileURLWithPath: String(cString: path), isDirectory: true)
        }
        let fallback = URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
            .appendingPathComponent("Downloads", isDirectory: true)
        return FileManager.default.fileExists(atPath: fallback.path) ? fallback : nil
    }

    /// Shows the dialog, in `folder` (else the download directory); `completion` gets the
    /// chosen file, or nil for Cancel or closing it.
    public func chooseSaveLocation(
        title: String, suggestedName: String, folder: URL?, completion: @escaping @MainActor (URL?) -> Void
    ) {
        let native = gtk_file_chooser_native_new(
            title, window, GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel")!
        let dialog = GObjectRef(adopting: UnsafeMutableRawPointer(native))
        let chooser = native
        if let downloads = folder ?? Self.downloadDirectory {
            let folder = g_file_new_for_path(downloads.path)
            gtk_file_chooser_set_current_folder(chooser, folder, nil)
            g_object_unref(UnsafeMutableRawPointer(folder))
        }
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        gtk_native_dialog_set_modal(dialog.typed(), 1)
        let response = SignalConnection.connect(dialog.pointer, signal: "response") { [weak self] args in
            var chosen: URL?
            if args.int(at: 1) == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser)
            {
                if let path = g_file_get_path(file) {
                    chosen = URL(fileURLWithPath: String(cString: path))
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            self?.shown.removeAll { $0.dialog.pointer == dialog.pointer }
            completion(chosen)
        }
        shown.append((dialog, response))
        gtk_native_dialog_show(dialog.typed())
    }
}
