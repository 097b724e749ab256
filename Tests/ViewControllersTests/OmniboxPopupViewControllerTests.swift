import CGTK
import Commands
import Foundation
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records the dropdown's commands.
@MainActor
private final class RecordingOmniboxCommands: OmniboxCommands {
    var received: [String] = []

    func omniboxTextChanged(from before: OmniboxTextState, to after: OmniboxTextState) {
        received.append("changed \(before.text) -> \(after.text)")
    }
    func omniboxMoveSelection(by offset: Int) -> Bool {
        received.append("move \(offset)")
        return true
    }
    func omniboxOpenSelection(inNewTab: Bool) -> Bool {
        received.append("open \(inNewTab)")
        return true
    }
    func omniboxOpenRow(_ index: Int) { received.append("openRow \(index)") }
    func omniboxDeleteSelection() -> Bool {
        received.append("delete")
        return true
    }
    func omniboxEscape() -> Bool {
        received.append("escape")
        return true
    }
    func omniboxClose() { received.append("close") }
    func omniboxTypedTextReplaced() { received.append("replaced") }
}

final class OmniboxPopupViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testRowsShowTheirTitleURLAndTagWithTheMatchInBold() {
        onMainActor {
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            let popup = OmniboxPopupViewController(
                locationBar: bar, commands: dispatcher.sender(for: (any OmniboxCommands).self))
            popup.setRows(
                [
                    OmniboxPopupRow(kind: .search, title: "ex", url: ""),
                    OmniboxPopupRow(
                        kind: .page, title: "Example & co", titleBold: [0..<2], url: "example.org",
                        urlBold: [0..<2]),
                    OmniboxPopupRow(kind: .switchToTab, title: "Tab", url: "tab.test"),
                ], selected: 0)
            let rows = descendants(of: popup.popover, ofType: gtk_list_box_row_get_type())
            XCTAssertEqual(rows.count, 3)
            @MainActor func shownLabels() -> [String] {
                descendants(of: popup.popover, ofType: gtk_label_get_type()).filter {
                    gtk_widget_get_visible($0) != 0
                }.map { String(cString: gtk_label_get_label(OpaquePointer($0))) }
            }
            XCTAssertEqual(
                shownLabels(),
                [
                    "ex", "Search", "<b>Ex</b>ample &amp; co", "<b>ex</b>ample.org", "Tab", "tab.test",
                    "Switch to Tab",
                ])
            // The next keystroke's rows are shown in the same row widgets.
            popup.setRows(
                [
                    OmniboxPopupRow(kind: .page, title: "Exam", titleBold: [0..<3], url: "exam.test"),
                    OmniboxPopupRow(kind: .search, title: "exa", url: ""),
                ], selected: 0)
            let rowsAfter = descendants(of: popup.popover, ofType: gtk_list_box_row_get_type())
            XCTAssertEqual(rowsAfter, Array(rows.prefix(2)))
            XCTAssertEqual(shownLabels(), ["<b>Exa</b>m", "exam.test", "exa", "Search"])
            popup.setRows([], selected: nil)
            XCTAssertTrue(descendants(of: popup.popover, ofType: gtk_list_box_row_get_type()).isEmpty)
        }
    }

    func testARowWithAFaviconShowsItInPlaceOfItsKindsIcon() {
        onMainActor {
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            let popup = OmniboxPopupViewController(
                locationBar: bar, commands: dispatcher.sender(for: (any OmniboxCommands).self))
            let png = Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
            )!
            popup.setRows(
                [
                    OmniboxPopupRow(kind: .page, title: "With", url: "a.test", favicon: png),
                    OmniboxPopupRow(kind: .page, title: "Without", url: "b.test"),
                    OmniboxPopupRow(
                        kind: .page, title: "Unreadable", url: "c.test", favicon: Data([1, 2, 3])),
                ], selected: 0)
            let images = descendants(of: popup.popover, ofType: gtk_image_get_type()).map {
                gtk_image_get_paintable(OpaquePointer($0)) != nil
            }
            XCTAssertEqual(images, [true, false, false], "the favicon, then the kind's icon")
        }
    }

    func testTheEntryStatePushedIsNoEditOfTheUser() {
        onMainActor {
            let commands = RecordingOmniboxCommands()
            dispatcher.startDispatching((any OmniboxCommands).self, to: commands)
            let bar = LocationBarViewController(
                locationBar: dispatcher.sender(for: (any LocationBarCommands).self))
            let popup = OmniboxPopupViewController(
                locationBar: bar, commands: dispatcher.sender(for: (any OmniboxCommands).self))
            popup.setEntryState(OmniboxTextState(text: "example.org", selection: 2..<11))
            settle()
            XCTAssertEqual(bar.text, "example.org")
            var start: Int32 = 0
            var end: Int32 = 0
            XCTAssertNotEqual(gtk_editable_get_selection_bounds(OpaquePointer(bar.widget), &start, &end), 0)
            XCTAssertEqual([start, end], [2, 11])
            XCTAssertEqual(commands.received, [])
        }
    }

    func testMarkupEscapesAndBoldsByteRanges() {
        onMainActor {
            XCTAssertEqual(OmniboxPopupViewController.markup("a<b>", bold: [1..<3]), "a<b>&lt;b</b>&gt;")
            XCTAssertEqual(OmniboxPopupViewController.markup("café", bold: [3..<5]), "caf<b>é</b>")
            XCTAssertEqual(
                OmniboxPopupViewController.markup("x", bold: [0..<9]), "x", "a range past the end is dropped")
        }
    }
}
