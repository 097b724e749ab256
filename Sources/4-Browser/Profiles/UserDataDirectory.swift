public import Foundation

/// Where the browser keeps its data: `--user-data-dir DIR` if given, else
/// `$XDG_DATA_HOME/swiftlet`, else `~/.local/share/swiftlet`. Caches go to
/// `$XDG_CACHE_HOME/swiftlet` (or `~/.cache/swiftlet`), or under the user data directory
/// when it was given explicitly (so tests and benchmarks touch nothing else).
public struct UserDataDirectory: Sendable, Equatable {
    /// The user data directory.
    public let path: URL
    /// The cache directory.
    public let cachePath: URL

    /// Uses `path` for data and `cachePath` for caches.
    public init(path: URL, cachePath: URL) {
        self.path = path
        self.cachePath = cachePath
    }

    /// Uses `path` for both, caches in `path/Cache`.
    public init(path: URL) {
        self.init(path: path, cachePath: path.appendingPathComponent("Cache", isDirectory: true))
    }

    /// An error in the command line.
    public struct ArgumentError: Error, CustomStringConvertible, Equatable {
        /// What is wrong.
        public let description: String
    }

    /// Resolves the directories from the value of `--user-data-dir` (`nil` when it was not
    /// given) and an environment.
    public static func resolve(
        explicit: String?, environment: [String: String]
    ) throws(ArgumentError)
        -> UserDataDirectory
    {
        if let explicit {
            guard !explicit.isEmpty else {
                throw ArgumentError(description: "--user-data-dir needs a directory")
            }
            let url = URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
            return UserDataDirectory(path: url)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func xdg(_ variable: String, _ fallback: String) -> URL {
            // The XDG spec ignores relative paths.
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                fallback, isDirectory: true)
        }
        return UserDataDirectory(
            path: xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("swiftlet", isDirectory: true),
            cachePath: xdg("XDG_CACHE_HOME", ".cache").appendingPathComponent("swiftlet", isDirectory: true))
    }
}
