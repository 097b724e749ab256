import Foundation

/// How a benchmark child process hands its figures to the parent: lines `@key value` on
/// its standard output. Every other line it prints is shown to the user as is.
enum ChildReport {
    /// Prints one figure for the parent.
    static func emit(_ key: String, _ value: String) { print("@\(key) \(value)") }

    /// Prints one nanosecond figure for the parent.
    static func emit(_ key: String, nanoseconds: UInt64) { emit(key, String(nanoseconds)) }

    /// Splits a child's output into its figures (every value of each key, in order) and
    /// its other lines.
    static func parse(_ output: String) -> (figures: [String: [String]], lines: [String]) {
        var figures: [String: [String]] = [:]
        var lines: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@") {
                let parts = line.dropFirst().split(separator: " ", maxSplits: 1)
                guard let key = parts.first else { continue }
                figures[String(key), default: []].append(parts.count > 1 ? String(parts[1]) : "")
            } else if !line.isEmpty {
                lines.append(String(line))
            }
        }
        return (figures, lines)
    }

    /// Prints `message` on standard error, prefixed with the program's name.
    static func fail(_ message: String) {
        FileHandle.standardError.write(Data("swiftlet-engine-bench: \(message)\n".utf8))
    }
}
