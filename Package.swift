// swift-tools-version:6.2
import PackageDescription

// The targets sit in their layer's folder under Sources/, lowest first (docs/architecture.md
// draws the picture). A layer imports only the layers below it, and the UI layer's edges are
// kept narrower still (see `ui` below): a target is the unit the compiler can forbid an
// import of, so the edges missing here are the architecture's rules.
//
//   1-Components  Base, Commands, KeyedServices, Prefs: know nothing of browsers (Chromium's
//                 components/)
//   2-Platform    the C libraries (one system library per pkg-config package), the C shims for
//                 what Swift cannot call, GLibSupport and GTKSupport
//   3-Web         Web (WebState and the engine seam), WebKitNavigation (the engine's navigation
//                 state machine, no GTK), WebKitEngine (the seam on WebKitGTK 6.0)
//   4-Browser     Profiles, TabModel, Sessions, MemorySaver, Downloads, ContentSettings, History,
//                 Omnibox, Prerender, Bookmarks, Importer, Application (Chromium's
//                 ios/chrome/browser model and the components it uses, never GTK)
//   5-UI          UIInterfaces, Mediators (the model in, plain values out, never GTK),
//                 ViewControllers (GTK, never the model), Coordinators (wire them together)
//   6-App         the `swiftlet` executable, the composition root
//
// Tests/Support holds what tests share (the precondition test's check, the bases of the XCTest
// cases on the main thread and with GTK, the fake engine and the scenarios that hold it to
// WebKit's behaviour, list builders, a test profile, the local HTTP server fixture, file system
// calls that fail on demand, the crash test's child). The benchmarks (Benchmarks/) and the
// fuzzers (Fuzz/) are packages of their own that depend on this one by path.

/// A target's layer: the folder it lives in and, for Swift targets, the settings every
/// Swift target shares.
enum Layer: String {
    case components = "Sources/1-Components"
    case platform = "Sources/2-Platform"
    case web = "Sources/3-Web"
    case browser = "Sources/4-Browser"
    case ui = "Sources/5-UI"
    case app = "Sources/6-App"
    case testSupport = "Tests/Support"
    case tests = "Tests"

    func path(_ name: String) -> String { "\(rawValue)/\(name)" }
}

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A Swift library target in `layer`. The larger modules have a README.md beside their code.
func library(_ name: String, _ layer: Layer, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(
        name: name, dependencies: dependencies, path: layer.path(name),
        exclude: modulesWithReadme.contains(name) ? ["README.md"] : [], swiftSettings: swiftSettings)
}

let modulesWithReadme: Set = [
    "Web", "WebKitEngine", "TabModel", "Sessions", "Application", "History", "Bookmarks",
]

/// A C library found by pkg-config, one per package, so that a target can import GTK
/// without WebKit and GLib without GTK.
func systemLibrary(_ name: String, _ layer: Layer = .platform, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, path: layer.path(name), pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// C code for what Swift cannot call (variadic functions, macros, inline functions).
func shim(_ name: String, _ dependencies: [Target.Dependency], linking library: String? = nil) -> Target {
    .target(
        name: name, dependencies: dependencies, path: Layer.platform.path(name),
        linkerSettings: library.map { [.linkedLibrary($0)] } ?? [])
}

func executable(_ name: String, _ layer: Layer, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: dependencies, path: layer.path(name), swiftSettings: swiftSettings)
}

func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(
        name: name, dependencies: dependencies, path: Layer.tests.path(name), swiftSettings: swiftSettings)
}

let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let crypto: Target.Dependency = .product(name: "Crypto", package: "swift-crypto")

