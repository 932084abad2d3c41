// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AllowanceTracker",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "AllowanceCore", targets: ["AllowanceCore"]),
        .library(name: "AllowanceAPI", targets: ["AllowanceAPI"]),
        .library(name: "AllowanceServer", targets: ["AllowanceServer"]),
        .library(name: "AllowanceKit", targets: ["AllowanceKit"]),
        .executable(name: "allowance-server", targets: ["allowance-server"]),
        .executable(name: "allowance", targets: ["allowance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/jwt.git", from: "5.2.0"),
        .package(url: "https://github.com/vapor/leaf.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // The piggy bank's local SQLite file on the device (no account needed).
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        // GET /metrics (issue 12, section 3): Prometheus text through swift-metrics.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already in Vapor's graph: its gzip compresses the web assets once, at start.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    ],
    targets: [
        .target(name: "AllowanceCore"),
        .target(name: "AllowanceAPI", dependencies: ["AllowanceCore"]),
        .target(
            name: "AllowanceServer",
            dependencies: [
                "AllowanceCore",
                "AllowanceAPI",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "JWT", package: "jwt"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(name: "allowance-server", dependencies: ["AllowanceServer"]),
        // The client: every endpoint, the session, view models, deep links and display formats; no server, no UI.
        .target(
            name: "AllowanceKit",
            dependencies: ["AllowanceCore", "AllowanceAPI", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The `allowance` command's logic, a library so tests run each command in process.
        .target(
            name: "AllowanceCLI",
            dependencies: ["AllowanceKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "allowance", dependencies: ["AllowanceCLI"]),
        .testTarget(name: "AllowanceCoreTests", dependencies: ["AllowanceCore"]),
        .testTarget(
            name: "AllowanceServerTests",
            dependencies: [
                "AllowanceServer",
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "VaporTesting", package: "vapor"),
            ]
        ),
        .testTarget(name: "AllowanceKitTests", dependencies: ["AllowanceKit", "AllowanceCLI", "AllowanceServer"]),
    ]
)
