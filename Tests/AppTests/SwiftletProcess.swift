import Foundation
import Synchronization
import Testing

/// Runs the built `swiftlet` executable, with no display in its environment, and collects
/// what it prints.
enum SwiftletProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The built executable `name` beside the test bundle.
    static func path(of name: String = "swiftlet") -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `swiftlet arguments…` to its end; `environment` overrides variables.
    static func run(_ arguments: [String], environment overrides: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path(), "swiftlet was not built"))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.merge(overrides) { $1 }
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are drained at once, so that neither fills up and blocks the child.
        let errorText = Mutex("")
        let readingErrors = DispatchGroup()
        DispatchQueue.global().async(group: readingErrors) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = String(decoding: data, as: UTF8.self) }
        }
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readingErrors.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: out, errors: errorText.withLock { $0 })
    }
}
