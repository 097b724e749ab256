// swift-tools-version:6.2
import PackageDescription

// Layers (see docs/design.md):
//   Base <- KeyedServices, Prefs (components: Base only)
//   Base <- Web <- Profiles (+ KeyedServices, Prefs) <- TabModel (+ Commands: a Browser owns its
//   CommandDispatcher and Broadcaster)
//   Sessions <- Base, Web, KeyedServices, Prefs, Profiles, TabModel
// C libraries, one system-library target per pkg-config package: CGLib (GLib, GObject, GIO),
// CGTK (GTK 4), CAdwaita (libadwaita-1), CWebKitGTK (WebKitGTK 6.0).
//   CGLib <- GLibShims <- GLibSupport <- GTKSupport (+ CGTK, GLShims: the GL probe, libepoxy)
//   CWebKitGTK <- WebKitShims ; WebKitEngine <- Web, GLibSupport, CWebKitGTK, WebKitShims,
//   WebKitNavigation (the navigation state machine: Web only, no GTK)
// UI-facing targets can import GTK and GLib support without WebKit. The UI layer may import
// Commands but never the model, Web or Sessions targets: that edge is kept absent here, so the
// compiler enforces it.
//   UIInterfaces (Base, Commands: the broadcaster keys it declares) ; CGTK, CAdwaita <- GTKShims ;
//   ViewControllers <- UIInterfaces, Commands, Base, GTKShims, GLibSupport, GTKSupport, CGTK,
//   CAdwaita
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")

