import CAdwaita
import CGTK
import Foundation
import GLibSupport
import GTKSupport

/// The GTK side of the application: an `AdwApplication` with Swiftlet's application id,
/// single instance over D-Bus. A second `swiftlet URL` does not open a window of its own:
/// GApplication hands its command line to the running instance (the primary), whose
/// ``onCommandLine`` opens the URLs, and the second process exits with the status it returns.
///
/// Without a D-Bus session bus the application runs on its own (non-unique) and says so:
/// GIO would otherwise start a bus of its own and leave it running.
@MainActor
final class BrowserApplication {
    /// The application id (`SWIFTLET_APP_ID` overrides it, so tests get an instance of their own).
    static var applicationID: String {
        ProcessInfo.processInfo.environment["SWIFTLET_APP_ID"] ?? "org.swiftlet.Swiftlet"
    }

    /// Called in the primary instance for its own command line and for every forwarded one:
    /// the arguments (without the program name), whether they came from another process, and
    /// that process's working directory. Returns the exit status of the process that ran them.
    var onCommandLine:
        (@MainActor (_ arguments: [String], _ isRemote: Bool, _ workingDirectory: String?) -> Int32)?
    /// Called once in the primary instance after GTK and libadwaita are initialized.
    var onStartup: (@MainActor () -> Void)?
    /// Called when the application is about to quit (the main loop has ended).
    var onShutdown: (@MainActor () -> Void)?

    /// The `AdwApplication`.
    let application: UnsafeMutablePointer<AdwApplication>
    /// Whether another instance can find this one over D-Bus.
    let isUnique: Bool
    private var connections: [SignalConnection] = []

    /// Makes the application; `isUnique` false when there is no session bus.
    init() {
        isUnique = Self.hasSessionBus
        var flags = G_APPLICATION_HANDLES_COMMAND_LINE
        if !isUnique { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue) }
        application = adw_application_new(Self.applicationID, flags)
        let object = UnsafeMutableRawPointer(application)
        connections.append(
            SignalConnection.connect(object, signal: "startup") { [weak self] _ in self?.onStartup?() })
        connections.append(
            SignalConnection.connect(object, signal: "shutdown") { [weak self] _ in self?.onShutdown?() })
        connections.append(
            SignalConnection.connect(object, signal: "command-line") { [weak self] arguments in
                guard let self, let commandLine = arguments.object(at: 1) else { return }
                let line = commandLine.assumingMemoryBound(to: GApplicationCommandLine.self)
                var count: Int32 = 0
                var values: [String] = []
                if let argv = g_application_command_line_get_arguments(line, &count) {
                    for index in 0..<Int(count) {
                        if let value = argv[index] { values.append(String(cString: value)) }
                    }
                    g_strfreev(argv)
                }
                let isRemote = g_application_command_line_get_is_remote(line) != 0
                let directory = g_application_command_line_get_cwd(line).map { String(cString: $0) }
                let status = self.onCommandLine?(Array(values.dropFirst()), isRemote, directory) ?? 0
                arguments.setReturnValue(int: status)
            })
    }

    /// Whether a D-Bus session bus is reachable (its address is set, or the standard socket
    /// under `XDG_RUNTIME_DIR` exists).
    static var hasSessionBus: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/bus")
    }

    /// Runs the main loop with `arguments` (the program name first); returns the exit status.
    func run(_ arguments: [String]) -> Int32 {
        if !isUnique {
            FileHandle.standardError.write(
                Data(
                    "swiftlet: no D-Bus session bus: this instance runs on its own (another swiftlet will not find it)\n"
                        .utf8))
        }
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        cArguments.append(nil)
        return cArguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gApplication, Int32(arguments.count), buffer.baseAddress)
        }
    }

    /// Keeps the application running with no window (released by ``release()``).
    func hold() {
        g_application_hold(gApplication)
    }

    /// Undoes one ``hold()``.
    func release() {
        g_application_release(gApplication)
    }

    /// Ends the main loop.
    func quit() {
        g_application_quit(gApplication)
    }

    /// A new application window (not yet shown).
    func makeWindow() -> WindowHandle {
        WindowHandle(adw_application_window_new(gtkApplication))
    }

    /// The application as GIO's application functions take it.
    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    /// The application as GTK's application functions take it.
    private var gtkApplication: UnsafeMutablePointer<GtkApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self)
    }
}
