public import CAdwaita
import CGTK
public import Foundation
import GLibSupport
public import UIInterfaces

/// The window's "ask where to save" dialog: a ``NativeFileChooser`` in save mode, modal over
/// the window, starting in the user's download directory with the suggested name filled in.
/// GTK 4 asks before replacing a file.
@MainActor
public final class SaveFileDialog: SaveFileChooser {
    private let window: UnsafeMutablePointer<GtkWindow>
    /// The dialogs shown and not answered yet.
    private var shown: [NativeFileChooser] = []

    /// Dialogs modal over `window`, which must outlive them.
    public init(window: UnsafeMutablePointer<GtkWindow>) { self.window = window }

    public var isInFocusedWindow: Bool { gtk_window_is_active(window) != 0 }

    isolated deinit {
        for chooser in shown { chooser.destroy() }
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
        let chooser = NativeFileChooser(
            title: title, parent: window, action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: "_Save")
        if let downloads = folder ?? Self.downloadDirectory { chooser.setCurrentFolder(downloads.path) }
        chooser.setCurrentName(suggestedName)
        chooser.show { [weak self, weak chooser] chosen in
            self?.shown.removeAll { $0 === chooser }
            completion(chosen.map { URL(fileURLWithPath: $0) })
        }
        shown.append(chooser)
    }
}
