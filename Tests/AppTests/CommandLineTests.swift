import Foundation
import LocalHTTPServer
import Testing

/// The built `swiftlet`'s command line: help, version, and mistakes that exit 2 without
/// starting anything.
struct CommandLineTests {
    @Test func helpListsTheModesAndSubcommands() throws {
        let result = try SwiftletProcess.run(["--help"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("swiftlet --headless [--screenshot <file.png>]"))
        #expect(result.output.contains("swiftlet sessions list [--json] [--user-data-dir <dir>]"))
        #expect(result.output.contains("open (default)"))
        let open = try SwiftletProcess.run(["open", "--help"])
        #expect(open.output.contains("--dump <dump>"))
        #expect(open.output.contains("(values: title, url, history)"))
        #expect(open.output.contains("opens the browser's windows"))
        #expect(!open.output.contains("not there"))
    }

    @Test func versionExitsZero() throws {
        let version = try SwiftletProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output == "swiftlet 0.1.0\n")
    }

    /// The browser window with no display: its own Xvfb, no D-Bus (it runs on its own and
    /// says so), the page loads, the window's picture is written, and it quits.
    @Test func theWindowWithoutADisplayLeavesAPictureOfItself() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/", .html("<title>Window test</title><h1>Hello, window</h1>"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swiftlet-window-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let picture = directory.appendingPathComponent("window.png").path
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try SwiftletProcess.run(
            [
                "--user-data-dir", directory.appendingPathComponent("data").path, "--window-screenshot",
                picture,
                server.url("/").absoluteString,
            ],
            environment: [
                "DBUS_SESSION_BUS_ADDRESS": "",
                "SWIFTLET_APP_ID": "org.swiftlet.Test\(UInt32.random(in: 1...UInt32.max))",
            ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("no D-Bus session bus"))
        #expect(result.output.contains("wrote \(picture)"))
        let size = (try? FileManager.default.attributesOfItem(atPath: picture)[.size] as? Int) ?? 0
        #expect(size > 10_000, "a picture of a whole window")
    }

    @Test(arguments: [
        (["--headless"], "no URL given"),
        (["--headless", "not a url"], "not a URL: not a url"),
        (["--headless", "--timeout", "0", "http://127.0.0.1/"], "--timeout needs a positive number"),
        (["--headless", "--timeout", "soon", "http://127.0.0.1/"], "'soon' is invalid for '--timeout"),
        (["--headless", "--frobnicate", "http://127.0.0.1/"], "Unknown option '--frobnicate'"),
        (["--screenshot", "a.png", "http://127.0.0.1/"], "need --headless"),
        (["--headless", "--user-data-dir", "", "http://127.0.0.1/"], "--user-data-dir needs a directory"),
        (["sessions"], "say list or show"),
        (["sessions", "list", "--user-data-dir"], "Missing value for '--user-data-dir <dir>'"),
        (["sessions", "list", "extra"], "Unexpected argument 'extra'"),
        (["sessions", "show", "a", "b"], "Unexpected argument 'b'"),
    ])
    func mistakesExit2WithTheReason(_ arguments: [String], _ reason: String) throws {
        let result = try SwiftletProcess.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.errors.contains(reason), "\(arguments): \(result.errors)")
        #expect(result.output.isEmpty, "\(arguments): nothing on standard output")
    }
}
