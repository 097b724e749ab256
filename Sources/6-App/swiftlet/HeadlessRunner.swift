import Base
import CAdwaita
import CGTK
import Foundation
import GLibSupport
import GTKSupport
import LocalHTTPServer
import Profiles
import Web
import WebKitEngine

#if canImport(Glibc)
import Glibc
#endif

/// `swiftlet --headless`: loads the URLs, in order, in one tab of the real engine, waits for
/// each load, then writes a PNG of the page and prints what was asked. With a user data
/// directory, pages load in its Default profile. `--demo` serves a built-in page from
/// 127.0.0.1 and renders it (what `make run` does). The command line is parsed by
/// ``SwiftletCommand``.
@MainActor
struct HeadlessRunner {
    /// What to load and what to report.
    struct Options {
        var screenshot: String?
        var dumps: [HeadlessOptions.Dump] = []
        var timeout: Double = 30
        var userDataDirectory: String?
        var demo = false
        var urls: [URL] = []
    }

    /// Runs and returns the exit status.
    static func run(_ options: Options) -> Int32 {
        var options = options
        if let directory = options.userDataDirectory,
            let refusal = UserDataDirectory(path: URL(fileURLWithPath: directory, isDirectory: true))
                .refusalToRun()
        {
            fail(refusal)
            return 1
        }
        var xvfb: XvfbDisplay?
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            do { xvfb = try XvfbDisplay() } catch {
                fail(error.description)
                return 1
            }
            // A private display has no accessibility bus to talk to.
            setenv("GTK_A11Y", "none", 0)
            setenv("NO_AT_BRIDGE", "1", 0)
        }
        defer { xvfb?.stop() }
        var server: LocalHTTPServer?
        if options.demo {
            do {
                let demo = try LocalHTTPServer()
                demo.route("/", .html(demoPage))
                options.urls = [demo.url("/")]
                if options.screenshot == nil { options.screenshot = "out/swiftlet-demo.png" }
                if options.dumps.isEmpty { options.dumps = [.title, .url] }
                server = demo
            } catch {
                fail("could not start the demo page server: \(error)")
                return 1
            }
        }
        defer { server?.stop() }
        return HeadlessRunner(options: options).load()
    }

    let options: Options

    private func load() -> Int32 {
        let engine: WebKitEngine
        guard GTKRuntime.initialize() else {
            Self.fail("could not start the engine: no display")
            return 1
        }
        do { engine = try WebKitEngine(hardwareAccelerated: GTKRuntime.graphics.isHardware) } catch {
            Self.fail("could not start the engine: no display")
            return 1
        }
        // With a user data directory, pages load in its Default profile, as the browser's
        // would (its engine data under the profile); otherwise nothing is kept.
        var application: ApplicationContext?
        let context: any WebEngineContext
        if let directory = options.userDataDirectory {
            let app = ApplicationContext(
                userDataDirectory: UserDataDirectory(
                    path: URL(fileURLWithPath: directory, isDirectory: true)),
                engine: engine, clock: SystemTimerClock())
            do { context = try app.profileManager.createProfile(named: "Default").webEngineContext } catch {
                Self.fail("could not open the profile in \(directory): \(error)")
                return 1
            }
            application = app
        } else {
            context = engine.makeContext(storage: .ephemeral)
        }
        defer { withExtendedLifetime(application) {} }
        let webState = WebState(params: .init(context: context, url: options.urls.first))
        defer { webState.close() }
        let watcher = LoadWatcher()
        webState.addObserver(watcher)
        // The first page starts loading before the window is made: its web process starts
        // and the page loads while GTK makes and maps the window (the page lays out again
        // at the window's size).
        if let first = options.urls.first { webState.load(first, transition: Self.transition) }
        let window = WindowHandle(gtk_window_new()!)
        defer { window.destroy() }
        gtk_window_set_default_size(window.gtkWindow, 1280, 800)
        gtk_window_set_child(window.gtkWindow, webState.view.pointer?.assumingMemoryBound(to: GtkWidget.self))
        window.present()
        for (index, url) in options.urls.enumerated() {
            if index > 0 {
                watcher.status = nil
                webState.load(url, transition: Self.transition)
            }
            let finished = GLibMainLoop.pump(timeout: .milliseconds(Int(options.timeout * 1000))) {
                watcher.status != nil
            }
            guard finished else {
                Self.fail("could not load \(url.absoluteString): no answer within \(Int(options.timeout)) s")
                return 1
            }
            if case .failure(let error) = watcher.status {
                Self.fail("could not load \(url.absoluteString): \(error.message) (\(error.kind))")
                return 1
            }
            // WebKit refuses some URLs (blocked ports, for one) without a failure: nothing
            // was committed for them.
            if url.absoluteString != "about:blank",
                webState.lastCommittedURL == nil || webState.lastCommittedURL?.absoluteString == "about:blank"
            {
                Self.fail("could not load \(url.absoluteString): the engine refused it")
                return 1
            }
        }
        if let screenshot = options.screenshot {
            let file = URL(fileURLWithPath: screenshot)
            try? FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard let content = webState.view.owner as? WebKitWebContent else {
                Self.fail("the engine gave no view to take a screenshot of")
                return 1
            }
            var saved: Bool?
            // No fixed wait: WebKit paints the snapshot itself, from the page as laid out now,
            // once the view has its size (the window's first allocation, which a fast
            // loopback page can beat).
            let widget = webState.view.pointer?.assumingMemoryBound(to: GtkWidget.self)
            _ = GLibMainLoop.pump(timeout: .seconds(10)) {
                widget.map { gtk_widget_get_width($0) > 0 && gtk_widget_get_height($0) > 0 } ?? true
            }
            content.saveSnapshot(toPNG: file) { saved = $0 }
            _ = GLibMainLoop.pump(timeout: .seconds(10)) { saved != nil }
            guard saved == true else {
                Self.fail("could not write the screenshot \(file.path)")
                return 1
            }
            print("screenshot: \(file.path)")
        }
        for what in options.dumps {
            switch what {
            case .title: print("title: \(documentTitle(webState))")
            case .url: print("url: \(webState.lastCommittedURL?.absoluteString ?? "")")
            case .history:
                let history = webState.navigationManager.history
                for (index, item) in history.items.enumerated() {
                    let mark = index == history.lastCommittedItemIndex ? "*" : " "
                    print("\(mark) \(item.url.absoluteString)  \(item.title)")
                }
            }
        }
        return 0
    }

    /// The page's title, read from the document: WebKit reports its title property a moment
    /// after the load can finish, and waiting for it would be a fixed wait for pages without one.
    private func documentTitle(_ webState: WebState) -> String {
        var result: Result<JavaScriptValue, JavaScriptError>?
        webState.evaluateJavaScript("document.title") { result = $0 }
        _ = GLibMainLoop.pump(timeout: .seconds(5)) { result != nil }
        if case .success(.string(let title)) = result { return title }
        return webState.title
    }

    /// How the pages of the command line are marked (Chromium's startup URLs).
    static let transition = PageTransition.autoToplevel.adding(.fromAPI)

    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data("swiftlet: \(message)\n".utf8))
    }

    static let demoPage = """
        <!doctype html><html><head><meta charset="utf-8"><title>Swiftlet demo</title>
        <style>body{font-family:sans-serif;margin:4em;background:#f6f5f4;color:#241f31}
        h1{color:#1c71d8}</style></head><body><h1>Swiftlet</h1>
        <p>This page was served from 127.0.0.1 and rendered by WebKitGTK, driven from Swift.</p>
        </body></html>
        """
}

/// Waits for a page load to end.
@MainActor
final class LoadWatcher: WebStateObserver {
    var status: PageLoadCompletionStatus?
    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) { self.status = status }
}
