// swift-tools-version: 6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "IssueTracker",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tracker", targets: ["tracker"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // TOML for the config file and a project's `.tracker` file (SettingsFile).
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // libpq's functions, loading libpq on first use (CLibPQ declares them and links nothing).
        .target(
            name: "LibPQLoader",
            linkerSettings: [
                .linkedLibrary("dl"),
                // GnuTLSStartup.c's override must be in the executable's dynamic symbols, which
                // only release builds (a static Swift runtime, --export-dynamic) have for every symbol.
                .unsafeFlags(
                    ["-Xlinker", "--export-dynamic-symbol=_gnutls_global_init_skip"], .when(platforms: [.linux])),
            ]),
        .target(name: "ChildProcesses", swiftSettings: strictSettings),
        .target(
            name: "Postgres", dependencies: ["CLibPQ", "LibPQLoader", "ChildProcesses"], swiftSettings: strictSettings),
        .target(name: "TrackerCore", swiftSettings: strictSettings),
        .target(
            name: "SettingsFile", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strictSettings),
        .executableTarget(name: "MigrationEmbedder", swiftSettings: strictSettings),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"]
        ),
        .target(
            name: "TrackerPostgres",
            dependencies: ["Postgres", "TrackerCore", "ChildProcesses"],
            swiftSettings: strictSettings,
            plugins: ["EmbedMigrations"]
        ),
        .target(name: "Interchange", dependencies: ["TrackerCore"], swiftSettings: strictSettings),
        .target(
            name: "TerminalKit", dependencies: ["TrackerCore", "ChildProcesses"], swiftSettings: strictSettings),
        .target(name: "TrackerUI", dependencies: ["TrackerCore", "ChildProcesses"], swiftSettings: strictSettings),
        .target(
            name: "LineFront", dependencies: ["TrackerCore", "Interchange", "TerminalKit", "TrackerUI"],
            swiftSettings: strictSettings),
        .target(
            name: "FullScreenFront",
            dependencies: ["TrackerCore", "TerminalKit", "TrackerUI", "LineFront", "ChildProcesses"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "tracker",
            dependencies: [
                "TrackerCore", "Interchange", "TerminalKit", "TrackerUI", "LineFront", "FullScreenFront",
                "TrackerPostgres", "Postgres", "ChildProcesses", "SettingsFile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "TrackerTestSupport",
            dependencies: [
                "TrackerCore", "TerminalKit", "TrackerUI", "LineFront", "FullScreenFront", "TrackerPostgres",
                "Postgres",
                "ChildProcesses",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TrackerCoreTests",
            dependencies: ["TrackerCore", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TrackerUITests",
            dependencies: ["TrackerUI", "LineFront", "TrackerCore", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LineFrontTests",
            dependencies: ["LineFront", "TrackerUI", "TerminalKit", "TrackerCore", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FullScreenFrontTests",
            dependencies: [
                "FullScreenFront", "LineFront", "TrackerUI", "TerminalKit", "TrackerCore", "TrackerTestSupport",
                "ChildProcesses",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TerminalKitTests",
            dependencies: ["TerminalKit", "TrackerCore", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InterchangeTests",
            dependencies: ["Interchange", "TrackerCore", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SettingsFileTests",
            dependencies: ["SettingsFile"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PostgresTests",
            dependencies: ["Postgres", "ChildProcesses", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TrackerPostgresTests",
            dependencies: ["TrackerPostgres", "TrackerCore", "Postgres", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RepositoryContractTests",
            dependencies: ["TrackerCore", "TrackerPostgres", "Postgres", "TrackerTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TrackerCLITests",
            dependencies: [
                "tracker", "TrackerTestSupport", "TrackerPostgres", "TrackerCore", "Postgres", "ChildProcesses",
            ],
            swiftSettings: strictSettings
        ),
    ]
)
