import CWebKitGTK
import Foundation
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import WebTestSupport
import XCTest

/// Records what each context menu was asked for over, and answers with a menu of one entry.
@MainActor
private final class RecordingMenuDelegate: WebStateDelegate {
    var params: [ContextMenuParams] = []

    func createNewWebState(
        for source: WebState, url: URL?, openerURL: URL?, initiatedByUser: Bool
    ) -> WebState? { nil }

    func contextMenuItems(for source: WebState, params: ContextMenuParams) -> [[ContextMenuItem]]? {
        self.params.append(params)
        return [[ContextMenuItem("Marker", action: .perform {})]]
    }
}

/// What WebKit's "context-menu" says the menu is opened on, as ``ContextMenuParams``: a tab
/// in a window of its own, right-clicked with the real pointer (xdotool, under Xvfb).
final class ContextMenuParamsTests: WebKitTestCase, @unchecked Sendable {
    func testTheParamsNameTheLinkTheImageTheSelectionAndTheEditableField() throws {
        try onMainActor {
            // Page y: a link 0–100, an image 100–250, a selected word 250–400, a text field
            // 420–480.
            server.route(
                "/menu",
                .html(
                    """
                    <title>Menu</title><body style="margin:0"\
                     onload="getSelection().selectAllChildren(document.getElementById('t'))">\
                    <a href="/b" style="display:block;height:100px">Link text</a>\
                    <img src="/red.png" style="display:block;width:300px;height:150px">\
                    <div id="t" style="height:150px;font-size:100px;line-height:150px">Words</div>\
                    <input style="display:block;margin-top:20px;width:300px;height:60px"></body>
                    """))
            server.route(
                "/red.png", HTTPResponse(headers: ["Content-Type": "image/png"], body: Data(count: 64)))
            let webState = WebState(params: .init(context: makePersistentContext()))
            defer { webState.close() }
            let delegate = RecordingMenuDelegate()
            webState.delegate = delegate
            let title = "context-menu-test-\(UUID().uuidString)"
            let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
            defer { gtk_window_destroy(window) }
            gtk_window_set_title(window, title)
            gtk_window_set_decorated(window, 0)
            gtk_window_set_default_size(window, 600, 600)
            gtk_window_set_child(window, webState.view.pointer?.assumingMemoryBound(to: GtkWidget.self))
            gtk_window_present(window)
            let recorder = WebStateEventRecorder(observing: [webState])
            webState.load(server.url("/menu"))
            wait("/menu") { recorder.count("pageLoaded") == 1 }
            _ = evaluate("document.readyState", in: webState.view.owner as! WebKitWebContent)

            var seen: [ContextMenuParams] = []
            for y in [50, 175, 325, 450] {
                _ = try runTool(
                    "xdotool",
                    [
                        "search", "--sync", "--onlyvisible", "--name", title, "mousemove", "--window", "%1",
                        "100",
                        String(y), "click", "3",
                    ], missing: "xdotool is missing")
                wait("the menu at y \(y)") { delegate.params.count == seen.count + 1 }
                seen = delegate.params
                wait("the browser's entry shown") { isMarkerShown(in: webState) }
                _ = try runTool("xdotool", ["key", "Escape"], missing: "xdotool is missing")
                wait("the menu closed") { !isMarkerShown(in: webState) }
            }

            let page = server.url("/menu")
            XCTAssertEqual(
                seen,
                [
                    ContextMenuParams(pageURL: page, linkURL: server.url("/b"), linkText: "Link text"),
                    ContextMenuParams(pageURL: page, imageURL: server.url("/red.png")),
                    ContextMenuParams(pageURL: page, selectionText: "Words"),
                    ContextMenuParams(pageURL: page, isEditable: true),
                ])
        }
    }

    /// Whether the menu WebKit shows over `webState`'s view (a popover, its child) has the
    /// delegate's entry, "Marker", on screen.
    @MainActor
    private func isMarkerShown(in webState: WebState) -> Bool {
        func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
            var result: [UnsafeMutablePointer<GtkWidget>] = []
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                result.append(current)
                result += descendants(of: current)
                child = gtk_widget_get_next_sibling(current)
            }
            return result
        }
        guard let view = webState.view.pointer?.assumingMemoryBound(to: GtkWidget.self) else { return false }
        return descendants(of: view).contains { widget in
            guard gtk_widget_get_mapped(widget) != 0,
                g_type_check_instance_is_a(
                    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
                    gtk_label_get_type())
                    != 0
            else { return false }
            return String(cString: gtk_label_get_text(OpaquePointer(widget))) == "Marker"
        }
    }
}
