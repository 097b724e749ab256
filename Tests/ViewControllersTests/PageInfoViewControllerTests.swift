import CAdwaita
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import ViewControllers

@MainActor
private final class RecordingPageInfoCommands: SiteSettingsCommands {
    var received: [String] = []
    func setPermission(_ permission: String, ofSite site: String, allowed: Bool) {
        received.append("set \(site) \(permission) \(allowed)")
    }
    func resetSite(_ site: String) { received.append("reset \(site)") }
}

final class PageInfoViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testTheButtonShowsTheSitesDecisionsAndWhatThePageUses() {
        onMainActor {
            let commands = RecordingPageInfoCommands()
            dispatcher.startDispatching((any SiteSettingsCommands).self, to: commands)
            let controller = PageInfoViewController(
                commands: dispatcher.sender(for: (any SiteSettingsCommands).self))
            XCTAssertEqual(gtk_widget_get_visible(controller.widget), 0)

            let site = SiteSettingsSite(
                id: "http://a.test:80", name: "a.test",
                permissions: [.init(id: "notifications", name: "Notifications", isAllowed: true)])
            controller.setPageInfo(PageInfoItem(site: site, usesCamera: true))
            XCTAssertEqual(gtk_widget_get_visible(controller.widget), 1)
            XCTAssertEqual(
                String(cString: gtk_menu_button_get_icon_name(OpaquePointer(controller.widget))),
                "camera-web-symbolic")
            XCTAssertEqual(controller.switches.count, 1)
            gtk_switch_set_active(OpaquePointer(controller.switches[0]), 0)
            gtkshim_emit(UnsafeMutableRawPointer(controller.resetButton!), "clicked")
            XCTAssertEqual(
                commands.received, ["set http://a.test:80 notifications false", "reset http://a.test:80"])

            controller.setPageInfo(PageInfoItem(site: site))
            XCTAssertEqual(
                String(cString: gtk_menu_button_get_icon_name(OpaquePointer(controller.widget))),
                "preferences-system-symbolic")
            controller.setPageInfo(nil)
            XCTAssertEqual(gtk_widget_get_visible(controller.widget), 0)
        }
    }
}
