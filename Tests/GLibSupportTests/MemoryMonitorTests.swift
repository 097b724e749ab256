import CGLib
import GLibSupport
import TestSupport
import XCTest

final class MemoryMonitorTests: MainActorTestCase, @unchecked Sendable {
    /// Emits GMemoryMonitor's "low-memory-warning" as the system's monitor would.
    @MainActor private static func emitWarning(
        _ monitor: UnsafeMutableRawPointer, level: GMemoryMonitorWarningLevel
    ) {
        let signal = g_signal_lookup("low-memory-warning", g_memory_monitor_get_type())
        XCTAssertNotEqual(signal, 0)
        var values = [GValue(), GValue()]
        g_value_init(&values[0], g_memory_monitor_get_type())
        g_value_set_object(&values[0], monitor)
        g_value_init(&values[1], g_memory_monitor_warning_level_get_type())
        g_value_set_enum(&values[1], gint(level.rawValue))
        g_signal_emitv(values, signal, 0, nil)
        g_value_unset(&values[0])
        g_value_unset(&values[1])
    }

    func testWarningsReachTheHandlerWithTheirLevelUntilStopped() {
        onMainActor {
            var levels: [MemoryMonitor.WarningLevel] = []
            let monitor = MemoryMonitor { levels.append($0) }
            Self.emitWarning(monitor.monitorPointer, level: G_MEMORY_MONITOR_WARNING_LEVEL_LOW)
            Self.emitWarning(monitor.monitorPointer, level: G_MEMORY_MONITOR_WARNING_LEVEL_MEDIUM)
            Self.emitWarning(monitor.monitorPointer, level: G_MEMORY_MONITOR_WARNING_LEVEL_CRITICAL)
            XCTAssertEqual(levels, [.low, .medium, .critical])
            monitor.stop()
            Self.emitWarning(monitor.monitorPointer, level: G_MEMORY_MONITOR_WARNING_LEVEL_LOW)
            XCTAssertEqual(levels.count, 3)
        }
    }
}
