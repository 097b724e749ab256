// swift-tools-version:6.1
import PackageDescription

// Layers (see docs/design.md): Base <- Web <- Model; Base <- Commands <- Model (a Browser owns
// its CommandDispatcher and Broadcaster). The WebKitGTK engine: CWebKitGTK (system library)
// <- GLibShims (C) <- GLibSupport <- WebKitEngine (implements Web's engine seam).
// The UI layer (added later) may import Commands but never Model, Web or Sessions:
// that edge is kept absent here, so the compiler enforces it.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "swiftlet",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Base", targets: ["Base"]),
        .library(name: "Web", targets: ["Web"]),
        .library(name: "Model", targets: ["Model"]),
        .library(name: "Commands", targets: ["Commands"]),
        .library(name: "GLibSupport", targets: ["GLibSupport"]),
        .library(name: "WebKitEngine", targets: ["WebKitEngine"]),
        .library(name: "LocalHTTPServer", targets: ["LocalHTTPServer"]),
        .executable(name: "swiftlet", targets: ["swiftlet"]),
        .executable(name: "swiftlet-bench", targets: ["swiftlet-bench"]),
        .executable(name: "swiftlet-engine-bench", targets: ["swiftlet-engine-bench"]),
        .executable(name: "swiftlet-session-crasher", targets: ["swiftlet-session-crasher"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0")
    ],
    targets: [
        .target(name: "Base", swiftSettings: strict),
        .target(name: "Web", dependencies: ["Base"], swiftSettings: strict),
        .target(name: "WebTestSupport", dependencies: ["Base", "Web"], swiftSettings: strict),
        .target(name: "Model", dependencies: ["Base", "Web", "Commands"], swiftSettings: strict),
        .target(name: "Commands", dependencies: ["Base"], swiftSettings: strict),
        .systemLibrary(
            name: "CWebKitGTK",
            pkgConfig: "webkitgtk-6.0",
            providers: [.apt(["libwebkitgtk-6.0-dev", "libgtk-4-dev"])]
        ),
        .target(name: "GLibShims", dependencies: ["CWebKitGTK"]),
        .target(name: "GLibSupport", dependencies: ["CWebKitGTK", "GLibShims"], swiftSettings: strict),
        // WebKitEngine's navigation state machine: no GTK, so its tests need no display.
        .target(name: "WebKitNavigation", dependencies: ["Web"], swiftSettings: strict),
        .target(
            name: "WebKitEngine",
            dependencies: ["Base", "Web", "CWebKitGTK", "GLibShims", "GLibSupport", "WebKitNavigation"],
            swiftSettings: strict
        ),
        .target(name: "LocalHTTPServer", swiftSettings: strict),
        .target(
            name: "Sessions",
            dependencies: [
                "Base", "Web", "Model", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "ModelTestSupport",
            dependencies: ["Base", "Web", "WebTestSupport", "Model"],
            swiftSettings: strict
        ),
        .target(
            name: "SessionsTestSupport",
            dependencies: ["Base", "Web", "WebTestSupport", "Model", "ModelTestSupport", "Sessions"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet",
            dependencies: [
                "Base", "Web", "Model", "Commands", "Sessions", "CWebKitGTK", "GLibSupport", "WebKitEngine",
                "LocalHTTPServer",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet-session-crasher",
            dependencies: ["Base", "Web", "WebTestSupport", "Model", "Sessions"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet-bench",
            dependencies: ["Base", "Web", "WebTestSupport", "Model", "Sessions"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swiftlet-engine-bench",
            dependencies: ["Web", "CWebKitGTK", "GLibSupport", "WebKitEngine", "LocalHTTPServer"],
            swiftSettings: strict
        ),
        .testTarget(name: "BaseTests", dependencies: ["Base"], swiftSettings: strict),
        .testTarget(
            name: "WebTests", dependencies: ["Base", "Web", "WebTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ModelTests",
            dependencies: ["Base", "Web", "WebTestSupport", "Model", "ModelTestSupport", "Commands"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SessionsTests",
            dependencies: [
                "Base", "Web", "WebTestSupport", "Model", "ModelTestSupport", "Sessions",
                "SessionsTestSupport",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppTests",
            dependencies: ["LocalHTTPServer", "Base", "WebTestSupport", "SessionsTestSupport"],
            swiftSettings: strict),
        .testTarget(name: "CommandsTests", dependencies: ["Base", "Commands"], swiftSettings: strict),
        .testTarget(
            name: "WebKitNavigationTests", dependencies: ["Web", "WebKitNavigation"], swiftSettings: strict),
        // These two drive GLib/GTK/WebKit: XCTest on the main thread, under Xvfb (scripts/run-tests).
        .testTarget(
            name: "GLibSupportTests", dependencies: ["CWebKitGTK", "GLibShims", "GLibSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "WebKitEngineTests",
            dependencies: [
                "Base", "Web", "WebTestSupport", "WebKitEngine", "GLibSupport", "CWebKitGTK",
                "LocalHTTPServer",
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
