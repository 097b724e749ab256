import CAdwaita
import CGTK
import GTKSupport
import XCTest

@testable import ViewControllers

final class AboutViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testItShowsTheApplicationOverTheWindowThatAsked() {
        onMainActor {
            let parent = WindowHandle(adw_window_new()!)
            defer { parent.destroy() }
            let about = AboutViewController(
                applicationName: "Swiftlet", version: "0.1.0", comments: "A web browser.")
            func text(_ value: UnsafePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
            let window = OpaquePointer(about.widget)
            XCTAssertEqual(text(adw_about_window_get_application_name(window)), "Swiftlet")
            XCTAssertEqual(text(adw_about_window_get_version(window)), "0.1.0")
            XCTAssertEqual(text(adw_about_window_get_comments(window)), "A web browser.")
            XCTAssertEqual(gtk_widget_get_visible(about.widget), 0)

            about.present(over: parent.rawPointer)
            XCTAssertEqual(
                UnsafeMutableRawPointer(gtk_window_get_transient_for(about.window)), parent.rawPointer)
            XCTAssertNotEqual(gtk_widget_get_visible(about.widget), 0)
            gtk_window_destroy(about.window)
        }
    }

    func testAWindowHandleIsOneWindowSeenThreeWays() {
        onMainActor {
            let widget = adw_window_new()!
            let handle = WindowHandle(widget)
            XCTAssertEqual(handle.widget, widget)
            XCTAssertEqual(handle.rawPointer, UnsafeMutableRawPointer(widget))
            XCTAssertEqual(WindowHandle(handle.gtkWindow), handle)
            handle.destroy()
        }
    }
}
