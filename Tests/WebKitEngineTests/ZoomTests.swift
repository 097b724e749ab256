import CWebKitGTK
import Foundation
import Web
@_spi(Testing) import WebKitEngine
import XCTest

final class ZoomTests: WebKitTestCase, @unchecked Sendable {
    func testZoomLevelReachesTheViewAndOutlivesANavigation() {
        onMainActor {
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/a"), in: content, log: log)
            guard let pointer = content.view.pointer else { return XCTFail("no view") }
            let view = pointer.assumingMemoryBound(to: WebKitWebView.self)
            XCTAssertEqual(webkit_web_view_get_zoom_level(view), 1)
            content.zoomLevel = 1.5
            XCTAssertEqual(webkit_web_view_get_zoom_level(view), 1.5)
            XCTAssertEqual(content.zoomLevel, 1.5)
            load(server.url("/b"), in: content, log: log)
            XCTAssertEqual(content.zoomLevel, 1.5)
            content.zoomLevel = 1
            XCTAssertEqual(webkit_web_view_get_zoom_level(view), 1)
        }
    }

    func testTheContextsDefaultZoomReachesTheViewsOfTabsThatFollowIt() {
        onMainActor {
            let context = makePersistentContext()
            context.defaultPageZoom.factor = 1.25
            let following = WebState(params: .init(context: context))
            let zoomed = WebState(params: .init(context: context))
            defer {
                following.close()
                zoomed.close()
            }
            zoomed.zoomLevel = 0.75
            following.load(server.url("/a"))
            @MainActor func viewZoom(_ webState: WebState) -> Double? {
                webState.view.pointer.map {
                    webkit_web_view_get_zoom_level($0.assumingMemoryBound(to: WebKitWebView.self))
                }
            }
            XCTAssertEqual(viewZoom(following), 1.25)
            context.defaultPageZoom.factor = 1.5
            XCTAssertEqual(viewZoom(following), 1.5)
            XCTAssertEqual(viewZoom(zoomed), 0.75)
        }
    }
}
