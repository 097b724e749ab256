import CGLib

/// The system's low-memory warnings (GIO's `GMemoryMonitor`, fed by the low-memory-monitor
/// service or the desktop portal where there is one; silent where there is none).
@MainActor
public final class MemoryMonitor {
    /// How short of memory the system is (`GMemoryMonitorWarningLevel`).
    public enum WarningLevel: Comparable, Sendable {
        /// Memory is low: free what is cheap to free.
        case low
        /// Memory is short: free more.
        case medium
        /// The system is about to kill processes.
        case critical

        init(_ raw: Int) {
            switch raw {
            case ..<Int(G_MEMORY_MONITOR_WARNING_LEVEL_MEDIUM.rawValue): self = .low
            case ..<Int(G_MEMORY_MONITOR_WARNING_LEVEL_CRITICAL.rawValue): self = .medium
            default: self = .critical
            }
        }
    }

    private let monitor: GObjectRef
    private var connection: SignalConnection?

    /// Calls `onWarning` on the main loop for each warning, until ``stop()`` or the monitor
    /// goes.
    public init(onWarning: @escaping @MainActor (WarningLevel) -> Void) {
        monitor = GObjectRef(adopting: UnsafeMutableRawPointer(g_memory_monitor_dup_default()!))
        connection = SignalConnection.connect(monitor.pointer, signal: "low-memory-warning") { args in
            onWarning(WarningLevel(Int(args.enumValue(at: 1))))
        }
    }

    /// The process's `GMemoryMonitor` (for tests that emit its signal).
    public var monitorPointer: UnsafeMutableRawPointer { monitor.pointer }

    /// Stops the warnings.
    public func stop() {
        connection?.cancel()
        connection = nil
    }

    isolated deinit { connection?.cancel() }
}
