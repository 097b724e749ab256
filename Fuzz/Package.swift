// swift-tools-version:6.2
import PackageDescription

// The fuzzers (`make fuzz`, `make fuzz-smoke`): one libFuzzer executable per file format the
// profile holds, built with `-sanitize=fuzzer,address`. A package of its own that depends on
// the browser's by path, so that the browser's product graph holds no fuzzing code. Corpora
// are in corpus/<target>.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

func swiftlet(_ product: String) -> Target.Dependency { .product(name: product, package: "swiftlet") }

func fuzzer(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, swiftSettings: swiftSettings)
}

let package = Package(
    name: "swiftlet-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "swiftlet", path: "..")],
    targets: [
        // libFuzzer's entry point, calling into Swift.
        .target(name: "CFuzzDriver"),
        // The shared harness.
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzDriver", swiftlet("Base"), swiftlet("Web"), swiftlet("WebTestSupport"),
                swiftlet("Profiles"), swiftlet("TabModel"), swiftlet("Sessions"), swiftlet("Application"),
            ],
            swiftSettings: swiftSettings),
        fuzzer("fuzz-session-list"),
        fuzzer("fuzz-tab-data"),
        fuzzer("fuzz-recently-closed", [swiftlet("Sessions"), swiftlet("Web")]),
        fuzzer("fuzz-prefs-json", [swiftlet("Base"), swiftlet("Profiles"), swiftlet("WebTestSupport")]),
        // A profile's History file (SQLite), through the history service and its reader.
        fuzzer("fuzz-history-file", [swiftlet("History"), swiftlet("Base"), swiftlet("Web")]),
        // A profile's Bookmarks.db (SQLite), through the bookmark model and its store.
        fuzzer("fuzz-bookmarks-db", [swiftlet("Bookmarks")]),
        // A bookmark HTML file (any browser's export), read, written back and read again.
        fuzzer("fuzz-bookmarks-html", [swiftlet("Bookmarks")]),
        // The real launch sequence (AppState.launch, the user's Restore, quit) over a fuzzed
        // Local State and Preferences.
        fuzzer("fuzz-launch"),
    ],
    swiftLanguageModes: [.v6]
)
