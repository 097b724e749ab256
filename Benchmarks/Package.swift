// swift-tools-version:6.2
import PackageDescription

// The benchmarks, apart from the browser's own package (which they depend on by path) so that
// the product graph holds only what the browser and its libraries are:
//   swiftlet-bench          the model: sessions, restore, 1,000 tabs, history, the location
//                           bar's suggestions over 100,000 URLs, import (`make bench`)
//   swiftlet-engine-bench   the real engine's load times and memory (`make bench-engine`)
//   swiftlet-peers-bench    Swiftlet side by side with Chromium, Firefox, GNOME Web
//                           (`make bench-peers`)
// docs/benchmarks.md has the figures and how they were made.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

func swiftlet(_ product: String) -> Target.Dependency { .product(name: product, package: "swiftlet") }

let package = Package(
    name: "swiftlet-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swiftlet", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The history benchmark writes its large History file directly.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // What the benchmarks share: the memory of a process tree, a clock every process
        // shares, the formatting of figures.
        .target(name: "BenchmarkSupport", swiftSettings: swiftSettings),
        // libxcb, for `make bench-peers` to see each browser's window mapped by the X server.
        .systemLibrary(name: "CXCB", pkgConfig: "xcb", providers: [.apt(["libxcb1-dev"])]),
        .executableTarget(
            name: "swiftlet-bench",
            dependencies: [
                swiftlet("Base"), swiftlet("Web"), swiftlet("WebTestSupport"), swiftlet("Profiles"),
                swiftlet("TabModel"), swiftlet("Sessions"), swiftlet("History"), swiftlet("Omnibox"),
                swiftlet("Bookmarks"), swiftlet("Importer"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "swiftlet-engine-bench",
            dependencies: [
                "BenchmarkSupport", swiftlet("Web"), swiftlet("CGTK"), swiftlet("GLibSupport"),
                swiftlet("GTKSupport"),
                swiftlet("WebKitEngine"), swiftlet("LocalHTTPServer"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "swiftlet-peers-bench",
            dependencies: [
                "BenchmarkSupport", "CXCB", swiftlet("LocalHTTPServer"), swiftlet("Application"),
                swiftlet("Base"), swiftlet("Profiles"), swiftlet("Sessions"), swiftlet("TabModel"),
                swiftlet("Web"), swiftlet("WebTestSupport"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
