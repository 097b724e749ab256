import Foundation

/// Formatting and statistics of the printed figures.
public enum Figures {
    /// The median (the mean of the two middle values for an even count); 0 if empty.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Nanoseconds as milliseconds, e.g. `"123.4 ms"`.
    public static func milliseconds(_ nanoseconds: Double) -> String {
        String(format: "%.1f ms", nanoseconds / 1_000_000)
    }

    /// `"median [min–max]"` of nanosecond values, in milliseconds.
    public static func spread(_ nanoseconds: [Double]) -> String {
        guard let low = nanoseconds.min(), let high = nanoseconds.max() else { return "–" }
        return String(
            format: "%.1f ms  [%.1f–%.1f]", median(nanoseconds) / 1_000_000, low / 1_000_000, high / 1_000_000
        )
    }

    /// Bytes as MiB, e.g. `"81.3 MiB"`.
    public static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    /// `text` padded with spaces to `width` characters (left-aligned).
    public static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` padded with spaces to `width` characters (right-aligned).
    public static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
