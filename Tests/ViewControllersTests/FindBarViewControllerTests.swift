import CAdwaita
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

final class FindBarViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testPushesShowHideAndCount() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let bar = FindBarViewController(findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            XCTAssertFalse(bar.isShown)
            XCTAssertEqual(bar.matchText, "")
            bar.setVisible(true)
            XCTAssertTrue(bar.isShown)
            bar.setMatches(current: 3, total: 7)
            XCTAssertEqual(bar.matchText, "3 of 7")
            XCTAssertEqual(gtk_widget_get_sensitive(bar.nextButton), 1)
            bar.setMatches(current: 0, total: 0)
            XCTAssertEqual(bar.matchText, "No matches")
            XCTAssertEqual(gtk_widget_get_sensitive(bar.nextButton), 0)
            bar.setVisible(false)
            XCTAssertFalse(bar.isShown)
            settle()
            XCTAssertEqual(commands.received, [], "pushes send no command")
        }
    }

    func testTheCloseButtonHasAnAccessibleName() {
        onMainActor {
            let bar = FindBarViewController(findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            let close = iconButtons(in: bar.widget, "window-close-symbolic")
            XCTAssertEqual(close.count, 1)
            for button in close {
                XCTAssertNotEqual(gtkshim_accessible_label_is(button, "Close Find Bar"), 0)
            }
        }
    }

    func testUserActionsSendFindCommands() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let bar = FindBarViewController(findInPage: dispatcher.sender(for: (any FindInPageCommands).self))
            bar.setVisible(true)
            gtk_editable_set_text(OpaquePointer(bar.entry), "needle")
            pump("the search") { commands.received.contains("find needle") }
            for signal in ["activate", "next-match", "previous-match"] {
                gtkshim_emit(UnsafeMutableRawPointer(bar.entry), signal)
            }
            bar.setMatches(current: 1, total: 2)
            gtkshim_emit(UnsafeMutableRawPointer(bar.nextButton), "clicked")
            gtkshim_emit(UnsafeMutableRawPointer(bar.previousButton), "clicked")
            gtkshim_emit(UnsafeMutableRawPointer(bar.entry), "stop-search")
            XCTAssertEqual(
                Array(commands.received.drop { $0 != "find needle" }),
                [
                    "find needle", "findNext", "findNext", "findPrevious", "findNext", "findPrevious",
                    "hideFindBar",
                ])
            XCTAssertTrue(bar.isShown, "the bar waits for the push to hide")
            // The close button hides the search bar itself: the command follows.
            gtk_search_bar_set_search_mode(OpaquePointer(bar.widget), 0)
            XCTAssertEqual(commands.received.last, "hideFindBar")
        }
    }
}
