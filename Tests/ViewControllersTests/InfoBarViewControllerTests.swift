import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

final class InfoBarViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    private static let restore = InfoBarItem(
        .crashedSession, message: "Swiftlet did not shut down correctly", detail: "Restore your tabs?",
        buttons: [InfoBarButton(.restore, label: "Restore"), InfoBarButton(.dismiss, label: "Not Now")])

    @MainActor
    private func makeInfoBar() -> (InfoBarViewController, RecordingCommands) {
        let commands = RecordingCommands()
        commands.register(on: dispatcher)
        let controller = InfoBarViewController(infoBar: dispatcher.sender(for: (any InfoBarCommands).self))
        return (controller, commands)
    }

    /// The kinds of the bars in the stack, top to bottom, read from the widgets.
    @MainActor
    private func shownKinds(_ controller: InfoBarViewController) -> [InfoBarKind] {
        var frames: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(controller.widget)
        while let current = child {
            frames.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        XCTAssertEqual(frames, controller.bars.map(\.frame), "the widgets follow the bars")
        return controller.bars.map(\.item.kind)
    }

    @MainActor
    private func text(_ label: UnsafeMutablePointer<GtkWidget>?) -> String? {
        label.map { String(cString: gtk_label_get_text(OpaquePointer($0))) }
    }

    @MainActor
    private func buttonLabel(_ button: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_button_get_label(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self)).map {
            String(cString: $0)
        }
    }

    func testShowReplaceAndHide() {
        onMainActor {
            let (controller, commands) = makeInfoBar()
            XCTAssertEqual(shownKinds(controller), [])
            controller.showInfoBar(Self.restore)
            controller.showInfoBar(
                InfoBarItem(.sessionProblems, message: "This window could not be restored exactly as it was"))
            XCTAssertEqual(shownKinds(controller), [.crashedSession, .sessionProblems], "newest last")
            let restore = controller.bar(.crashedSession)!
            g_object_ref(UnsafeMutableRawPointer(restore.frame))
            defer { g_object_unref(UnsafeMutableRawPointer(restore.frame)) }
            XCTAssertEqual(text(restore.messageLabel), "Swiftlet did not shut down correctly")
            XCTAssertEqual(text(restore.detailLabel), "Restore your tabs?")
            XCTAssertEqual(restore.buttons.map { buttonLabel($0) }, ["Restore", "Not Now"])
            XCTAssertNotNil(restore.closeButton)
            XCTAssertNil(controller.bar(.sessionProblems)!.detailLabel)

            let replacement = InfoBarItem(
                .crashedSession, message: "Restore 3 tabs?",
                buttons: [InfoBarButton(.restore, label: "Restore")],
                isDismissible: false)
            controller.showInfoBar(replacement)
            XCTAssertEqual(shownKinds(controller), [.crashedSession, .sessionProblems], "replaced in place")
            XCTAssertNil(gtk_widget_get_parent(restore.frame), "the old bar is taken out")
            let replaced = controller.bar(.crashedSession)!
            XCTAssertEqual(replaced.item, replacement)
            XCTAssertEqual(text(replaced.messageLabel), "Restore 3 tabs?")
            XCTAssertNil(replaced.detailLabel)
            XCTAssertEqual(replaced.buttons.count, 1)
            XCTAssertNil(replaced.closeButton, "not dismissible: no close button")

            controller.hideInfoBar(.crashedSession)
            XCTAssertEqual(shownKinds(controller), [.sessionProblems])
            controller.hideInfoBar(.crashedSession)
            controller.hideInfoBar(.blockedPopup)
            XCTAssertEqual(shownKinds(controller), [.sessionProblems])
            controller.hideInfoBar(.sessionProblems)
            XCTAssertEqual(shownKinds(controller), [])
            settle()
            XCTAssertEqual(commands.received, [], "pushes send no command")
        }
    }

    func testButtonsSendTheirCommandAndHideTheBar() {
        onMainActor {
            let (controller, commands) = makeInfoBar()
            controller.showInfoBar(Self.restore)
            controller.showInfoBar(InfoBarItem(.blockedPopup, message: "Pop-up blocked"))
            gtkshim_emit(UnsafeMutableRawPointer(controller.bar(.crashedSession)!.buttons[1]), "clicked")
            XCTAssertEqual(commands.received, ["infoBarButtonActivated crashed-session dismiss"])
            XCTAssertEqual(shownKinds(controller), [.blockedPopup], "the bar hid itself")

            // The bar is gone before the command arrives: the handler may show it again.
            commands.onCommand = { _ in controller.showInfoBar(Self.restore) }
            controller.showInfoBar(Self.restore)
            gtkshim_emit(UnsafeMutableRawPointer(controller.bar(.crashedSession)!.buttons[0]), "clicked")
            XCTAssertEqual(commands.received.last, "infoBarButtonActivated crashed-session restore")
            XCTAssertEqual(shownKinds(controller), [.blockedPopup, .crashedSession])
        }
    }

    func testACheckButtonsStateGoesWithTheClick() {
        onMainActor {
            let (controller, commands) = makeInfoBar()
            let prompt = InfoBarItem(
                .permissionRequest, message: "127.0.0.1:8000 wants to show notifications",
                buttons: [InfoBarButton(.block, label: "Block"), InfoBarButton(.allow, label: "Allow")],
                check: InfoBarCheck(label: "Remember this decision", isActive: true))
            controller.showInfoBar(prompt)
            let check = controller.bar(.permissionRequest)!.checkButton!
            XCTAssertEqual(
                gtk_check_button_get_active(
                    UnsafeMutableRawPointer(check).assumingMemoryBound(to: GtkCheckButton.self)), 1)
            gtkshim_emit(UnsafeMutableRawPointer(controller.bar(.permissionRequest)!.buttons[1]), "clicked")
            controller.showInfoBar(prompt)
            let again = controller.bar(.permissionRequest)!
            gtk_check_button_set_active(
                UnsafeMutableRawPointer(again.checkButton!).assumingMemoryBound(to: GtkCheckButton.self), 0)
            gtkshim_emit(UnsafeMutableRawPointer(again.buttons[0]), "clicked")
            XCTAssertEqual(
                commands.received,
                [
                    "infoBarButtonActivated permission-request allow checked=true",
                    "infoBarButtonActivated permission-request block checked=false",
                ])
            XCTAssertEqual(shownKinds(controller), [])
        }
    }

    func testCloseButtonSendsDismissed() {
        onMainActor {
            let (controller, commands) = makeInfoBar()
            controller.showInfoBar(Self.restore)
            gtkshim_emit(UnsafeMutableRawPointer(controller.bar(.crashedSession)!.closeButton!), "clicked")
            XCTAssertEqual(commands.received, ["infoBarDismissed crashed-session"])
            XCTAssertEqual(shownKinds(controller), [])
        }
    }

    func testAccessibleNamesAndRole() {
        onMainActor {
            let (controller, _) = makeInfoBar()
            controller.showInfoBar(Self.restore)
            let bar = controller.bar(.crashedSession)!
            XCTAssertNotEqual(gtkshim_accessible_label_is(bar.buttons[0], "Restore"), 0)
            XCTAssertNotEqual(gtkshim_accessible_label_is(bar.buttons[1], "Not Now"), 0)
            XCTAssertNotEqual(gtkshim_accessible_label_is(bar.closeButton!, "Dismiss"), 0)
            XCTAssertEqual(gtkshim_accessible_label_is(bar.closeButton!, "Close"), 0)
            XCTAssertEqual(
                gtk_accessible_get_accessible_role(OpaquePointer(bar.frame)), GTK_ACCESSIBLE_ROLE_ALERT)
        }
    }
}
