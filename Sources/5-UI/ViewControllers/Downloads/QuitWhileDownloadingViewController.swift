import CAdwaita
import CGTK
public import Commands
import GLibSupport
public import UIInterfaces

/// "Quit while downloading?": libadwaita's `AdwMessageDialog` (1.2 has no `AdwAlertDialog`)
/// over the window the user is in, with Cancel, Wait and Quit Anyway; the answer goes out as
/// ``QuitWhileDownloadingCommands``. Closing the dialog (Escape) is Cancel. Asking again while
/// it is shown brings it to the front.
@MainActor
public final class QuitWhileDownloadingViewController: QuitWhileDownloadingConsumer {
    private let commands: CommandSender<any QuitWhileDownloadingCommands>
    private let parentWindow: @MainActor () -> UnsafeMutableRawPointer?
    /// The dialog while it is shown.
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    private var response: SignalConnection?

    /// Sends the answer through `commands`; the dialog is transient for `parentWindow()` (a
    /// `GtkWindow *`, the window the user is in, if any).
    public init(
        commands: CommandSender<any QuitWhileDownloadingCommands>,
        parentWindow: @escaping @MainActor () -> UnsafeMutableRawPointer?
    ) {
        self.commands = commands
        self.parentWindow = parentWindow
    }

    /// The sentence under the heading.
    static func body(count: Int) -> String {
        let one = count == 1
        return (one ? "A download is" : "\(count) downloads are") + " not finished. Quit Anyway stops "
            + (one ? "it" : "them")
            + " and keeps what was downloaded so far as a “.part” file; Wait quits once "
            + (one ? "it finishes." : "they finish.")
    }

    public func askToQuitWhileDownloading(count: Int) {
        if let dialog {
            gtk_window_present(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
            return
        }
        let parent = parentWindow()?.assumingMemoryBound(to: GtkWindow.self)
        let widget = adw_message_dialog_new(parent, "Quit while downloading?", Self.body(count: count))!
        let message = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwMessageDialog.self)
        adw_message_dialog_add_response(message, "cancel", "Cancel")
        adw_message_dialog_add_response(message, "wait", "Wait")
        adw_message_dialog_add_response(message, "quit", "Quit Anyway")
        adw_message_dialog_set_response_appearance(message, "quit", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(message, "wait")
        adw_message_dialog_set_close_response(message, "cancel")
        response = SignalConnection.connect(UnsafeMutableRawPointer(widget), signal: "response") {
            [weak self] arguments in
            self?.answered(arguments.string(at: 1) ?? "cancel")
        }
        dialog = widget
        gtk_window_present(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self))
    }

    /// The dialog closes itself after its response; the answer goes out.
    private func answered(_ id: String) {
        response?.cancel()
        response = nil
        dialog = nil
        switch id {
        case "quit": commands.send { $0.quitAnyway() }
        case "wait": commands.send { $0.quitWhenDownloadsFinish() }
        default: commands.send { $0.cancelQuit() }
        }
    }
}
