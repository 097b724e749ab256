import Foundation

/// How figures are written in the table: seconds with two decimals, memory in MB (10⁶
/// bytes, the unit of the targets), counts as whole numbers where they are.
enum TableFormat {
    /// `value` in `unit`.
    static func value(_ value: Double, _ unit: Figure.Unit) -> String {
        switch unit {
        case .seconds: String(format: "%.2f s", value)
        case .milliseconds: String(format: "%.1f ms", value)
        case .bytes: String(format: "%.0f MB", value / 1e6)
        case .count: value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
        }
    }

    /// A peer's figure against Swiftlet's: "×1.84".
    static func ratio(_ peer: Double, _ swiftlet: Double) -> String {
        swiftlet > 0 ? String(format: "×%.2f", peer / swiftlet) : "–"
    }

    /// A factor of a target: "0.7", "1.2".
    static func factor(_ factor: Double) -> String { String(format: "%g", factor) }
}
