import ArgumentParser
import Coordinators
import Foundation
import LocalHTTPServer
import Profiles

#if canImport(Glibc)
import Glibc
#endif

/// `swiftlet [URL…]`: the browser window, run by the ``AppCoordinator``. With `--demo` it
/// serves the demo page from 127.0.0.1 and opens it, in a temporary user data directory
/// unless `--user-data-dir` names one; with no display it starts its own Xvfb
/// and, unless told otherwise, leaves a picture of the window in `out/swiftlet-window.png`
/// and quits once the page has loaded (what `make run` does on a machine without a display).
@MainActor
enum WindowRunner {
    static func run(_ command: OpenCommand) -> Int32 {
        var arguments = CommandLine.arguments
        var xvfb: XvfbDisplay?
        let environment = ProcessInfo.processInfo.environment
        // The demo's own temporary directory is root's when root runs it.
        if !(command.headless.demo && command.userData.path == nil),
            let directory = try? UserDataDirectory.resolve(
                explicit: command.userData.path, environment: environment),
            let refusal = directory.refusalToRun()
        {
            FileHandle.standardError.write(Data("swiftlet: \(refusal)\n".utf8))
            return 1
        }
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            do { xvfb = try XvfbDisplay() } catch {
                FileHandle.standardError.write(Data("swiftlet: \(error.description)\n".utf8))
                return 1
            }
            setenv("GTK_A11Y", "none", 0)
            setenv("NO_AT_BRIDGE", "1", 0)
            if command.window.windowScreenshot == nil {
                let path = "out/swiftlet-window.png"
                try? FileManager.default.createDirectory(atPath: "out", withIntermediateDirectories: true)
                arguments += ["--window-screenshot", path]
                FileHandle.standardError.write(
                    Data(
                        "swiftlet: no display: the window runs on its own Xvfb; its picture goes to \(path)\n"
                            .utf8))
            }
        }
        defer { xvfb?.stop() }
        var server: LocalHTTPServer?
        if command.headless.demo {
            do {
                let demo = try LocalHTTPServer()
                demo.route("/", .html(HeadlessRunner.demoPage))
                arguments = arguments.filter { $0 != "--demo" } + [demo.url("/").absoluteString]
                server = demo
            } catch {
                FileHandle.standardError.write(
                    Data("swiftlet: could not start the demo page server: \(error)\n".utf8))
                return 1
            }
        }
        defer { server?.stop() }
        // The demo runs in a user data directory of its own, gone when it ends: its window
        // would otherwise come back, with a page of a server that is gone, at every launch.
        var userDataDirectory = command.userData.path
        var demoDirectory: String?
        if command.headless.demo && userDataDirectory == nil {
            var template = Array((NSTemporaryDirectory() + "swiftlet-demo-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else {
                FileHandle.standardError.write(Data("swiftlet: could not make the demo's directory\n".utf8))
                return 1
            }
            demoDirectory = String(cString: made)
            userDataDirectory = demoDirectory
        }
        defer { if let demoDirectory { try? FileManager.default.removeItem(atPath: demoDirectory) } }
        let coordinator: AppCoordinator
        do {
            coordinator = try AppCoordinator(userDataDirectory: userDataDirectory) { arguments in
                launchRequest(arguments)
            }
        } catch {
            FileHandle.standardError.write(Data("swiftlet: \(error.description)\n".utf8))
            return 2
        }
        return coordinator.run(arguments)
    }

    /// Reads a command line (this process's or one another `swiftlet` forwarded).
    static func launchRequest(_ arguments: [String]) -> Result<LaunchRequest, AppCoordinator.LaunchParseError>
    {
        do {
            let command = try OpenCommand.parse(Array(arguments.drop { $0 == "open" }))
            return .success(
                LaunchRequest(
                    urls: command.urls, newWindow: command.window.newWindow,
                    incognito: command.window.incognito,
                    windowScreenshot: command.window.windowScreenshot,
                    discardBackgroundTabs: command.window.discardBackgroundTabs))
        } catch {
            return .failure(.init(message: OpenCommand.message(for: error), status: 2))
        }
    }
}
