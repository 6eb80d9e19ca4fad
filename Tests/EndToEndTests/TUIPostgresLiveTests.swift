import Foundation
import StorefrontTesting
import Testing

/// A storefront open on a team store on PostgreSQL: another process's purchase shows with no
/// key pressed (woken by NOTIFY), and a dropped connection shows the banner and heals by itself.
@Suite("TUI in tmux: a team store on PostgreSQL", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIPostgresLiveTests {
    let server: ThrowawayPostgres
    let tui: TUITests
    let cli: StorefrontProcess

    init() throws {
        server = try ThrowawayPostgres()
        tui = try TUITests()
        var cli = tui.cli
        cli.environment["STOREFRONT_STORE_KEY"] = cli.ledger + ".team.key"
        cli.storeArguments = ["--store", server.url()]
        self.cli = cli
    }

    func openStorefront() async throws -> TmuxSession {
        try await tui.openStorefront(["--store", server.url()],
                                     environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
    }

    static let drummer = "Girlfriend of Drummer Rage"

    @Test("A purchase made with the CLI on the same URL shows in the open storefront, with no key pressed")
    func purchaseArrives() async throws {
        #expect(try cli.run(["store", "init"]).status == 0)
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        try await tmux.waitForScreen("“Owned” on the drummer comic's row") {
            TUITests.row(Self.drummer, in: $0)?.contains("Owned") == true
        }
    }

    @Test("An address without a database: the storefront says the role's database holds no store (before: an empty store, silently)")
    func addressWithoutDatabaseIsSaid() async throws {
        let tmux = try await tui.openStorefront(["--store", "postgresql://\(ThrowawayPostgres.superuser)@127.0.0.1:\(server.port)"],
                                                environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        try await tmux.waitFor("No store in this database")
        try await tmux.waitFor("gives no database")
    }

    @Test("A storefront started while the server is down says so, waits, and opens once the server is up (before: it left with exit 3)")
    func startWaitsForTheServer() async throws {
        #expect(try cli.run(["store", "init"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        server.stop()
        let words = [StorefrontProcess.binary, "--entitlements", cli.ledger, "--store", server.url()]
        let tmux = try TmuxSession(command: words.map(TmuxSession.quoted).joined(separator: " ") + "; echo EXITED=$?; sleep 60",
                                   environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        try await tmux.waitFor("cannot reach the store", "waiting for the store's server; trying again every 2 s")
        #expect(try !tmux.screen().contains("EXITED="), "it waits")
        try server.start()
        try await tmux.waitForScreen("the storefront open, with what was bought before") {
            $0.contains("┌ Products") && TUITests.row(Self.drummer, in: $0)?.contains("Owned") == true
        }
    }

    @Test("With two connections left by its role's limit, the storefront listens before its notifications' reader connects (before: the reader took the second)")
    func twoConnectionsListen() async throws {
        #expect(try cli.run(["store", "init"]).status == 0)
        try server.psql("CREATE ROLE pair LOGIN CONNECTION LIMIT 2; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO pair")
        let tmux = try await tui.openStorefront(["--store", server.url(user: "pair")],
                                                environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        var sessions = ""
        for _ in 0..<50 {
            sessions = try server.psql("SELECT string_agg(left(query, 6), ',' ORDER BY query) FROM pg_stat_activity WHERE usename = 'pair'")
            if sessions.contains("LISTEN") { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        #expect(sessions.contains("LISTEN"), "the storefront's sessions: \(sessions)")
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        try await tmux.waitForScreen("“Owned” on the drummer comic's row") {
            TUITests.row(Self.drummer, in: $0)?.contains("Owned") == true
        }
    }

    @Test("A dropped connection shows the banner, commands exit 3, and the storefront recovers and follows again")
    func droppedConnectionRecovers() async throws {
        #expect(try cli.run(["store", "init"]).status == 0)
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        // No connection may be made while the storefront's is cut, so the banner stays to be seen.
        try server.psql("ALTER DATABASE \(server.database) ALLOW_CONNECTIONS false", database: "postgres")
        try server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(server.database)'",
                        database: "postgres")
        try await tmux.waitFor("The store is unreachable; retrying.")
        let refused = try cli.run(["buy", "com.example.rage.comic.drummer"])
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("refused this session") && refused.stderr.contains("is not currently accepting connections"),
                "\(refused.stderr)")
        try server.psql("ALTER DATABASE \(server.database) ALLOW_CONNECTIONS true", database: "postgres")
        try await tmux.waitForScreen("the banner gone") { !$0.contains("unreachable") && $0.contains("┌ Products") }
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        try await tmux.waitForScreen("“Owned” on the drummer comic's row after reconnecting") {
            TUITests.row(Self.drummer, in: $0)?.contains("Owned") == true
        }
    }
}
