import CAdwaita
import CGTK
import Commands
import Foundation
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

/// Records the Most Visited commands.
@MainActor
private final class RecordingMostVisitedCommands: MostVisitedCommands {
    var received: [String] = []
    func openMostVisited(_ url: URL) { received.append("open \(url.absoluteString)") }
    func removeMostVisited(_ url: URL) { received.append("remove \(url.absoluteString)") }
}

final class MostVisitedViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testTilesShowTheSitesAndTheirButtonsOpenOrRemoveThem() {
        onMainActor {
            let commands = RecordingMostVisitedCommands()
            dispatcher.startDispatching((any MostVisitedCommands).self, to: commands)
            let page = MostVisitedViewController(
                commands: dispatcher.sender(for: (any MostVisitedCommands).self))
            XCTAssertFalse(page.isShown)
            page.setTiles([
                MostVisitedTile(url: URL(string: "https://a.test/")!, title: "Site A"),
                MostVisitedTile(
                    url: URL(string: "https://b.test/")!, title: "Site B", favicon: Data([0, 1])),
            ])
            page.setShown(true)
            XCTAssertTrue(page.isShown)
            let a = try! XCTUnwrap(page.buttons(ofTileAt: 0))
            let b = try! XCTUnwrap(page.buttons(ofTileAt: 1))
            XCTAssertNil(page.buttons(ofTileAt: 2))
            XCTAssertEqual(gtk_widget_get_tooltip_text(a.open).map { String(cString: $0) }, "https://a.test/")
            XCTAssertEqual(gtk_widget_get_tooltip_text(b.remove).map { String(cString: $0) }, "Remove")
            gtkshim_emit(UnsafeMutableRawPointer(a.open), "clicked")
            gtkshim_emit(UnsafeMutableRawPointer(b.remove), "clicked")
            XCTAssertEqual(commands.received, ["open https://a.test/", "remove https://b.test/"])

            page.setTiles([MostVisitedTile(url: URL(string: "https://c.test/")!, title: "Site C")])
            XCTAssertNotNil(page.buttons(ofTileAt: 0))
            XCTAssertNil(page.buttons(ofTileAt: 1))
            page.setShown(false)
            XCTAssertFalse(page.isShown)
        }
    }
}
