import Foundation
import GLibSupport
import GTKSupport
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// The engine draws as it is told: software (WebKit's hardware acceleration policy "never")
/// or WebKit's default; pages load either way.
final class GraphicsTests: WebKitTestCase, @unchecked Sendable {
    func testEachPolicyReachesTheViewsAndPagesLoad() throws {
        for hardware in [false, true] {
            try onMainActor {
                _ = engine  // GTK initialized
                let engine = try WebKitEngine(hardwareAccelerated: hardware)
                let context = engine.makeWebKitContext(storage: .ephemeral)
                let content = context.makeWebKitWebContent()
                defer { content.close() }
                XCTAssertEqual(content.isHardwareAccelerated, hardware, "hardware \(hardware)")
                let log = ContentEventLog(content)
                load(server.url("/a"), in: content, log: log)
                wait("the title, hardware \(hardware)") { content.title == "Page A" }
            }
        }
    }

    func testTheApplicationsDecisionFollowsTheRendererAndSoftwareMeansCairo() throws {
        if ProcessInfo.processInfo.environment["SWIFTLET_GRAPHICS"] != nil {
            throw XCTSkip("SWIFTLET_GRAPHICS chooses for the probe")
        }
        onMainActor {
            _ = engine
            let graphics = GTKRuntime.graphics
            if case .chosen = graphics { XCTFail("probed, not chosen, without SWIFTLET_GRAPHICS") }
            if case .software = graphics {
                // scripts/run-tests sets no GSK_RENDERER: the decision did
                XCTAssertEqual(getenv("GSK_RENDERER").map { String(cString: $0) }, "cairo")
            }
            if case .software(let renderer?) = graphics {
                XCTAssertTrue(GraphicsAcceleration.isSoftwareRenderer(renderer), renderer)
            }
            if case .hardware(let renderer) = graphics {
                XCTAssertFalse(GraphicsAcceleration.isSoftwareRenderer(renderer), renderer)
            }
        }
    }

    func testRendererNamesAndTheEnvironmentChoice() {
        let renderers: [(String, Bool)] = [
            ("llvmpipe (LLVM 15.0.6, 256 bits)", true),
            ("softpipe", true),
            ("Software Rasterizer", true),
            ("Mesa DRI swrast", true),
            ("SWR (LLVM 12.0.0, 256 bits)", true),
            ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)", false),
            ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", false),
            ("NVIDIA GeForce RTX 3060/PCIe/SSE2", false),
            ("virgl (LLVMPIPE (LLVM 15.0.6, 256 bits))", true),
        ]
        for (renderer, software) in renderers {
            XCTAssertEqual(GraphicsAcceleration.isSoftwareRenderer(renderer), software, renderer)
        }
        let choices: [(String?, GraphicsAcceleration?)] = [
            (nil, nil), ("", nil), ("auto", nil), ("gpu", .chosen(hardware: true)),
            ("GPU", .chosen(hardware: true)), ("software", .chosen(hardware: false)), ("bogus", nil),
        ]
        for (value, choice) in choices {
            XCTAssertEqual(GraphicsAcceleration.choice(environment: value), choice, value ?? "unset")
        }
    }
}
