import CAdwaita
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records what the Clear Browsing Data dialog sends.
@MainActor
private final class RecordingClearCommands: ClearBrowsingDataCommands {
    var received: [ClearBrowsingDataSelection] = []
    func clearBrowsingData(_ selection: ClearBrowsingDataSelection) { received.append(selection) }
}

/// Records the toasts it is asked to show.
@MainActor
private final class RecordingToasts: ToastPresenter {
    var titles: [String] = []
    func showToast(_ title: String) { titles.append(title) }
    func showToast(_ title: String, buttons: [ToastButton]) { titles.append(title) }
}

final class ClearBrowsingDataViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeDialog() -> (ClearBrowsingDataViewController, RecordingClearCommands, RecordingToasts) {
        let commands = RecordingClearCommands()
        let toasts = RecordingToasts()
        dispatcher.startDispatching((any ClearBrowsingDataCommands).self, to: commands)
        let controller = ClearBrowsingDataViewController(
            commands: dispatcher.sender(for: (any ClearBrowsingDataCommands).self), toasts: toasts)
        return (controller, commands, toasts)
    }

    @MainActor
    private func respond(_ controller: ClearBrowsingDataViewController, _ response: String) {
        guard let dialog = controller.dialog else { return XCTFail("no dialog") }
        adw_message_dialog_response(
            UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: AdwMessageDialog.self), response)
    }

    func testClearSendsTheRangeAndTheBoxesChecked() {
        onMainActor {
            let (controller, commands, _) = makeDialog()
            controller.present(over: nil)
            XCTAssertEqual(controller.checks.map(\.title), ClearBrowsingDataViewController.checkTitles)
            XCTAssertEqual(controller.selection, ClearBrowsingDataSelection(), "the first choices")
            gtk_drop_down_set_selected(OpaquePointer(controller.periodDropDown!), 4)
            gtk_check_button_set_active(cast(controller.checks[1].button), 0)
            gtk_check_button_set_active(cast(controller.checks[3].button), 1)
            respond(controller, "clear")
            XCTAssertNil(controller.dialog, "closed")
            XCTAssertEqual(
                commands.received,
                [
                    ClearBrowsingDataSelection(
                        period: .allTime, history: true, cookiesAndSiteData: false, cache: true,
                        recentlyClosed: true)
                ])
        }
    }

    func testCancelOrNothingCheckedSendsNothing() {
        onMainActor {
            let (controller, commands, _) = makeDialog()
            controller.present(over: nil)
            respond(controller, "cancel")
            controller.present(over: nil)
            for (_, button) in controller.checks { gtk_check_button_set_active(cast(button), 0) }
            respond(controller, "clear")
            XCTAssertEqual(commands.received, [])
        }
    }

    func testTheWindowSaysWhenTheDataIsGone() {
        onMainActor {
            let (controller, _, toasts) = makeDialog()
            controller.browsingDataCleared()
            XCTAssertEqual(toasts.titles, [ClearBrowsingDataViewController.toastTitle])
        }
    }
}
