import CAdwaita
import CGTK
import UIInterfaces
import XCTest

@testable import ViewControllers

final class IncognitoNewTabPageViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testThePageShowsOverTheContentOnlyWhilePushedShown() {
        onMainActor {
            let (controller, _) = makeBrowserWindow()
            defer { gtk_window_destroy(controller.window) }
            let page = IncognitoNewTabPageViewController()
            XCTAssertFalse(page.isShown, "hidden until pushed")
            controller.content = LabelViewController("the page")
            controller.newTabPage = page
            let slot = gtk_widget_get_parent(page.widget)!
            XCTAssertEqual(gtk_widget_get_visible(slot), 0, "a hidden page takes no clicks from the content")
            page.setShown(true)
            XCTAssertTrue(page.isShown)
            XCTAssertEqual(gtk_widget_get_visible(slot), 1)
            XCTAssertEqual(gtk_widget_get_focusable(page.widget), 0, "it never takes the keys")
            page.setShown(false)
            XCTAssertEqual(gtk_widget_get_visible(slot), 0)
        }
    }

    func testItSaysWhatIncognitoKeepsAndWhatNot() {
        onMainActor {
            let text = IncognitoNewTabPageViewController.sections.flatMap { [$0.heading] + $0.points }
                .joined(separator: " ")
            for words in [
                "not added to your history", "deleted when you close the last incognito window",
                "Files you download", "Bookmarks", "internet service provider", "employer",
            ] {
                XCTAssertTrue(text.contains(words), words)
            }
        }
    }
}
