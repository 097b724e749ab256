import CAdwaita
import CGTK
import UIInterfaces
import XCTest

@testable import Base
@testable import ViewControllers

/// Stands for the engine object that owns a view.
private final class ViewOwner {}

final class ContentViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testShowsEmptyPlaceholderAndEngineViews() {
        onMainActor {
            let content = ContentViewController()
            XCTAssertNotNil(content.shownWidget)
            XCTAssertNil(content.placeholderLabel)

            content.setContent(.placeholder(title: "Loading Tab"))
            let label = try! XCTUnwrap(content.placeholderLabel)
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(label))), "Loading Tab")
            XCTAssertEqual(content.shownWidget, label)

            // An engine view that is still in another parent (e.g. the previous window).
            let engineView = gtk_label_new("page")!
            let engineReference = g_object_ref_sink(UnsafeMutableRawPointer(engineView))
            let previousParent = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            _ = g_object_ref_sink(UnsafeMutableRawPointer(previousParent))
            gtk_box_append(
                UnsafeMutableRawPointer(previousParent).assumingMemoryBound(to: GtkBox.self), engineView)
            let handle = ViewHandle(pointer: UnsafeMutableRawPointer(engineView), owner: ViewOwner())
            content.setContent(.engineView(handle, identity: TabIdentifier(1)))
            XCTAssertEqual(content.shownWidget, engineView)
            XCTAssertEqual(gtk_widget_get_parent(engineView), content.widget)
            XCTAssertNil(gtk_widget_get_first_child(previousParent))
            XCTAssertNil(content.placeholderLabel)

            content.setContent(.engineView(handle, identity: TabIdentifier(1)))
            XCTAssertEqual(gtk_widget_get_parent(engineView), content.widget, "the same view stays")
            content.setContent(.empty)
            XCTAssertNil(gtk_widget_get_parent(engineView), "the view is given back, alive")
            XCTAssertEqual(gtk_widget_get_first_child(content.widget), content.shownWidget)
            g_object_unref(engineReference)
            g_object_unref(UnsafeMutableRawPointer(previousParent))
        }
    }
}
