import CAdwaita
import CGLib
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

@MainActor
private final class RecordingSiteSettingsCommands: SiteSettingsCommands {
    var received: [String] = []
    func setPermission(_ permission: String, ofSite site: String, allowed: Bool) {
        received.append("set \(site) \(permission) \(allowed)")
    }
    func resetSite(_ site: String) { received.append("reset \(site)") }
}

final class SiteSettingsViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    private static let sites = [
        SiteSettingsSite(
            id: "http://127.0.0.1:8000", name: "127.0.0.1:8000",
            permissions: [
                .init(id: "geolocation", name: "Location", isAllowed: false),
                .init(id: "notifications", name: "Notifications", isAllowed: true),
            ]),
        SiteSettingsSite(
            id: "https://example.com:443", name: "example.com",
            permissions: [.init(id: "media_stream_camera", name: "Camera", isAllowed: true)]),
    ]

    @MainActor
    private func title(_ row: UnsafeMutablePointer<GtkWidget>) -> String {
        String(
            cString: adw_preferences_row_get_title(
                UnsafeMutableRawPointer(row).assumingMemoryBound(to: AdwPreferencesRow.self)))
    }

    func testEachSiteIsARowWithASwitchPerPermissionAndAReset() {
        onMainActor {
            let commands = RecordingSiteSettingsCommands()
            dispatcher.startDispatching((any SiteSettingsCommands).self, to: commands)
            let controller = SiteSettingsViewController(
                commands: dispatcher.sender(for: (any SiteSettingsCommands).self))
            XCTAssertNotNil(controller.emptyRow)
            XCTAssertEqual(controller.emptyRow.map(title), "No site has asked for permissions")

            controller.setSites(Self.sites)
            XCTAssertNil(controller.emptyRow)
            XCTAssertEqual(controller.siteRows.map { title($0.row) }, ["127.0.0.1:8000", "example.com"])
            let first = controller.siteRows[0]
            XCTAssertEqual(
                first.switches.map { gtk_switch_get_active(OpaquePointer($0)) }, [0, 1],
                "Location off, Notifications on")

            gtk_switch_set_active(OpaquePointer(first.switches[0]), 1)
            gtkshim_emit(UnsafeMutableRawPointer(controller.siteRows[1].resetButton), "clicked")
            XCTAssertEqual(
                commands.received,
                ["set http://127.0.0.1:8000 geolocation true", "reset https://example.com:443"])

            controller.setSites([])
            XCTAssertTrue(controller.siteRows.isEmpty)
            XCTAssertNotNil(controller.emptyRow)
        }
    }
}
