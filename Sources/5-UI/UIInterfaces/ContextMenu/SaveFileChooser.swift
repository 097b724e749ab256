public import Foundation

/// Asks the user where to save a file (Chromium's `ui::SelectFileDialog` with
/// `SELECT_SAVEAS_FILE`, `ui/shell_dialogs/select_file_dialog.h`): the window's file dialog,
/// or a test's stand-in.
@MainActor
public protocol SaveFileChooser: AnyObject {
    /// Asks where to save, offering `suggestedName`, under the dialog title `title`;
    /// `completion` gets the chosen file, or nil when the user cancelled. It runs once,
    /// later.
    func chooseSaveLocation(
        title: String, suggestedName: String, completion: @escaping @MainActor (URL?) -> Void)
    /// Asks as ``chooseSaveLocation(title:suggestedName:completion:)`` does, starting in
    /// `folder` (nil: the user's download directory).
    func chooseSaveLocation(
        title: String, suggestedName: String, folder: URL?, completion: @escaping @MainActor (URL?) -> Void)
    /// Whether the dialog's window is the focused one, where a question not tied to a window
    /// (a download's destination) is asked.
    var isInFocusedWindow: Bool { get }
}

extension SaveFileChooser {
    public func chooseSaveLocation(
        title: String, suggestedName: String, completion: @escaping @MainActor (URL?) -> Void
    ) {
        chooseSaveLocation(title: title, suggestedName: suggestedName, folder: nil, completion: completion)
    }
}
