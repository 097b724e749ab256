import Foundation
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// The font settings reach the engine's shared `WebKitSettings`, and a page's text obeys the
/// minimum size.
final class FontSettingsTests: WebKitTestCase, @unchecked Sendable {
    func testTheMinimumFontSizeAndFamiliesReachWebKitAndThePage() {
        onMainActor {
            let engine = self.engine
            let before = engine.fontSettings
            defer { engine.fontSettings = before }
            let defaultSans = engine.settingsSansSerifFamily
            server.route("/small", .html("<p id=p style='font-size: 6px'>small</p>"))
            engine.fontSettings = WebEngineFontSettings(sansSerifFamily: "DejaVu Sans", minimumSize: 20)
            XCTAssertEqual(engine.settingsMinimumFontSize, 20)
            XCTAssertEqual(engine.settingsSansSerifFamily, "DejaVu Sans")
            let content = makePersistentContext().makeWebKitWebContent()
            defer { content.close() }
            load(server.url("/small"), in: content, log: ContentEventLog(content))
            let size = evaluate("getComputedStyle(document.getElementById('p')).fontSize", in: content)
            XCTAssertEqual(try? size?.get(), .string("20px"))

            engine.fontSettings = WebEngineFontSettings()
            XCTAssertEqual(engine.settingsMinimumFontSize, 0)
            XCTAssertEqual(engine.settingsSansSerifFamily, defaultSans, "WebKit's default again")
        }
    }
}
