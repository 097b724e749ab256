import CAdwaita
import CGLib
import CGTK
import Commands
import Foundation
import GLibSupport
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records what the History window sends.
@MainActor
private final class RecordingHistoryCommands: HistoryCommands {
    var received: [String] = []
    func searchHistory(_ text: String) { received.append("search \(text)") }
    func openHistoryItem(_ id: Int64, inNewTab: Bool) {
        received.append("open \(id)\(inNewTab ? " newTab" : "")")
    }
    func deleteHistoryItems(_ ids: [Int64]) { received.append("delete \(ids)") }
    func deleteHistoryOfSite(ofItem id: Int64) { received.append("deleteSite \(id)") }
    func loadMoreHistory() { received.append("loadMore") }
}

final class HistoryViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    @MainActor
    private func makeWindow() -> (HistoryViewController, RecordingHistoryCommands) {
        let commands = RecordingHistoryCommands()
        dispatcher.startDispatching((any HistoryCommands).self, to: commands)
        return (HistoryViewController(commands: dispatcher.sender(for: (any HistoryCommands).self)), commands)
    }

    private static func item(_ id: Int64, _ title: String = "") -> HistoryItem {
        HistoryItem(
            id: id, title: title.isEmpty ? "Page \(id)" : title, url: "https://a.test/\(id)", time: "12:00")
    }

    /// Two days: today with visits 3 and 2, yesterday with visit 1.
    private static let twoDays = [
        HistorySection(id: "2026-11-26", title: "Today", items: [item(3), item(2)]),
        HistorySection(id: "2026-11-25", title: "Yesterday", items: [item(1)]),
    ]

    /// Shows the window and runs the main loop until its list has rows on screen.
    @MainActor
    private func show(_ controller: HistoryViewController) {
        gtk_window_present(controller.window)
        pump("rows on screen") { controller.cells.values.contains { $0.key != nil } }
    }

    @MainActor
    private func cell(_ controller: HistoryViewController, showing key: String) -> HistoryViewController.Cell?
    {
        controller.cells.values.first { $0.key == key }
    }

    func testVisitsShowByDayUnderTheirHeadingsNewestFirst() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setHistory(Self.twoDays, hasMore: false)
            XCTAssertEqual(controller.keys, ["d:2026-11-26", "v:3", "v:2", "d:2026-11-25", "v:1"])
            show(controller)
            guard let heading = cell(controller, showing: "d:2026-11-26"),
                let row = cell(controller, showing: "v:3")
            else { return XCTFail("rows not bound") }
            XCTAssertEqual(String(cString: gtk_label_get_text(opaque(heading.heading))), "Today")
            XCTAssertEqual(gtk_widget_get_visible(heading.row), 0)
            XCTAssertEqual(String(cString: gtk_label_get_text(opaque(row.title))), "Page 3")
            XCTAssertEqual(String(cString: gtk_label_get_text(opaque(row.url))), "https://a.test/3")
            XCTAssertEqual(String(cString: gtk_label_get_text(opaque(row.time))), "12:00")
            XCTAssertEqual(
                gtk_image_get_storage_type(opaque(row.icon)), GTK_IMAGE_ICON_NAME, "no favicon: generic")
        }
    }

    func testAnEmptyHistorySaysSoAndAnEmptySearchSaysNoResults() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setHistory([], hasMore: false)
            XCTAssertEqual(gtk_widget_get_child_visible(controller.emptyPage), 1)
            XCTAssertEqual(
                String(cString: adw_status_page_get_title(opaque(controller.emptyPage))),
                HistoryViewController.noHistoryTitle)
            controller.setSearchText("nothing")
            controller.setHistory([], hasMore: false)
            XCTAssertEqual(
                String(cString: adw_status_page_get_title(opaque(controller.emptyPage))),
                HistoryViewController.noResultsTitle)
            controller.setHistory(Self.twoDays, hasMore: false)
            XCTAssertEqual(gtk_widget_get_child_visible(controller.emptyPage), 0)
        }
    }

    func testAnUpdateKeepsTheSelectionOfTheRowsThatStay() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setHistory(Self.twoDays, hasMore: false)
            gtk_selection_model_select_item(controller.selection, 2, 1)  // visit 2
            XCTAssertEqual(controller.selectedIDs, [2])
            // A new visit today, visit 1 deleted (and its day with it).
            controller.setHistory(
                [
                    HistorySection(
                        id: "2026-11-26", title: "Today", items: [Self.item(4), Self.item(3), Self.item(2)])
                ],
                hasMore: false)
            XCTAssertEqual(controller.keys, ["d:2026-11-26", "v:4", "v:3", "v:2"])
            XCTAssertEqual(controller.selectedIDs, [2])
        }
    }

    func testAnUpdateKeepsTheScrollPosition() {
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            let rows = (1...300).reversed().map { Self.item(Int64($0)) }
            controller.setHistory([HistorySection(id: "d", title: "Today", items: rows)], hasMore: false)
            show(controller)
            let adjustment = gtk_scrollable_get_vadjustment(opaque(controller.listView))
            pump("scrollable") {
                gtk_adjustment_get_upper(adjustment) > 2 * gtk_adjustment_get_page_size(adjustment)
            }
            gtk_adjustment_set_value(adjustment, 2000)
            pump("scrolled") { gtk_adjustment_get_value(adjustment) >= 2000 }
            let top = Set(controller.cells.values.compactMap(\.key))
            controller.setHistory(
                [HistorySection(id: "d", title: "Today", items: [Self.item(302), Self.item(301)] + rows)],
                hasMore: false)
            settle()
            XCTAssertGreaterThanOrEqual(gtk_adjustment_get_value(adjustment), 2000, "not back at the top")
            XCTAssertFalse(top.isDisjoint(with: Set(controller.cells.values.compactMap(\.key))))
        }
    }

    func testTheDeleteActionSendsTheSelectedVisitsAndNeedsASelection() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setHistory(Self.twoDays, hasMore: false)
            XCTAssertFalse(controller.actions.isEnabled("delete-selected"))
            gtk_selection_model_select_item(controller.selection, 1, 0)
            gtk_selection_model_select_item(controller.selection, 4, 0)
            XCTAssertTrue(controller.actions.isEnabled("delete-selected"))
            controller.actions.activate("delete-selected")
            XCTAssertEqual(commands.received, ["delete [3, 1]"])
        }
    }

    func testARowOpensInTheTabOrANewTabAndItsMenuDeletesItsSite() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setHistory(Self.twoDays, hasMore: false)
            controller.open(position: 0, inNewTab: false)  // a heading: nothing
            controller.open(position: 2, inNewTab: false)
            show(controller)
            guard let row = cell(controller, showing: "v:1") else { return XCTFail("row not bound") }
            row.actions.activate("open-in-new-tab")
            row.actions.activate("delete-site")
            XCTAssertEqual(commands.received, ["open 2", "open 1 newTab", "deleteSite 1"])
        }
    }

    func testTypingSearchesAndAPushedSearchIsNotSentBack() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setSearchText("wiki")
            var end: Int32 = 4
            gtk_editable_insert_text(opaque(controller.searchEntry), "pedia", -1, &end)
            pump("the search sent") { !commands.received.isEmpty }
            XCTAssertEqual(commands.received, ["search wikipedia"])
        }
    }

    func testTheNextPageIsAskedForOnceWhenTheListDoesNotFillTheWindow() {
        onMainActor {
            let (controller, commands) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setHistory(Self.twoDays, hasMore: true)
            XCTAssertEqual(commands.received, [], "not on screen: nothing to fill")
            show(controller)
            pump("more asked for") { commands.received == ["loadMore"] }
            settle()
            XCTAssertEqual(commands.received, ["loadMore"], "once until a push answers")
            controller.setHistory(Self.twoDays, hasMore: false)
            settle()
            XCTAssertEqual(commands.received, ["loadMore"])
        }
    }

    func testAFaviconShowsOnEveryRowOfItsAddress() throws {
        let png = try XCTUnwrap(Data(base64Encoded: Self.redDot))
        onMainActor {
            let (controller, _) = makeWindow()
            defer { gtk_window_destroy(controller.window) }
            controller.setHistory(Self.twoDays, hasMore: false)
            show(controller)
            controller.setFavicon(png, forURL: "https://a.test/2")
            guard let two = cell(controller, showing: "v:2"), let three = cell(controller, showing: "v:3")
            else {
                return XCTFail("rows not bound")
            }
            XCTAssertEqual(gtk_image_get_storage_type(opaque(two.icon)), GTK_IMAGE_PAINTABLE)
            XCTAssertEqual(gtk_image_get_storage_type(opaque(three.icon)), GTK_IMAGE_ICON_NAME)
        }
    }

    /// A 1×1 PNG.
    static let redDot =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
}
