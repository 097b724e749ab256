import Foundation
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
    }

    @Test func versionAndNoArgumentsExitZero() throws {
        let version = try SwiftletProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output == "swiftlet 0.1.0\n")
        let bare = try SwiftletProcess.run([])
        #expect(bare.status == 0)
        #expect(bare.output.contains("USAGE: swiftlet"))
    }

    @Test func withoutHeadlessTheWindowIsNotThereYet() throws {
        let result = try SwiftletProcess.run(["https://example.org/"])
        #expect(result.status == 2)
        #expect(result.errors.contains("the windowed browser is not available yet"))
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
