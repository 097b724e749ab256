import Foundation
import GLibSupport
import GTKSupport
import GTKTestSupport
import LocalHTTPServer
import Web
@_spi(Testing) import WebKitEngine
import XCTest

/// Shared set-up of the WebKit engine tests: one engine per process (GTK is
/// ``GTKTestCase``'s), a local HTTP server and a temporary profile directory per test.
class WebKitTestCase: GTKTestCase, @unchecked Sendable {
    @MainActor private static var sharedEngine: WebKitEngine?

    /// How long any single wait may take before the test fails instead of hanging.
    static let timeout: Duration = .seconds(15)

    nonisolated(unsafe) var server: LocalHTTPServer!
    nonisolated(unsafe) var profileDirectory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LocalHTTPServer()
        server.route("/a", .page(title: "Page A", body: "<p>alpha</p>"))
        server.route("/b", .page(title: "Page B", body: "<p>bravo</p>"))
        server.route("/c", .page(title: "Page C", body: "<p>charlie</p>"))
        profileDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftlet-webkit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profileDirectory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        if let profileDirectory { try? FileManager.default.removeItem(at: profileDirectory) }
        super.tearDown()
    }

    /// The engine (made once), drawing as the application's would on this display
    /// (``GTKRuntime/graphics``).
    @MainActor
    var engine: WebKitEngine {
        if let engine = Self.sharedEngine { return engine }
        precondition(
            GTKRuntime.initialize(), "WebKitTestCase.engine: no display (run the tests under xvfb-run)")
        let engine = try! WebKitEngine(hardwareAccelerated: GTKRuntime.graphics.isHardware)
        Self.sharedEngine = engine
        return engine
    }

    /// Runs the tool `name` (from /usr/bin or /bin) with `arguments` and returns what it
    /// printed; a failed run fails the test, and a missing tool skips it with `missing`.
    func runTool(_ name: String, _ arguments: [String], missing: String) throws -> Data {
        guard
            let tool = ["/usr/bin/\(name)", "/bin/\(name)"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip(missing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(arguments.joined(separator: " "))")
        return data
    }

    /// A persistent context under this test's profile directory.
    @MainActor
    func makePersistentContext(_ name: String = "Default") -> WebKitEngineContext {
        engine.makeWebKitContext(
            storage: .persistent(
                dataDirectory: profileDirectory.appendingPathComponent("\(name)/data"),
                cacheDirectory: profileDirectory.appendingPathComponent("\(name)/cache")))
    }

    /// Pumps the GLib main context until `condition` holds; fails the test on timeout.
    @MainActor
    @discardableResult
    func wait(
        _ what: String, timeout: Duration = WebKitTestCase.timeout, file: StaticString = #filePath,
        line: UInt = #line, until condition: () -> Bool
    ) -> Bool {
        let met = GLibMainLoop.pump(timeout: timeout, until: condition)
        if !met { XCTFail("timed out waiting for \(what)", file: file, line: line) }
        return met
    }

    /// Loads `url` in `content` and waits for the page-loaded event.
    @MainActor
    func load(
        _ url: URL, in content: WebKitWebContent, log: ContentEventLog, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let before = log.pageLoadedCount
        content.load(url)
        wait("load of \(url.path)", file: file, line: line) { log.pageLoadedCount > before }
    }

    /// Evaluates `script` and waits for its result.
    @MainActor
    func evaluate(_ script: String, in content: any WebContent) -> Result<JavaScriptValue, JavaScriptError>? {
        var result: Result<JavaScriptValue, JavaScriptError>?
        content.evaluateJavaScript(script) { result = $0 }
        wait("JavaScript \(script)") { result != nil }
        return result
    }
}
