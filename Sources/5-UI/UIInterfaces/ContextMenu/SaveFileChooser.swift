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
}
