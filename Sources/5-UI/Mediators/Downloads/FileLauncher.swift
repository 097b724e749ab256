public import Foundation

/// Opens files for the downloads list: with their default application, or in the file
/// manager. The application's goes through GIO and D-Bus; tests record the calls.
@MainActor
public protocol FileLauncher: AnyObject {
    /// Opens `file` with the default application for its type; `failed` gets the reason
    /// when that cannot be done (once, now or later).
    func open(_ file: URL, failed: @escaping @MainActor (String) -> Void)
    /// Shows `file` selected in the file manager (or its folder when that cannot be done);
    /// `failed` gets the reason when neither can be done (once, now or later).
    func showInFolder(_ file: URL, failed: @escaping @MainActor (String) -> Void)
}