let package = Package(
    name: "swiftlet",
    platforms: [.macOS(.v15)],
    // What another Swift program would use: the core libraries, and the fake engine and the
    // local HTTP server for its tests (the benchmarks and fuzzers use them too). The UI
    // targets are the browser's own.
    products: [
        .library(name: "Base", targets: ["Base"]),
        .library(name: "Commands", targets: ["Commands"]),
        .library(name: "KeyedServices", targets: ["KeyedServices"]),
        .library(name: "Prefs", targets: ["Prefs"]),
        .library(name: "GLibSupport", targets: ["GLibSupport"]),
        .library(name: "GTKSupport", targets: ["GTKSupport"]),
        // GTK itself, for a program that makes its own widgets around the engine's views.
        .library(name: "CGTK", targets: ["CGTK"]),
        .library(name: "Web", targets: ["Web"]),
        .library(name: "WebKitEngine", targets: ["WebKitEngine"]),
        .library(name: "Profiles", targets: ["Profiles"]),
        .library(name: "TabModel", targets: ["TabModel"]),
        .library(name: "Sessions", targets: ["Sessions"]),
        .library(name: "MemorySaver", targets: ["MemorySaver"]),
        .library(name: "ContentSettings", targets: ["ContentSettings"]),
        .library(name: "History", targets: ["History"]),
        .library(name: "Bookmarks", targets: ["Bookmarks"]),
        .library(name: "Importer", targets: ["Importer"]),
        .library(name: "Omnibox", targets: ["Omnibox"]),
        .library(name: "Prerender", targets: ["Prerender"]),
        .library(name: "Application", targets: ["Application"]),
        .library(name: "WebTestSupport", targets: ["WebTestSupport"]),
        .library(name: "LocalHTTPServer", targets: ["LocalHTTPServer"]),
        .executable(name: "swiftlet", targets: ["swiftlet"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // SQLite for browsing data (the system's libsqlite3).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // 1-Components
        library("Base", .components, [logging]),
        library("Commands", .components, ["Base"]),
        library("KeyedServices", .components, ["Base"]),
        library("Prefs", .components, ["Base", logging]),

        // 2-Platform
        systemLibrary("CGLib", pkgConfig: "gio-2.0", apt: "libglib2.0-dev"),
        systemLibrary("CLZ4", pkgConfig: "liblz4", apt: "liblz4-dev"),
        systemLibrary("CGTK", pkgConfig: "gtk4", apt: "libgtk-4-dev"),
        systemLibrary("CAdwaita", pkgConfig: "libadwaita-1", apt: "libadwaita-1-dev"),
        systemLibrary("CWebKitGTK", pkgConfig: "webkitgtk-6.0", apt: "libwebkitgtk-6.0-dev"),
        shim("GLibShims", ["CGLib"]),
        // What GTKSupport asks of OpenGL (libepoxy, GTK's GL loader, is a dependency of GTK's).
        shim("GLShims", ["CGTK"], linking: "epoxy"),
        shim("GTKShims", ["CGTK", "CAdwaita"]),
        shim("WebKitShims", ["CWebKitGTK"], linking: "png16"),
        library("GLibSupport", .platform, ["CGLib", "GLibShims"]),
        library("GTKSupport", .platform, ["CGTK", "GLibSupport", "GLShims"]),

        // 3-Web
        library("Web", .web, ["Base"]),
        library("WebKitNavigation", .web, ["Web"]),
        library(
            "WebKitEngine", .web,
            ["Base", "Web", "CWebKitGTK", "WebKitShims", "GLibSupport", "WebKitNavigation"]),

        // 4-Browser
        library("Profiles", .browser, ["Base", "Web", "KeyedServices", "Prefs", logging]),
        // A Browser owns its CommandDispatcher and Broadcaster, hence Commands.
        library("TabModel", .browser, ["Base", "Web", "Commands", "KeyedServices", "Profiles"]),
        library(
            "Sessions", .browser,
            [
                "Base", "Web", "KeyedServices", "Prefs", "Profiles", "TabModel", logging,
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]),
        // A profile's content settings (site permissions), Chromium's components/content_settings.
        library("ContentSettings", .browser, ["Base", "Web", "KeyedServices", "Prefs", "Profiles", logging]),
        library(
            "MemorySaver", .browser,
            ["Base", "Web", "KeyedServices", "Prefs", "Profiles", "TabModel", "Sessions", logging]),
        // A profile's downloads, kept in SQLite.
        library("Downloads", .browser, ["Base", "Web", "KeyedServices", "Profiles", grdb, logging]),
        // A profile's bookmarks (Chromium's components/bookmarks), kept in SQLite, and the
        // bookmark file formats.
        library("Bookmarks", .browser, ["Base", "KeyedServices", "Profiles", grdb, logging]),
        // Moving in from other browsers: reading their bookmarks, history and open tabs.
        library("Importer", .browser, ["Bookmarks", "History", "Web", "CLZ4", grdb, crypto]),
        library("History", .browser, ["Base", "Web", "KeyedServices", "Prefs", "Profiles", grdb, logging]),
        // The location bar's suggestions (Chromium's components/omnibox): no UI.
        library("Omnibox", .browser, ["Base", "Web", "History", "Bookmarks"]),
        // Loading the location bar's default match before Enter (Chromium's PrerenderService):
        // a library of its own, as it joins TabModel and History, which know nothing of each other.
        library(
            "Prerender", .browser,
            ["Base", "Web", "Prefs", "KeyedServices", "Profiles", "TabModel", "History", logging]),
        library(
            "Application", .browser,
            [
                "Base", "Web", "Prefs", "Profiles", "TabModel", "Sessions", "MemorySaver", "Downloads",
                "ContentSettings", "History", "Bookmarks", "Prerender", logging,
            ]),

        // 5-UI. UIInterfaces: the consumer and command protocols with their value types, which
        // both sides import. Mediators see the model but never a C, GTK or WebKit target; view
        // controllers see GTK but never Web, the model, Sessions or WebKitEngine. Those edges
        // are absent here, so the compiler enforces them.
        library("UIInterfaces", .ui, ["Base", "Commands"]),
        library(
            "Mediators", .ui,
            [
                "UIInterfaces", "Commands", "Base", "Web", "TabModel", "Prefs", "Sessions", "Application",
                "Downloads", "ContentSettings", "MemorySaver", "Profiles", "History", "Omnibox", "Prerender",
                "Bookmarks", "Importer",
            ]),
        library(
            "ViewControllers", .ui,
            ["Base", "UIInterfaces", "Commands", "CGTK", "CAdwaita", "GTKShims", "GLibSupport", "GTKSupport"]),
        library(
            "Coordinators", .ui,
            [
                "Base", "Web", "Commands", "UIInterfaces", "ViewControllers", "Mediators", "Prefs",
                "Profiles", "Sessions", "Application", "TabModel", "WebKitEngine", "GLibSupport",
                "GTKSupport", "CGTK", "CAdwaita", "Downloads", "ContentSettings", "Omnibox", "History",
                "Prerender", "Bookmarks", "Importer",
            ]),

        // 6-App
        executable(
            "swiftlet", .app,
            [
                "Base", "Web", "Prefs", "Profiles", "TabModel", "Commands", "Sessions", "History", "CGTK",
                "CAdwaita",
                "GLibSupport", "GTKSupport", "WebKitEngine", "LocalHTTPServer", "Coordinators",
                "Bookmarks", "Importer", "CGLib", argumentParser,
            ]),

        // Tests/Support
        library("BaseTestSupport", .testSupport, ["Base"]),
        // What every test target shares: the check of a precondition test, the base of the
        // XCTest cases that run on the main thread.
        library("TestSupport", .testSupport),
        // The base of the XCTest cases that need GTK.
        library("GTKTestSupport", .testSupport, ["TestSupport", "CAdwaita", "GTKSupport"]),
        library("WebTestSupport", .testSupport, ["Base", "Web"]),
        // Scenarios every engine behind the WebContent seam must report alike (WebTests runs
        // them on the fake engine, WebKitEngineTests on WebKit).
        library("WebContentConformance", .testSupport, ["Base", "Web", "WebTestSupport"]),
        // A fixture of the tests, the demo page and the benchmarks.
        library("LocalHTTPServer", .testSupport),
        // Hostile entries (pipes, links, huge files) and files of another owner, for the tests
        // of what reads and writes a profile.
        library("FileSystemTestSupport", .testSupport),
        library(
            "ModelTestSupport", .testSupport,
            ["Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles", "TabModel"]),
        library(
            "SessionsTestSupport", .testSupport,
            [
                "Base", "Web", "WebTestSupport", "Profiles", "TabModel", "ModelTestSupport", "Sessions",
                "Application",
            ]),
        // AT-SPI, for the end-to-end tests that find the window's widgets as a screen reader does.
        systemLibrary("CAtspi", .testSupport, pkgConfig: "atspi-2", apt: "libatspi2.0-dev"),
        // The crash test's child (scripts/crash-test, SessionCrashTests).
        executable(
            "swiftlet-session-crasher", .testSupport,
            [
                "Base", "Web", "WebTestSupport", "Profiles", "TabModel", "Sessions", "History", "Bookmarks",
                grdb,
            ]),

        // Tests without a display (Swift Testing).
        tests("BaseTests", ["Base", "BaseTestSupport", "FileSystemTestSupport", logging, "TestSupport"]),
        tests("WebTests", ["Base", "Web", "WebTestSupport", "TestSupport", "WebContentConformance"]),
        tests("CommandsTests", ["Base", "Commands", "TestSupport"]),
        tests("KeyedServicesTests", ["Base", "KeyedServices", "TestSupport"]),
        tests("PrefsTests", ["Base", "BaseTestSupport", "Prefs", "TestSupport", "FileSystemTestSupport"]),
        tests(
            "ProfilesTests",
            [
                "Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles", "TabModel",
                "ModelTestSupport", "TestSupport",
            ]),
        tests(
            "TabModelTests",
            [
                "Base", "Web", "WebTestSupport", "Commands", "KeyedServices", "Profiles", "TabModel",
                "ModelTestSupport", "TestSupport",
            ]),
        tests(
            "MediatorsTests",
            [
                "Base", "Web", "WebTestSupport", "Prefs", "TabModel", "ModelTestSupport", "UIInterfaces",
                "Mediators", "Sessions", "Commands", "TestSupport", "Application", "Profiles", "Downloads",
                "ContentSettings", "MemorySaver", "Omnibox", "History", "Prerender", "Bookmarks", "Importer",
            ]),
        tests(
            "SessionsTests",
            [
                "Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles", "TabModel",
                "ModelTestSupport", "Sessions", "SessionsTestSupport", "BaseTestSupport", "TestSupport",
                "FileSystemTestSupport",
            ]),
        tests(
            "MemorySaverTests",
            [
                "MemorySaver", "Base", "Web", "WebTestSupport", "Prefs", "Profiles", "TabModel", "Sessions",
                "ModelTestSupport", "KeyedServices",
            ]),
        tests(
            "ContentSettingsTests",
            [
                "ContentSettings", "Base", "Web", "WebTestSupport", "Prefs", "Profiles", "KeyedServices",
                "ModelTestSupport", "TestSupport",
            ]),
        tests(
            "ApplicationTests",
            [
                "Application", "Base", "Web", "WebTestSupport", "Prefs", "Profiles", "TabModel", "Sessions",
                "ModelTestSupport", "KeyedServices", "TestSupport", "FileSystemTestSupport", "History",
                "Bookmarks",
            ]),
        tests(
            "AppTests",
            [
                "LocalHTTPServer", "Base", "WebTestSupport", "SessionsTestSupport", "FileSystemTestSupport",
                "History", "ModelTestSupport",
            ]),
        tests("WebKitNavigationTests", ["Web", "WebKitNavigation"]),
        tests(
            "BookmarksTests",
            [
                "Bookmarks", "TestSupport", "Base", "Web", "WebTestSupport", "KeyedServices", "Profiles",
                "ModelTestSupport", grdb,
            ]),
        tests("ImporterTests", ["Importer", "Bookmarks", "History", "Web", "Base", grdb, "TestSupport"]),
        tests(
            "HistoryTests",
            [
                "History", "Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles",
                "ModelTestSupport", "TestSupport", "FileSystemTestSupport", grdb,
            ]),
        tests(
            "PrerenderTests",
            [
                "Prerender", "Base", "Web", "WebTestSupport", "KeyedServices", "Prefs", "Profiles",
                "TabModel",
                "History", "Sessions", "Application", "ModelTestSupport", "TestSupport",
            ]),
        tests("OmniboxTests", ["Omnibox", "Base", "Web", "History", "Bookmarks", "TestSupport"]),
        tests(
            "DownloadsTests",
            [
                "Downloads", "Base", "Web", "WebTestSupport", "KeyedServices", "Profiles", "ModelTestSupport",
                "TestSupport", "FileSystemTestSupport",
            ]),

        // Tests that drive GLib, GTK and WebKit: XCTest on the main thread, under Xvfb
        // (scripts/run-tests).
        tests("GLibSupportTests", ["CGLib", "GLibShims", "GLibSupport", "TestSupport"]),
        tests(
            "ViewControllersTests",
            [
                "Base", "UIInterfaces", "Commands", "CGTK", "CAdwaita", "GTKShims", "GLibSupport",
                "GTKSupport",
                "ViewControllers", "GTKTestSupport",
            ]),
        tests(
            "CoordinatorsTests",
            [
                "Coordinators", "Commands", "UIInterfaces", "TabModel", "Profiles", "Web", "WebTestSupport",
                "ModelTestSupport", "Application", "Base", "Mediators", "GTKSupport", "CGTK", "CAdwaita",
                "ViewControllers", "GTKShims", "GTKTestSupport",
            ]),
        tests(
            "WebKitEngineTests",
            [
                "Base", "Web", "WebTestSupport", "WebKitEngine", "GLibSupport", "GTKSupport", "CWebKitGTK",
                "LocalHTTPServer", "Profiles", "TabModel", "GTKTestSupport", "WebContentConformance",
                "Downloads", "ContentSettings", "History", "Prefs", "Prerender",
            ]),
        // The real browser driven as a person would: under Xvfb and a private D-Bus session
        // (scripts/run-tests), through AT-SPI and xdotool.
        // GRDB: a test writes history rows into a profile's History file before a launch.
        tests("EndToEndTests", ["CAtspi", "LocalHTTPServer", grdb]),
    ],
    swiftLanguageModes: [.v6]
)
