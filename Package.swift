// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Storefront",
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        .executable(name: "storefront-bench", targets: ["StorefrontBench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "StoreEngine",
            dependencies: ["CCrypto"],
            resources: [
                .embedInCode("BundledCatalogs/Rage.json"),
                .embedInCode("BundledCatalogs/SpaceShooter.json"),
                .embedInCode("BundledCatalogs/Magazine.json"),
            ]
        ),
        .target(name: "TerminalUI"),
        .target(name: "StorefrontApp", dependencies: ["StoreEngine", "TerminalUI"]),
        .target(name: "NcursesTerminal", dependencies: ["CNcursesw", "TerminalUI"]),
        .target(name: "StorefrontCommands", dependencies: ["StoreEngine", "TerminalUI"]),
        // Linked by tests only: what they share to drive the built binary.
        .target(name: "StorefrontTesting", dependencies: ["StorefrontCommands"]),
        .executableTarget(
            name: "storefront",
            dependencies: ["StorefrontCommands", "StoreEngine", "TerminalUI", "StorefrontApp", "NcursesTerminal"]
        ),
        .executableTarget(
            name: "StorefrontBench",
            dependencies: ["StoreEngine", "TerminalUI", "StorefrontApp", "CSQLite"]
        ),
        .testTarget(name: "StoreEngineTests", dependencies: ["StoreEngine"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "StorefrontAppTests", dependencies: ["StorefrontApp", "StoreEngine", "TerminalUI", "storefront"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "StorefrontCommandsTests", dependencies: ["StorefrontCommands", "StoreEngine", "storefront"]),
        .testTarget(name: "EndToEndTests", dependencies: ["storefront", "StorefrontCommands", "StorefrontTesting", "StoreEngine"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["storefront", "StorefrontCommands", "StorefrontTesting", "StoreEngine", "TerminalUI"]),
    ]
)