let package = Package(
    name: "swiftlet",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Base", targets: ["Base"]),
        .library(name: "Web", targets: ["Web"]),
        .library(name: "KeyedServices", targets: ["KeyedServices"]),
        .library(name: "Prefs", targets: ["Prefs"]),
        .library(name: "Profiles", targets: ["Profiles"]),
        .library(name: "TabModel", targets: ["TabModel"]),
        .library(name: "Sessions", targets: ["Sessions"]),
        .library(name: "Application", targets: ["Application"]),
        .library(name: "MemorySaver", targets: ["MemorySaver"]),
        .library(name: "Commands", targets: ["Commands"]),
        .library(name: "UIInterfaces", targets: ["UIInterfaces"]),
        .library(name: "Mediators", targets: ["Mediators"]),
        .library(name: "Coordinators", targets: ["Coordinators"]),
        .library(name: "GLibSupport", targets: ["GLibSupport"]),
        .library(name: "GTKSupport", targets: ["GTKSupport"]),
        .library(name: "WebKitEngine", targets: ["WebKitEngine"]),
        .library(name: "ViewControllers", targets: ["ViewControllers"]),
        .executable(name: "swiftlet", targets: ["swiftlet"]),
        .executable(name: "swiftlet-bench", targets: ["swiftlet-bench"]),
        .executable(name: "swiftlet-engine-bench", targets: ["swiftlet-engine-bench"]),
        .executable(name: "swiftlet-peers-bench", targets: ["swiftlet-peers-bench"]),
        .executable(name: "swiftlet-session-crasher", targets: ["swiftlet-session-crasher"]),
        .executable(name: "fuzz-session-list", targets: ["fuzz-session-list"]),
        .executable(name: "fuzz-tab-data", targets: ["fuzz-tab-data"]),
        .executable(name: "fuzz-recently-closed", targets: ["fuzz-recently-closed"]),
        .executable(name: "fuzz-prefs-json", targets: ["fuzz-prefs-json"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The core libraries.
        .target(name: "Base", dependencies: [logging], swiftSettings: strict),
        .target(name: "Web", dependencies: ["Base"], swiftSettings: strict),
        .target(name: "Commands", dependencies: ["Base"], swiftSettings: strict),
        .target(name: "KeyedServices", dependencies: ["Base"], swiftSettings: strict),
        .target(name: "Prefs", dependencies: ["Base", logging], swiftSettings: strict),
        .target(
            name: "Profiles", dependencies: ["Base", "Web", "KeyedServices", "Prefs", logging],
            swiftSettings: strict),
        .target(
            name: "TabModel", dependencies: ["Base", "Web", "Commands", "KeyedServices", "Profiles"],
            swiftSettings: strict),
        .target(
            name: "Sessions",
            dependencies: [
                "Base", "Web", "KeyedServices", "Prefs", "Profiles", "TabModel", logging,
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: strict
        ),
        // The memory saver: discards background tabs back to unrealized (no GTK).
        .target(
            name: "MemorySaver",
            dependencies: [
                "Base", "Web", "KeyedServices", "Prefs", "Profiles", "TabModel", "Sessions", logging,
            ],
            swiftSettings: strict
        ),
        // The application layer without GTK: the launch and quit sequences, scenes (windows)
        // with their activation levels and agents, the open-scene registry.
        .target(
            name: "Application",
            dependencies: [
                "Base", "Web", "Prefs", "Profiles", "TabModel", "Sessions", "MemorySaver", logging,
            ],
            swiftSettings: strict
        ),

        // The UI layer's contracts (seed 003): consumer and command protocols with their value
        // types. No GTK, no model: view controllers and mediators both import it.
        .target(name: "UIInterfaces", dependencies: ["Base", "Commands"], swiftSettings: strict),
        // Mediators (seed 003): between the model and the consumers. They may see the model
        // (Web, TabModel, Prefs…) and UIInterfaces, but never a C, GTK or WebKit target: that
        // edge is kept absent here, so the compiler enforces that mediators push plain values.
        .target(
            name: "Mediators",
            dependencies: ["UIInterfaces", "Commands", "Base", "Web", "TabModel", "Prefs", "Sessions"],
            swiftSettings: strict
        ),

        // Coordinators (seed 003): the tree from the application to each part of a window. They
        // make view controllers and mediators, connect them, and start and stop each other; the
        // application coordinator is the composition root of the window.
        .target(
            name: "Coordinators",
            dependencies: [
                "Base", "Web", "Commands", "UIInterfaces", "ViewControllers", "Mediators", "Prefs",
                "Profiles", "Sessions", "Application", "TabModel", "WebKitEngine", "GLibSupport",
                "GTKSupport", "CGTK", "CAdwaita",
            ],
            swiftSettings: strict
        ),

        // C libraries and their Swift support.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CAdwaita", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        .systemLibrary(
            name: "CWebKitGTK", pkgConfig: "webkitgtk-6.0", providers: [.apt(["libwebkitgtk-6.0-dev"])]),
        // XCB, for `make bench-peers` to see each browser's window mapped by the X server.
        .systemLibrary(name: "CXCB", pkgConfig: "xcb", providers: [.apt(["libxcb1-dev"])]),
        // AT-SPI, for the end-to-end tests that find the window's widgets as a screen reader does.
        .systemLibrary(name: "CAtspi", pkgConfig: "atspi-2", providers: [.apt(["libatspi2.0-dev"])]),
        .target(name: "GLibShims", dependencies: ["CGLib"]),
        .target(name: "GLibSupport", dependencies: ["CGLib", "GLibShims"], swiftSettings: strict),
        .target(name: "GTKSupport", dependencies: ["CGTK", "GLibSupport", "GLShims"], swiftSettings: strict),
        // What GTKSupport asks of OpenGL (libepoxy, GTK's GL loader, is a dependency of GTK's).
        .target(name: "GLShims", dependencies: ["CGTK"], linkerSettings: [.linkedLibrary("epoxy")]),
        .target(name: "WebKitShims", dependencies: ["CWebKitGTK"], linkerSettings: [.linkedLibrary("png16")]),
        // What Swift cannot call in GTK and libadwaita (variadic functions, macros).
        .target(name: "GTKShims", dependencies: ["CGTK", "CAdwaita"]),
        .target(name: "WebKitNavigation", dependencies: ["Web"], swiftSettings: strict),
        .target(
            name: "WebKitEngine",
            dependencies: ["Base", "Web", "CWebKitGTK", "WebKitShims", "GLibSupport", "WebKitNavigation"],
            swiftSettings: strict
        ),

        // The view controllers (seed 003): GTK widgets fed by consumer protocols, sending commands.
        // They import UIInterfaces and Commands, never Web, TabModel, Sessions or WebKitEngine:
        // those edges are absent here, so the compiler enforces it.
        .target(
            name: "ViewControllers",
            dependencies: [
                "Base", "UIInterfaces", "Commands", "CGTK", "CAdwaita", "GTKShims", "GLibSupport",
                "GTKSupport",
            ],
            swiftSettings: strict
        ),

        // Test support and fixtures (never part of the products).
        .target(name: "WebTestSupport", dependencies: ["Base", "Web"], swiftSettings: strict),
        .target(name: "LocalHTTPServer", swiftSettings: strict),
        // What the benchmarks share: the memory of a process tree, a clock every process
        // shares, the formatting of figures.
        .target(name: "BenchmarkSupport", swiftSettings: strict),
        .target(
            name: "ModelTestSupport",
            dependencies: [
                "Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles", "TabModel",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "SessionsTestSupport",
            dependencies: [
                "Base", "Web", "WebTestSupport", "Profiles", "TabModel", "ModelTestSupport", "Sessions",
                "Application",
            ],
            swiftSettings: strict
        ),

        // Fuzzing (`make fuzz`): the shared harness and one libFuzzer executable per input file,
        // built with `-sanitize=fuzzer,address` into a scratch path of their own.
        .target(name: "CFuzzDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: [
                "CFuzzDriver", "Base", "Web", "WebTestSupport", "Profiles", "TabModel", "Sessions",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "fuzz-session-list", dependencies: ["FuzzSupport"], swiftSettings: strict),
        .executableTarget(
            name: "fuzz-tab-data", dependencies: ["FuzzSupport"], swiftSettings: strict),
        .executableTarget(
            name: "fuzz-recently-closed", dependencies: ["FuzzSupport", "Sessions", "Web"],
            swiftSettings: strict),
        .executableTarget(
            name: "fuzz-prefs-json",
            dependencies: ["Base", "FuzzSupport", "Profiles", "WebTestSupport"],
            swiftSettings: strict),

        // Executables: the browser (the composition root), benchmarks, the crash test's child.
        .executableTarget(
            name: "swiftlet",
            dependencies: [
                "Base", "Web", "Prefs", "Profiles", "TabModel", "Commands", "Sessions", "CGTK", "CAdwaita",
                "GLibSupport",
                "GTKSupport", "WebKitEngine", "LocalHTTPServer", "Coordinators",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet-session-crasher",
            dependencies: ["Base", "Web", "WebTestSupport", "Profiles", "TabModel", "Sessions"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet-bench",
            dependencies: ["Base", "Web", "WebTestSupport", "Profiles", "TabModel", "Sessions"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet-engine-bench",
            dependencies: [
                "Web", "CGTK", "GLibSupport", "GTKSupport", "WebKitEngine", "LocalHTTPServer",
                "BenchmarkSupport",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet-peers-bench",
            dependencies: [
                "BenchmarkSupport", "LocalHTTPServer", "CXCB", "Application", "Base", "Profiles", "Sessions",
                "TabModel", "Web", "WebTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        // Tests without a display (Swift Testing).
        .testTarget(name: "BaseTests", dependencies: ["Base", logging], swiftSettings: strict),
        .testTarget(
            name: "WebTests", dependencies: ["Base", "Web", "WebTestSupport"], swiftSettings: strict),
        .testTarget(name: "CommandsTests", dependencies: ["Base", "Commands"], swiftSettings: strict),
        .testTarget(
            name: "KeyedServicesTests", dependencies: ["Base", "KeyedServices"], swiftSettings: strict),
        .testTarget(name: "PrefsTests", dependencies: ["Base", "Prefs"], swiftSettings: strict),
        .testTarget(
            name: "ProfilesTests",
            dependencies: [
                "Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles", "TabModel",
                "ModelTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TabModelTests",
            dependencies: [
                "Base", "Web", "WebTestSupport", "Commands", "KeyedServices", "Profiles", "TabModel",
                "ModelTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MediatorsTests",
            dependencies: [
                "Base", "Web", "WebTestSupport", "Prefs", "TabModel", "ModelTestSupport", "UIInterfaces",
                "Mediators", "Sessions", "Commands",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SessionsTests",
            dependencies: [
                "Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles", "TabModel",
                "ModelTestSupport",
                "Sessions", "SessionsTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MemorySaverTests",
            dependencies: [
                "MemorySaver", "Base", "Web", "WebTestSupport", "Prefs", "Profiles", "TabModel", "Sessions",
                "ModelTestSupport", "KeyedServices",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ApplicationTests",
            dependencies: [
                "Application", "Base", "Web", "WebTestSupport", "Prefs", "Profiles", "TabModel", "Sessions",
                "ModelTestSupport", "KeyedServices",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppTests",
            dependencies: ["LocalHTTPServer", "Base", "WebTestSupport", "SessionsTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "CoordinatorsTests",
            dependencies: [
                "Coordinators", "Commands", "UIInterfaces", "TabModel", "Profiles", "Web", "WebTestSupport",
                "ModelTestSupport", "Application", "Base", "Mediators", "GTKSupport", "CGTK", "CAdwaita",
                "ViewControllers",
                "GTKShims",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebKitNavigationTests", dependencies: ["Web", "WebKitNavigation"], swiftSettings: strict),
        // The real browser driven as a person would: XCTest, under Xvfb and a private D-Bus
        // session (scripts/run-tests), through AT-SPI and xdotool.
        .testTarget(
            name: "EndToEndTests", dependencies: ["CAtspi", "LocalHTTPServer"], swiftSettings: strict),
        // These drive GLib/GTK/WebKit: XCTest on the main thread, under Xvfb (scripts/run-tests).
        .testTarget(
            name: "GLibSupportTests", dependencies: ["CGLib", "GLibShims", "GLibSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "ViewControllersTests",
            dependencies: [
                "Base", "UIInterfaces", "Commands", "CGTK", "CAdwaita", "GTKShims", "GLibSupport",
                "GTKSupport",
                "ViewControllers",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebKitEngineTests",
            dependencies: [
                "Base", "Web", "WebTestSupport", "WebKitEngine", "GLibSupport", "GTKSupport", "CWebKitGTK",
                "LocalHTTPServer", "Profiles", "TabModel",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
