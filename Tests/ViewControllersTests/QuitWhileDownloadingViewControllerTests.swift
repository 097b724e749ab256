import CAdwaita
import CGTK
import Commands
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records the answers to the quit question.
@MainActor
private final class RecordingAnswers: QuitWhileDownloadingCommands {
    var received: [String] = []
    func quitAnyway() { received.append("quitAnyway") }
    func quitWhenDownloadsFinish() { received.append("quitWhenDownloadsFinish") }
    func cancelQuit() { received.append("cancelQuit") }
}

final class QuitWhileDownloadingViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    /// The dialog as libadwaita's message dialog.
    @MainActor
    private func message(
        _ controller: QuitWhileDownloadingViewController
    ) throws
        -> UnsafeMutablePointer<AdwMessageDialog>
    {
        UnsafeMutableRawPointer(try XCTUnwrap(controller.dialog, "no dialog shown"))
            .assumingMemoryBound(to: AdwMessageDialog.self)
    }

    @MainActor
    private func ask(_ count: Int) -> (QuitWhileDownloadingViewController, RecordingAnswers) {
        let answers = RecordingAnswers()
        dispatcher.startDispatching((any QuitWhileDownloadingCommands).self, to: answers)
        let controller = QuitWhileDownloadingViewController(
            commands: dispatcher.sender(for: (any QuitWhileDownloadingCommands).self), parentWindow: { nil })
        controller.askToQuitWhileDownloading(count: count)
        return (controller, answers)
    }

    /// Closes `dialog` as its buttons do after their response: `adw_message_dialog_response`
    /// alone leaves the modal dialog on the display, where it takes the input of every later
    /// test's windows.
    @MainActor
    private func close(_ dialog: UnsafeMutablePointer<AdwMessageDialog>) {
        gtk_window_destroy(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
    }

    func testEachAnswerIsSentAndClosesTheQuestion() throws {
        try onMainActor {
            for (response, command) in [
                ("quit", "quitAnyway"), ("wait", "quitWhenDownloadsFinish"), ("cancel", "cancelQuit"),
            ] {
                let (controller, answers) = ask(1)
                let dialog = try message(controller)
                XCTAssertEqual(
                    String(cString: adw_message_dialog_get_heading(dialog)), "Quit while downloading?")
                XCTAssertEqual(String(cString: adw_message_dialog_get_default_response(dialog)), "wait")
                XCTAssertEqual(String(cString: adw_message_dialog_get_close_response(dialog)), "cancel")
                XCTAssertEqual(
                    adw_message_dialog_get_response_appearance(dialog, "quit"), ADW_RESPONSE_DESTRUCTIVE)
                adw_message_dialog_response(dialog, response)
                close(dialog)
                XCTAssertEqual(answers.received, [command])
                XCTAssertNil(controller.dialog, "the dialog closes with its answer")
                dispatcher.stopDispatching(for: (any QuitWhileDownloadingCommands).self)
            }
        }
    }

    func testAskingAgainWhileItIsShownKeepsOneQuestion() throws {
        try onMainActor {
            let (controller, answers) = ask(2)
            let first = try message(controller)
            XCTAssertEqual(
                String(cString: adw_message_dialog_get_body(first)),
                "2 downloads are not finished. Quit Anyway stops them and keeps what was downloaded so far as a "
                    + "“.part” file; Wait quits once they finish.")
            controller.askToQuitWhileDownloading(count: 2)
            XCTAssertEqual(try message(controller), first)
            adw_message_dialog_response(first, "cancel")
            close(first)
            XCTAssertEqual(answers.received, ["cancelQuit"])
        }
    }
}
