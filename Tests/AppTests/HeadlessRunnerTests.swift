import Foundation
import LocalHTTPServer
import Testing

/// Runs the built `swiftlet --headless` against pages served from 127.0.0.1, with no
/// display in its environment: it starts its own Xvfb.
struct HeadlessRunnerTests {
    func run(_ arguments: [String]) throws -> SwiftletProcess.Result { try SwiftletProcess.run(arguments) }

    @Test(.timeLimit(.minutes(2))) func rendersAPageToPNGAndPrintsItsTitleAndHistory() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route("/a", .html("<title>First</title><p>a</p>"))
        server.route("/b", .html("<title>Second page</title><h1>Hello from b</h1>"))
        let shot = NSTemporaryDirectory() + "swiftlet-headless-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let result = try run([
            "--headless", "--screenshot", shot, "--dump", "title", "--dump", "history",
            server.url("/a").absoluteString, server.url("/b").absoluteString,
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("title: Second page"))
        #expect(result.output.contains("  \(server.url("/a").absoluteString)  First"))
        #expect(result.output.contains("* \(server.url("/b").absoluteString)  Second page"))
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count > 2_000)
    }

    @Test(.timeLimit(.minutes(2))) func aUserDataDirectoryKeepsCookiesInItsDefaultProfile() throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        server.route(
            "/set",
            .html("<title>set</title><script>document.cookie='swiftlet=kept; max-age=3600; path=/'</script>"))
        server.route(
            "/get", .html("<title>none</title><script>document.title = document.cookie || 'none'</script>"))
        let directory = NSTemporaryDirectory() + "swiftlet-headless-udd-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let set = try run(["--headless", "--user-data-dir", directory, server.url("/set").absoluteString])
        #expect(set.status == 0, "\(set.errors)")
        #expect(
            FileManager.default.fileExists(atPath: directory + "/Default/WebKit"),
            "engine data under the profile")
        let kept = try run([
            "--headless", "--user-data-dir", directory, "--dump", "title", server.url("/get").absoluteString,
        ])
        #expect(kept.output.contains("title: swiftlet=kept"), "\(kept.output)\(kept.errors)")
        let fresh = try run(["--headless", "--dump", "title", server.url("/get").absoluteString])
        #expect(fresh.output.contains("title: none"), "without a user data directory nothing is kept")
    }

    @Test(.timeLimit(.minutes(2))) func anUnreachablePageFailsClearly() throws {
        let port = LocalHTTPServer.unusedPort()
        let result = try run(["--headless", "--timeout", "20", "http://127.0.0.1:\(port)/"])
        #expect(result.status == 1)
        #expect(result.errors.contains("swiftlet: could not load http://127.0.0.1:\(port)/"))
    }

    @Test func withoutADisplayOrXvfbItSaysSo() throws {
        let result = try SwiftletProcess.run(
            ["--headless", "http://127.0.0.1/"], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.errors.contains("there is no display and Xvfb is missing (install the xvfb package)"))
    }

    @Test func badArgumentsGiveUsage() throws {
        let result = try run(["--headless", "--dump", "colour", "http://127.0.0.1/"])
        #expect(result.status == 2)
        #expect(result.errors.contains("'colour' is invalid for '--dump <dump>'"))
        #expect(result.errors.contains("'title', 'url' or 'history'"))
        #expect(result.errors.contains("swiftlet [open] --headless"), "the usage")
    }
}
