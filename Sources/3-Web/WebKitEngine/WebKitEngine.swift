import CWebKitGTK
import Foundation
import GLibSupport
public import Web

/// The real browser engine: WebKitGTK 6.0 web views in GTK 4.
///
/// Needs GTK initialized on the main thread with a display — the application does that
/// (`GTKRuntime.initialize()` in the `GTKSupport` target) before it makes the engine; the
/// engine never initializes GTK itself — and GLib's main loop running the main thread (the
/// app's loop, or ``GLibMainLoop/pump(timeout:until:)`` in tests and headless runs).
///
/// Sandbox: WebKit runs its web processes inside a bubblewrap sandbox and keeps it on; it
/// needs unprivileged user namespaces (and `bwrap`). On hosts without them (some
/// containers) web processes die at start; there, and only there, set
/// `WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS=1` in the environment before the engine
/// starts. The engine never sets it itself.
@MainActor
public final class WebKitEngine: WebEngine {
    /// Why the engine could not start.
    public enum StartError: Error, Equatable {
        /// GTK is not initialized: the application initializes it (with a display) first.
        case gtkNotInitialized
    }

    /// The number of web views this engine created.
    @_spi(Testing) public private(set) var webViewsCreated = 0
    /// The number of web views created and not yet closed.
    @_spi(Testing) public private(set) var liveWebViews = 0
    /// The number of contexts (network sessions) made.
    @_spi(Testing) public private(set) var contextsCreated = 0
    private var nextNavigationID: Int64 = 0

    /// Whether web views may composite their pages with the GPU (WebKit's default hardware
    /// acceleration policy, "always") or draw them in software ("never").
    public let isHardwareAccelerated: Bool
    /// The settings every web view of this engine is made with (`WebKitSettings *`): the
    /// hardware acceleration policy, and pages may ask for windows without a gesture.
    let settings: GObjectRef

    /// Applied to ``settings`` when set (`WebKitEngine+Fonts.swift`); the defaults are
    /// WebKit's.
    public var fontSettings = WebEngineFontSettings() {
        didSet { if fontSettings != oldValue { applyFontSettings() } }
    }

    /// Makes the engine; throws when GTK has not been initialized.
    ///
    /// `hardwareAccelerated` chooses WebKit's hardware acceleration policy for every web view.
    /// The application passes what `GTKRuntime` found: where OpenGL itself runs on the CPU
    /// (Mesa's llvmpipe: a virtual machine, a remote or virtual display, a machine without
    /// a GPU driver), compositing pages through GL costs memory and time and draws nothing
    /// faster; see "Drawing: GPU or software" in the design notes for the figures.
    public init(hardwareAccelerated: Bool) throws(StartError) {
        guard gtk_is_initialized() != 0 else { throw .gtkNotInitialized }
        isHardwareAccelerated = hardwareAccelerated
        let settings = webkit_settings_new()!
        // Every window a page asks for reaches "create", gesture or not: the WebState decides,
        // and reports the ones it blocks (WebKit would drop those silently).
        webkit_settings_set_javascript_can_open_windows_automatically(settings, 1)
        // The Web Inspector (F12, Ctrl+Shift+I) is one of the browser's tools.
        webkit_settings_set_enable_developer_extras(settings, 1)
        if !hardwareAccelerated {
            webkit_settings_set_hardware_acceleration_policy(
                settings, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER)
        }
        self.settings = GObjectRef(adopting: UnsafeMutableRawPointer(settings))
    }

    /// The WebKitGTK version, e.g. `"2.50.6"`.
    public nonisolated static var version: String {
        "\(webkit_get_major_version()).\(webkit_get_minor_version()).\(webkit_get_micro_version())"
    }

    /// Makes a profile's context: a persistent network session over the given directories
    /// (created 0700 if missing) or an ephemeral one.
    public func makeContext(storage: WebEngineStorage) -> any WebEngineContext {
        makeWebKitContext(storage: storage)
    }

    /// Makes a context, typed as the WebKit one.
    public func makeWebKitContext(storage: WebEngineStorage) -> WebKitEngineContext {
        contextsCreated += 1
        return WebKitEngineContext(engine: self, storage: storage)
    }

    func webViewCreated() {
        webViewsCreated += 1
        liveWebViews += 1
    }

    func webViewClosed() { liveWebViews -= 1 }

    func newNavigationID() -> Int64 {
        nextNavigationID += 1
        return nextNavigationID
    }
}
