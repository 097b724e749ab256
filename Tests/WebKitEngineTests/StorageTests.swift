import Foundation
import LocalHTTPServer
import Web
import WebKitEngine
import XCTest

final class StorageTests: WebKitTestCase, @unchecked Sendable {
    private static let storingPage = HTTPResponse(
        status: 200,
        headers: ["Content-Type": "text/html", "Set-Cookie": "visited=yes; Max-Age=3600; Path=/"],
        body: Data(
            """
            <!DOCTYPE html><title>Store</title>
            <script>localStorage.setItem('key', 'value'); document.cookie = 'script=1; max-age=3600';</script>
            """.utf8))

    /// Every file under `directory`, relative paths.
    private func files(under directory: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        return Set((enumerator?.allObjects as? [String]) ?? [])
    }

    func testPersistentContextWritesUnderItsDataDirectory() {
        onMainActor {
            server.route("/store", Self.storingPage)
            let context = makePersistentContext("Persistent")
            XCTAssertFalse(context.isEphemeral)
            guard case .persistent(let dataDirectory, let cacheDirectory) = context.storage else {
                return XCTFail("not persistent")
            }
            let attributes = try? FileManager.default.attributesOfItem(atPath: dataDirectory.path)
            XCTAssertEqual((attributes?[.posixPermissions] as? NSNumber)?.intValue, 0o700)
            XCTAssertTrue(FileManager.default.fileExists(atPath: cacheDirectory.path))
            let content = context.makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/store"), in: content, log: log)
            XCTAssertEqual(try? evaluate("localStorage.getItem('key')", in: content)?.get(), .string("value"))
            // WebKit writes cookies and local storage from its network process, a little later.
            wait("cookies and local storage on disk") {
                let written = files(under: dataDirectory)
                return written.contains(WebKitEngineContext.cookiesFileName)
                    && written.contains { $0.hasSuffix("LocalStorage/localstorage.sqlite3") }
            }
        }
    }

    func testEphemeralContextLeavesNoFiles() {
        onMainActor {
            server.route("/store", Self.storingPage)
            // The test's profile directory, and the XDG directories when the test run made
            // them private (scripts/run-tests points them at a temporary directory).
            let env = ProcessInfo.processInfo.environment
            let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
            let xdg = ["XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"].compactMap { env[$0] }
                .filter { $0.hasPrefix(temporary) || $0.hasPrefix("/tmp/") }
            let watched = [profileDirectory!] + xdg.map { URL(fileURLWithPath: $0) }
            func snapshot() -> [Set<String>] {
                watched.map { files(under: $0).filter { !Self.isProcessWideCache($0) } }
            }
            let before = snapshot()
            let context = engine.makeWebKitContext(storage: .ephemeral)
            XCTAssertTrue(context.isEphemeral)
            let content = context.makeWebKitWebContent()
            defer { content.close() }
            let log = ContentEventLog(content)
            load(server.url("/store"), in: content, log: log)
            XCTAssertEqual(try? evaluate("localStorage.getItem('key')", in: content)?.get(), .string("value"))
            XCTAssertEqual(
                try? evaluate("document.cookie.includes('visited=yes')", in: content)?.get(), .bool(true))
            // Give the network process the same chance to write that the persistent test waits for.
            let witness = FileManager.default.temporaryDirectory
                .appendingPathComponent("swiftlet-webkit-witness-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: witness) }
            let other = engine.makeWebKitContext(
                storage: .persistent(
                    dataDirectory: witness.appendingPathComponent("data"),
                    cacheDirectory: witness.appendingPathComponent("cache"))
            ).makeWebKitWebContent()
            defer { other.close() }
            let otherLog = ContentEventLog(other)
            load(server.url("/a"), in: other, log: otherLog)
            XCTAssertEqual(watched.count, before.count)
            for (index, files) in snapshot().enumerated() {
                XCTAssertEqual(files.subtracting(before[index]), [], "new files under \(watched[index].path)")
            }
        }
    }

    /// Caches that Mesa, GStreamer or fontconfig may create for the process, whatever the session.
    private static func isProcessWideCache(_ path: String) -> Bool {
        ["mesa", "gstreamer", "fontconfig"].contains { path.contains($0) }
    }
}
