import CAdwaita
import CGTK
import Commands
import GTKShims
import UIInterfaces
import XCTest

@testable import Base
@testable import ViewControllers

/// Stands for the engine object that owns a view.
private final class ViewOwner {}

final class ContentViewControllerTests: ViewControllerTestCase, @unchecked Sendable {
    func testShowsEmptyPlaceholderAndEngineViews() {
        onMainActor {
            let content = ContentViewController(
                navigation: dispatcher.sender(for: (any NavigationCommands).self))
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
            XCTAssertEqual(gtk_widget_get_parent(engineView), content.box)
            XCTAssertNil(gtk_widget_get_first_child(previousParent))
            XCTAssertNil(content.placeholderLabel)

            content.setContent(.engineView(handle, identity: TabIdentifier(1)))
            XCTAssertEqual(gtk_widget_get_parent(engineView), content.box, "the same view stays")
            content.setContent(.empty)
            XCTAssertNil(gtk_widget_get_parent(engineView), "the view is given back, alive")
            XCTAssertEqual(gtk_widget_get_first_child(content.box), content.shownWidget)
            g_object_unref(engineReference)
            g_object_unref(UnsafeMutableRawPointer(previousParent))
        }
    }

    func testTheCrashPageReloadsAndGoesAwayWithTheNextPush() {
        onMainActor {
            let commands = RecordingCommands()
            commands.register(on: dispatcher)
            let content = ContentViewController(
                navigation: dispatcher.sender(for: (any NavigationCommands).self))
            content.setContent(.crashed(title: "Page A"))
            let page = try! XCTUnwrap(content.crashPage)
            XCTAssertEqual(content.shownWidget, page)
            XCTAssertEqual(
                String(cString: adw_status_page_get_title(OpaquePointer(page))), "This page crashed")
            let button = try! XCTUnwrap(content.crashReloadButton)
            let label = gtk_button_get_label(
                UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self))
            XCTAssertEqual(label.map { String(cString: $0) }, "Reload")
            gtkshim_emit(UnsafeMutableRawPointer(button), "clicked")
            XCTAssertEqual(commands.received, ["reload"])

            let buttonReference = g_object_ref(UnsafeMutableRawPointer(button))
            defer { g_object_unref(buttonReference) }
            content.setContent(.empty)
            XCTAssertNil(content.crashPage)
            XCTAssertNil(content.crashReloadButton)
            gtkshim_emit(UnsafeMutableRawPointer(button), "clicked")
            XCTAssertEqual(commands.received, ["reload"], "a page no longer shown sends nothing")
        }
    }

    func testTheHoveredLinkShowsOverTheBottomLeftOfThePageAndLetsThePointerThrough() {
        onMainActor {
            let content = ContentViewController(
                navigation: dispatcher.sender(for: (any NavigationCommands).self))
            let label = content.hoveredLinkLabel
            XCTAssertFalse(gtk_widget_get_visible(label) != 0)
            XCTAssertEqual(gtk_widget_get_parent(label), content.widget)
            XCTAssertEqual(gtk_widget_get_halign(label), GTK_ALIGN_START)
            XCTAssertEqual(gtk_widget_get_valign(label), GTK_ALIGN_END)
            XCTAssertFalse(gtk_widget_get_can_target(label) != 0)

            content.setHoveredLink("https://a.test/page")
            XCTAssertTrue(gtk_widget_get_visible(label) != 0)
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(label))), "https://a.test/page")
            content.setContent(.placeholder(title: "Loading Tab"))
            XCTAssertTrue(gtk_widget_get_visible(label) != 0, "the label is over the content, not in it")
            content.setHoveredLink(nil)
            XCTAssertFalse(gtk_widget_get_visible(label) != 0)
        }
    }
}
