import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The clocks the benchmark reads: a monotonic one shared by every process of the machine
/// (so a parent and its child can compare their readings), and the kernel's record of when
/// this process started.
public enum ProcessClock {
    /// `CLOCK_MONOTONIC` in nanoseconds; the same clock in every process.
    public static func monotonicNanoseconds() -> UInt64 { read(CLOCK_MONOTONIC) }

    /// How long ago this process started, in nanoseconds, from the kernel: field 22 of
    /// `/proc/self/stat` (start time in clock ticks after boot) against `CLOCK_BOOTTIME`.
    /// Its resolution is one clock tick (10 ms at the usual 100 Hz). Nil if unreadable.
    public static func nanosecondsSinceProcessStart() -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name start at field 3.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 19, let ticks = UInt64(fields[19]) else { return nil }
        let ticksPerSecond = UInt64(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0 else { return nil }
        let started = ticks * 1_000_000_000 / ticksPerSecond
        let now = read(CLOCK_BOOTTIME)
        return now > started ? now - started : 0
    }

    private static func read(_ clock: clockid_t) -> UInt64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
