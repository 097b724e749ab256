import ArgumentParser
import Foundation
import Profiles

/// `--user-data-dir DIR`, shared by every command that reads or writes a user data
/// directory: parsed here once, resolved by ``UserDataDirectory``.
struct UserDataOptions: ParsableArguments {
    @Option(
        name: .customLong("user-data-dir"),
        help: ArgumentHelp(
            "The user data directory (default: $XDG_DATA_HOME/swiftlet, or ~/.local/share/swiftlet).",
            valueName: "dir"))
    var path: String?

    func validate() throws {
        if path?.isEmpty == true { throw ValidationError("--user-data-dir needs a directory") }
    }

    /// The directory given, or the default one for `environment`.
    func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws
        -> UserDataDirectory
    {
        do { return try UserDataDirectory.resolve(explicit: path, environment: environment) } catch {
            throw ValidationError(error.description)
        }
    }
}
