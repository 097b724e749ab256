import BenchmarkSupport
import CGTK
import Foundation
import GLibSupport
import GTKSupport
import Web
@_spi(Testing) import WebKitEngine

/// What a benchmark child process drives: the real engine, one profile (a persistent
/// context in a temporary directory, as a new browser profile would be), and one browser
/// window whose GtkStack holds the views of the realized tabs, the shown one on top.
@MainActor
final class EngineHarness {
    /// Why the harness could not start.
    struct StartError: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// The engine; one per process, kept for its whole life (contexts and contents refer
    /// to it without owning it).
    var engine: WebKitEngine { Self.sharedEngine! }
    private static var sharedEngine: WebKitEngine?
    /// The profile's context.
    let context: WebKitEngineContext
    private let profileDirectory: URL
    private let window: UnsafeMutablePointer<GtkWindow>
    private let stack: OpaquePointer
    private var shown: WebState?
    private var inStack: Set<WebStateID> = []

    /// Starts GTK and the engine, makes the profile and presents the window.
    init() throws(StartError) {
        if Self.sharedEngine == nil {
            guard GTKRuntime.initialize() else {
                throw StartError(
                    description: "could not start the engine: no display (run it under xvfb-run)")
            }
            do {
                Self.sharedEngine = try WebKitEngine(hardwareAccelerated: GTKRuntime.graphics.isHardware)
            } catch {
                throw StartError(description: "could not start the engine: \(error)")
            }
        }
        profileDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftlet-engine-bench-\(getpid())-\(UUID().uuidString)")
        context = Self.sharedEngine!.makeWebKitContext(
            storage: .persistent(
                dataDirectory: profileDirectory.appendingPathComponent("data"),
                cacheDirectory: profileDirectory.appendingPathComponent("cache")))
        window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
        let stackWidget = gtk_stack_new()!
        stack = OpaquePointer(stackWidget)
        gtk_window_set_default_size(window, 1280, 800)
        gtk_window_set_child(window, stackWidget)
        gtk_window_present(window)
    }

    /// Starts a harness, runs `body` with it and tears it down; returns `body`'s exit
    /// status, or 1 (having said why) if the harness could not start.
    static func run(_ body: (EngineHarness) -> Int32) -> Int32 {
        let harness: EngineHarness
        do { harness = try EngineHarness() } catch {
            ChildReport.fail(error.description)
            return 1
        }
        defer { harness.tearDown() }
        return body(harness)
    }

    /// Makes `webState` the shown tab: puts its view in the window's stack (realizing it)
    /// if it is not there yet, raises it, and marks the previously shown tab hidden.
    func show(_ webState: WebState) {
        guard let widget = webState.view.pointer?.assumingMemoryBound(to: GtkWidget.self) else { return }
        if inStack.insert(webState.id).inserted { gtk_stack_add_child(stack, widget) }
        gtk_stack_set_visible_child(stack, widget)
        if let shown, shown !== webState { shown.wasHidden() }
        webState.wasShown()
        shown = webState
    }

    /// Takes `webState`'s view out of the window and closes it.
    func close(_ webState: WebState) {
        if inStack.remove(webState.id) != nil, let widget = webState.view.pointer {
            gtk_stack_remove(stack, widget.assumingMemoryBound(to: GtkWidget.self))
        }
        if shown === webState { shown = nil }
        webState.close()
    }

    /// Runs the main loop until `recorder` has seen `count` page loads; returns the last
    /// status, or nil on timeout.
    func waitForPageLoads(
        _ recorder: PageLoadRecorder, count: Int, timeout: Duration = .seconds(30)
    ) -> PageLoadCompletionStatus? {
        guard GLibMainLoop.pump(timeout: timeout, until: { recorder.statuses.count >= count }) else {
            return nil
        }
        return recorder.statuses.last
    }

    /// Runs the main loop for `duration` (lets WebKit paint, settle and free things).
    func settle(_ duration: Duration) {
        GLibMainLoop.pump(timeout: duration) { false }
    }

    /// Destroys the window and deletes the profile directory.
    func tearDown() {
        gtk_window_destroy(window)
        try? FileManager.default.removeItem(at: profileDirectory)
    }
}

/// Records the page loads of the WebStates it observes.
@MainActor
final class PageLoadRecorder: WebStateObserver {
    /// Every completion status, oldest first.
    private(set) var statuses: [PageLoadCompletionStatus] = []
    /// When the last page load was reported (``ProcessClock/monotonicNanoseconds()``).
    private(set) var lastLoadNanoseconds: UInt64 = 0

    func pageLoaded(_ webState: WebState, status: PageLoadCompletionStatus) {
        lastLoadNanoseconds = ProcessClock.monotonicNanoseconds()
        statuses.append(status)
    }
}
