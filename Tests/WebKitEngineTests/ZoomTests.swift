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
}
