import Foundation
import StorefrontTesting
import Testing

/// The first use of a new, empty database by many processes at once: each may find no schema,
/// and all must succeed with exactly one of them creating it.
///
/// Every round gets a database of its own, so each round races on a schema nobody made yet.
@Suite("Concurrency: processes that start on a new PostgreSQL database at once", .serialized)
struct PostgresFirstUseTests {
    static let processes = 6
    static let rounds = 3

    @Test("buyers started at once on an empty database all succeed; the schema is made once and verifies")
    func buyersRaceOnAnEmptyDatabase() throws {
        try Self.onNewDatabases { server, url, cli in
            let commands = (0..<Self.processes).map { ["buy", "com.example.rage.face.random", "--device", "d\($0)"] }
            let results = try Self.runAtOnce(cli, commands)
            for result in results { #expect(result.status == 0, "\(result.stderr)") }
            try Self.expectOneSchema(server, url: url, events: Self.processes, cli: cli)
        }
    }

    @Test("store init racing writers on an empty database: all succeed, at most one init says it created the store, the schema is made once")
    func initRacesWriters() throws {
        try Self.onNewDatabases { server, url, cli in
            let inits = Array(repeating: ["store", "init"], count: 2)
            let buys = (0..<(Self.processes - inits.count)).map { ["buy", "com.example.rage.face.random", "--device", "d\($0)"] }
            let results = try Self.runAtOnce(cli, inits + buys)
            for result in results { #expect(result.status == 0, "\(result.stderr)") }
            let initOutputs = results.prefix(inits.count).map(\.stdout)
            let created = initOutputs.filter { $0.contains("created the store") }.count
            let found = initOutputs.filter { $0.contains("exists already") }.count
            // A buy may have made the schema first: then both inits found it.
            #expect(created <= 1 && created + found == inits.count, "\(initOutputs)")
            try Self.expectOneSchema(server, url: url, events: buys.count, cli: cli)
        }
    }

    /// Runs `round` `rounds` times, each on a new database of the shared server with a CLI on
    /// it that has a key folder of its own.
    private static func onNewDatabases(
        _ round: (ThrowawayPostgres, _ url: String, StorefrontProcess) throws -> Void
    ) throws {
        let server = try ThrowawayPostgres.shared()
        for _ in 0..<rounds {
            let url = try server.newDatabase()
            let folder = try StorefrontProcess.temporaryFolder()
            var cli = StorefrontProcess(ledger: folder + "/unused.jsonl")
            cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
            cli.storeArguments = ["--store", url]
            try round(server, url, cli)
        }
    }

    /// Starts every command before waiting for any, so they reach the empty database together.
    private static func runAtOnce(_ cli: StorefrontProcess, _ commands: [[String]]) throws -> [StorefrontProcess.Result] {
        let running = try commands.map { try cli.start($0) }
        return running.map { $0.wait() }
    }

    /// Each schema version was recorded once (one process made each step), the store verifies,
    /// and it holds `events` events.
    private static func expectOneSchema(_ server: ThrowawayPostgres, url: String, events: Int, cli: StorefrontProcess) throws {
        let database = String(url.split(separator: "/").last ?? "")
        let versions = try server.psql("SELECT version FROM storefront_schema_version ORDER BY version", database: database)
        #expect(versions.split(separator: "\n") == ["1", "2", "3"], "\(versions)")
        let verified = try cli.run(["verify"])
        #expect(verified.status == 0 && verified.stdout.contains("\(events) event"), "\(verified.stdout)\(verified.stderr)")
    }
}
