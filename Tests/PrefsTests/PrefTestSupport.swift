import Base
import BaseTestSupport
import Foundation
import Prefs

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary directory for one test (removed when the test's suite instance goes
/// away), a manual clock, and helpers to build prefs services on them.
@MainActor
final class PrefTestFiles {
    /// The temporary directory; it exists.
    let root: String
    /// A profile directory inside ``root`` that does not exist until a store writes.
    let directory: String
    let clock = ManualTimerClock()
    /// Where background writes post their completions (run by `runUntilIdle()`).
    let mainTasks = ManualMainTaskRunner()
    /// The file calls of the stores made by ``makeStore(writeDelay:)``: a test makes them fail.
    let fileSystem = FaultInjectingFileSystemCalls()

    init() {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftlet-prefs-tests-\(UUID().uuidString)").path
        directory = root + "/profile"
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The prefs file.
    var path: String { directory + "/Preferences" }
    var badPath: String { path + ".bad" }

    /// A registry with one pref of each kind, syncable and local.
    static func makeRegistry() -> PrefRegistry {
        let registry = PrefRegistry()
        registry.register("browser.show_home_button", default: true, scope: .syncable)
        registry.register("browser.home_page", default: "about:blank", scope: .syncable)
        registry.register("tabs.max_count", default: 100)
        registry.register("zoom.default_level", default: 1.0, scope: .syncable)
        registry.register("search.engines", default: ["duck", "wiki"])
        registry.register("site_settings", default: [:], scope: .syncable)
        registry.register("device.name", default: "", scope: .local)
        return registry
    }

    func makeStore(writeDelay: Duration = .seconds(1)) -> JSONPrefStore {
        JSONPrefStore(
            path: path, clock: clock, mainTaskRunner: mainTasks, writeDelay: writeDelay,
            fileWriter: fileSystem.writer)
    }

    /// A persistent service on ``path`` with ``makeRegistry()``.
    func makeService(writeDelay: Duration = .seconds(1)) -> PrefService {
        PrefService(registry: Self.makeRegistry(), store: makeStore(writeDelay: writeDelay))
    }

    func createDirectory() {
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Writes `text` as the prefs file (creating the directory).
    func writeFile(_ text: String) { writeFile(Array(text.utf8)) }

    func writeFile(_ bytes: [UInt8], to target: String? = nil) {
        createDirectory()
        _ = FileManager.default.createFile(atPath: target ?? path, contents: Data(bytes))
    }

    func bytes(_ file: String) -> [UInt8]? { FileManager.default.contents(atPath: file).map { Array($0) } }

    /// The prefs file's text, or nil if it does not exist.
    var fileText: String? { bytes(path).map { String(decoding: $0, as: UTF8.self) } }

    /// The prefs file read as a value.
    var fileValue: PrefValue? { fileText.flatMap { try? PrefValue(json: $0) } }

    /// The names in the profile directory, sorted.
    var listing: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    func exists(_ file: String) -> Bool { FileManager.default.fileExists(atPath: file) }

    func permissions(_ file: String) -> mode_t? {
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}

/// Records the values an observation reports.
@MainActor
final class PrefEvents {
    var values: [PrefValue] = []
    var changes: [String] = []

    func record(_ value: PrefValue) { values.append(value) }
    func record(_ name: String, _ value: PrefValue) { changes.append("\(name)=\(value)") }
}
