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
            name: "CTLS",
            pkgConfig: "libssl",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The store's layers, lowest first. Each may import only the ones above it; the
        // compiler enforces the layering (DECISIONS.md, "Modules").
        .target(name: "StoreJSON"),
        // Which code points act on a terminal instead of being drawn, for every layer that refuses, removes or escapes them.
        .target(name: "TextControls"),
        .target(name: "StoreLedger", dependencies: ["CCrypto", "TextControls"]),
        // Outgoing HTTP (webhooks, and the tests' requests to `serve`) over plain TCP or TLS.
        .target(name: "StoreHTTPClient", dependencies: ["CTLS"]),
        .target(
            name: "StoreCatalog",
            dependencies: ["StoreJSON", "TextControls"],
            resources: [
                .embedInCode("BundledCatalogs/Rage.json"),
                .embedInCode("BundledCatalogs/SpaceShooter.json"),
                .embedInCode("BundledCatalogs/Magazine.json"),
            ]
        ),
        .target(name: "StoreEngine", dependencies: ["StoreJSON", "StoreLedger", "StoreCatalog", "TextControls"]),
        .target(name: "StoreSigning", dependencies: ["CCrypto", "StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine"]),
        // App Store Server Notifications V2: which events cause which, their signed payloads, delivery.
        .target(
            name: "StoreNotifications",
            dependencies: ["StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning", "StoreHTTPClient"]
        ),
        .target(name: "StorefrontText", dependencies: ["StoreLedger", "StoreCatalog", "StoreEngine"]),
        // The store's events on a PostgreSQL server, for a team sharing one store (its
        // errors word their advice with the text module's commands).
        .target(name: "StorePostgres", dependencies: ["CPostgres", "StoreLedger", "StoreEngine", "StoreSigning", "StorefrontText"]),
        // `storefront serve`: the App Store Server API over libmicrohttpd.
        .target(
            name: "StoreServer",
            dependencies: ["CMicroHTTPD", "StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning", "StoreNotifications", "StorefrontText"]
        ),
        .target(name: "TerminalUI", dependencies: ["TextControls"]),
        .target(
            name: "StorefrontApp",
            dependencies: ["StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning", "StorefrontText", "TerminalUI"]
        ),
        .target(
            name: "StorefrontRuntime",
            dependencies: ["StoreLedger", "StoreCatalog", "StoreEngine", "StorefrontText", "StorefrontApp", "TerminalUI"]
        ),
        .target(name: "NcursesTerminal", dependencies: ["CNcursesw", "TerminalUI"]),
        // The command line: declared commands, parsing, help, completions, JSON shapes.
        .target(
            name: "StorefrontCommands",
            dependencies: [
                "StoreLedger", "StoreCatalog", "StoreEngine", "StorePostgres", "StoreSigning", "StorefrontText", "TerminalUI",
                "StoreServer", "StoreNotifications", "StoreHTTPClient", "StoreJSON", "TextControls",
            ]
        ),
        // Test doubles, snapshot helpers and the CLI runner: linked by tests and the benchmark, never by `storefront`.
        .target(
            name: "StorefrontTesting",
            dependencies: ["StoreLedger", "StoreCatalog", "StoreEngine", "TerminalUI", "StorefrontCommands", "StoreHTTPClient"]
        ),
        .executableTarget(
            name: "storefront",
            dependencies: [
                "StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning", "StoreNotifications", "StorefrontText",
                "TerminalUI", "StorefrontApp", "StorefrontRuntime", "NcursesTerminal", "StorefrontCommands", "StorePostgres",
            ]
        ),
        .executableTarget(
            name: "StorefrontBench",
            dependencies: [
                "StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning", "StorefrontText",
                "TerminalUI", "StorefrontApp", "StorefrontRuntime", "StorefrontTesting", "StorefrontCommands", "CSQLite",
                "CPostgres",
            ]
        ),
        .testTarget(
            name: "StoreEngineTests",
            dependencies: [
                "StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning", "StoreNotifications", "StorefrontText",
                "StorefrontTesting", "StorePostgres", "StoreHTTPClient",
            ]
        ),
        .testTarget(
            name: "StorePostgresTests",
            dependencies: [
                "storefront", "StoreLedger", "StoreCatalog", "StoreEngine", "StorePostgres", "StorefrontText", "StorefrontCommands",
                "StorefrontTesting",
            ]
        ),
        .testTarget(
            name: "StoreServerTests",
            dependencies: ["StoreServer", "StoreEngine", "StoreSigning", "StoreCatalog", "StoreLedger", "StorefrontTesting"]
        ),
        .testTarget(name: "StoreHTTPClientTests", dependencies: ["StoreHTTPClient", "StorefrontTesting"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "NcursesTerminal", "StorefrontTesting"]),
        // The benchmark's own parts, and its sections run end to end on small data.
        .testTarget(name: "StorefrontBenchTests", dependencies: ["StorefrontBench", "StorefrontTesting"]),
        .testTarget(
            name: "StorefrontAppTests",
            dependencies: [
                "StoreLedger", "StoreCatalog", "StoreEngine", "StorefrontText", "StorefrontApp",
                "StorefrontRuntime", "TerminalUI", "StorefrontTesting", "storefront", "StorefrontCommands",
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(
            name: "StorefrontCommandsTests",
            dependencies: ["StorefrontCommands", "StoreEngine", "StoreLedger", "StoreCatalog", "StoreSigning", "storefront",
                           "StorefrontTesting"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "storefront", "StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning", "StoreNotifications",
                "StorefrontTesting", "StorefrontCommands",
            ]
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "storefront", "StoreJSON", "StoreLedger", "StoreCatalog", "StoreEngine", "StoreSigning",
                "StorefrontText", "StorefrontApp", "StorefrontRuntime", "TerminalUI", "StorefrontTesting",
                "StorefrontCommands",
            ]
        ),
    ]
)
