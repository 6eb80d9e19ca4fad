import Foundation
import StorefrontTesting
import Testing

/// The command line on a PostgreSQL store: `--store URL` and `STOREFRONT_STORE` for every
/// command, `store init`, `verify`, `store copy` both ways, and a server that is not there.
@Suite("PostgreSQL store on the command line", .serialized)
struct PostgresCLITests {
    /// A CLI whose ledger option points at a file that must stay untouched, with its own key folder.
    private func cli(_ server: ThrowawayPostgres, folder: String) -> StorefrontProcess {
        var cli = StorefrontProcess(ledger: folder + "/unused.jsonl")
        cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        cli.storeArguments = ["--store", server.url()]
        return cli
    }

    @Test("init, buy and read through --store; verify reports the store intact; the file is never made")
    func initBuyVerify() throws {
        let server = try ThrowawayPostgres()
        let folder = try StorefrontProcess.temporaryFolder()
        let cli = cli(server, folder: folder)
        let initialized = try cli.run(["store", "init"])
        #expect(initialized.status == 0 && initialized.stdout.contains("created the store"), "\(initialized.stderr)")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try cli.run(["spend", "rage-faces", "--amount", "2"]).status == 0)
        #expect(try cli.run(["entitlements", "--json"]).stdout.contains("3"))
        let verified = try cli.run(["verify"])
        #expect(verified.status == 0 && verified.stdout.contains("2 events"), "\(verified.stdout)\(verified.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger))
        let again = try cli.run(["store", "init"])
        #expect(again.status == 0 && again.stdout.contains("exists already"))
        // The same store through the environment and a keyword string.
        var viaEnvironment = StorefrontProcess(ledger: "")
        viaEnvironment.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        viaEnvironment.environment["STOREFRONT_STORE"] = server.keywordString()
        let viaEnvironmentProcess = try viaEnvironment.run(["transactions", "--json"])
        #expect(viaEnvironmentProcess.status == 0 && viaEnvironmentProcess.stdout.contains("com.example.rage.face.random"))
    }

    @Test("an address that names no database makes no store in the role's database (before: a whole store made in postgres, silently); one there already is used")
    func addressWithoutDatabaseMakesNoStore() throws {
        let server = try ThrowawayPostgres()
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = cli(server, folder: folder)
        cli.storeArguments = ["--store", "postgresql://\(ThrowawayPostgres.superuser)@127.0.0.1:\(server.port)"]
        for command in [["buy", "com.example.rage.face.random"], ["store", "init"], ["store", "migrate"]] {
            let refused = try cli.run(command)
            #expect(refused.status == 3 && refused.stderr.contains("gives no database, so libpq connected to \"postgres\"")
                        && refused.stderr.contains("Add the database to the address (postgresql://…/DBNAME, or dbname=DBNAME)"),
                    "\(command): \(refused.stderr)")
        }
        #expect(try server.psql("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'storefront%'", database: "postgres")
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "0", "no table was made")
        #expect(!FileManager.default.fileExists(atPath: folder + "/team.key"), "no key was made")
        // verify advises naming the database, not a store init that would make one there.
        let verified = try cli.run(["verify"])
        #expect(verified.status == 3 && verified.stderr.contains("the store address gives no database")
                    && !verified.stderr.contains("store init"), "\(verified.stderr)")
        // Signing commands say the same, not how to make a store there (before: `store init …/postgres`).
        for command in [["certificate"], ["receipt"]] {
            let refused = try cli.run(command)
            #expect(refused.status == 3 && refused.stderr.contains("the store address gives no database")
                        && !refused.stderr.contains("store init"), "\(command): \(refused.stderr)")
        }
        // A reading command shows the empty store it read, and says why it is empty (before: silently).
        let listed = try cli.run(["entitlements"])
        #expect(listed.status == 0 && listed.stderr.contains("storefront: warning: the store address gives no database"),
                "\(listed.stderr)")
        // PGDATABASE names it as libpq reads it.
        var named = cli
        named.environment["PGDATABASE"] = server.database
        #expect(try named.run(["buy", "com.example.rage.face.random"]).status == 0)
        // A store made where the address names the role's database is then used without the name.
        var explicit = cli
        explicit.storeArguments = ["--store", server.url(database: "postgres")]
        #expect(try explicit.run(["store", "init"]).status == 0)
        let bought = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let read = try cli.run(["entitlements"])
        #expect(read.status == 0 && !read.stderr.contains("gives no database"), "a store is there: \(read.stderr)")
    }

    @Test("a row changed by hand makes verify exit 3 naming the row; writes are refused")
    func tamperedRowIsNamed() throws {
        let server = try ThrowawayPostgres()
        let cli = cli(server, folder: try StorefrontProcess.temporaryFolder())
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try server.psql("ALTER TABLE storefront_events DISABLE TRIGGER storefront_events_append_only; "
            + "UPDATE storefront_events SET line = replace(line, 'tester', 'mallory') WHERE seq = 2")
        let verified = try cli.run(["verify"])
        #expect(verified.status == 3 && verified.stdout.contains("storefront_events row seq 2 "), "\(verified.stdout)")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 3)
    }

    @Test("a mistyped scheme is refused, not taken as the path of a new entitlements file")
    func mistypedSchemeIsRefused() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: "")
        cli.environment["HOME"] = folder
        for address in ["postgresq://postgres@127.0.0.1:5432/shop", "mysql://db/shop"] {
            let result = try cli.run(["--store", address, "buy", "com.example.rage.comic.drummer"])
            #expect(result.status == 2, "\(address): \(result.stderr)")
            #expect(result.stderr.contains("is not a store address"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
            .allSatisfy { !$0.hasPrefix("postgresq:") && !$0.hasPrefix("mysql:") }, "nothing made where the test runs")
    }

    @Test("a PostgreSQL URI missing a slash or colon, or a store of blanks, is refused and makes no file")
    func nearMissAddressIsRefused() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: "")
        cli.environment["HOME"] = folder
        let nearMisses = ["postgresql:/postgres:secret@localhost:5432/shop", "postgres:shop", "POSTGRESQL://localhost/shop",
                          "Postgres:/localhost/shop", "postgresql//localhost/shop"]
        for address in nearMisses {
            let result = try cli.run(["--store", address, "buy", "com.example.rage.comic.drummer"])
            #expect(result.status == 2, "\(address): \(result.stderr)")
            #expect(result.stderr.contains("is not a PostgreSQL URI") && result.stderr.contains("`postgresql://`"), "\(result.stderr)")
            #expect(!result.stderr.contains("secret"), "no password quoted: \(result.stderr)")
            var fromVariable = cli
            fromVariable.environment["STOREFRONT_STORE"] = address
            #expect(try fromVariable.run(["buy", "com.example.rage.comic.drummer"]).status == 2, "\(address) from STOREFRONT_STORE")
        }
        let blankOption = try cli.run(["--store", "  ", "buy", "com.example.rage.comic.drummer"])
        #expect(blankOption.status == 2 && blankOption.stderr.contains("--store holds only blanks"), "\(blankOption.stderr)")
        var blankVariable = cli
        blankVariable.environment["STOREFRONT_STORE"] = " \t"
        let blank = try blankVariable.run(["buy", "com.example.rage.comic.drummer"])
        #expect(blank.status == 2 && blank.stderr.contains("STOREFRONT_STORE holds only blanks"), "\(blank.stderr)")
        let madeHere = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.currentDirectoryPath)
        #expect(madeHere.allSatisfy { !$0.lowercased().hasPrefix("postgres") && !$0.hasPrefix(" ") }, "nothing made where the test runs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no default file made")
    }

    @Test("repair of a PostgreSQL store says it mends files only, and touches no file")
    func repairRefusesADatabase() throws {
        let server = try ThrowawayPostgres()
        let folder = try StorefrontProcess.temporaryFolder()
        let cli = cli(server, folder: folder)
        #expect(try cli.run(["store", "init"]).status == 0)
        let result = try cli.run(["repair"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("repair mends entitlements files only") && result.stderr.contains("restore the database"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger))
    }

    @Test("a machine without the store's key is told to copy it, and no authority is made")
    func signingWithoutTheKey() throws {
        let server = try ThrowawayPostgres()
        let folder = try StorefrontProcess.temporaryFolder()
        let cli = cli(server, folder: folder)
        for command in [["certificate"], ["receipt"], ["serve", "--port", "0"]] {
            let result = try cli.run(command)
            #expect(result.status == 3, "\(command)")
            #expect(result.stderr.contains("no key for the store postgresql://postgres@127.0.0.1:\(server.port)/storefront at "
                + folder + "/team.key"), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing made")
    }

    @Test("a server that is not there: exit 3, a clear message, and never the password")
    func serverDown() throws {
        let server = try ThrowawayPostgres()
        let port = server.port
        server.stop()
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: folder + "/unused.jsonl")
        // The key's default place, under $HOME/.config/storefront/stores.
        cli.environment["HOME"] = folder
        cli.storeArguments = ["--store", "postgresql://postgres:s3cret@127.0.0.1:\(port)/storefront"]
        for command in [["buy", "com.example.rage.face.random"], ["entitlements"], ["verify"]] {
            let result = try cli.run(command)
            #expect(result.status == 3, "\(command)")
            #expect(result.stderr.contains("cannot reach the store postgresql://postgres@127.0.0.1:\(port)/storefront"),
                    "\(result.stderr)")
            #expect(!result.stderr.contains("s3cret") && !result.stdout.contains("s3cret"))
            #expect(!result.stderr.contains("  ") && !result.stderr.contains("\t") && !result.stderr.contains("?."),
                    "libpq's lines joined into one sentence: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.ledger))
    }

    @Test("store copy moves a file with history into PostgreSQL and back: equal events, both verify")
    func copyBothWays() throws {
        let server = try ThrowawayPostgres()
        let folder = try StorefrontProcess.temporaryFolder()
        var file = StorefrontProcess(ledger: folder + "/history.jsonl")
        file.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        #expect(try file.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try file.run(["buy", "com.example.rage.comic.drummer", "--account", "bob"]).status == 0)
        #expect(try file.run(["spend", "rage-faces", "--amount", "4"]).status == 0)
        #expect(try file.run(["advance", "40d"]).status == 0)
        let toServer = try file.run(["store", "copy", "--from", file.ledger, "--to", server.url()])
        #expect(toServer.status == 0, "\(toServer.stderr)")
        let refused = try file.run(["store", "copy", "--from", file.ledger, "--to", server.url()])
        #expect(refused.status == 3 && refused.stderr.contains("copy only into an empty store"), "\(refused.stderr)")
        let back = folder + "/back.jsonl"
        let toFile = try file.run(["store", "copy", "--from", server.keywordString(), "--to", back])
        #expect(toFile.status == 0, "\(toFile.stderr)")
        #expect(try file.run(["--store", server.url(), "verify"]).status == 0)
        #expect(try StorefrontProcess(ledger: back).run(["verify"]).status == 0)
        let original = try file.events().map(Self.withoutMAC)
        let returned = try StorefrontProcess(ledger: back).events().map(Self.withoutMAC)
        #expect(original.count == 4 && original == returned)
    }

    @Test("store copy from nothing (a missing file, a database without a store, a store without events): exit 3 naming the source, nothing made")
    func copyFromNothingIsRefused() throws {
        let server = try ThrowawayPostgres()
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: "")
        cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        let missing = folder + "/missing.jsonl", target = folder + "/copy.jsonl"

        let fromMissingFile = try cli.run(["store", "copy", "--from", missing, "--to", server.url()])
        #expect(fromMissingFile.status == 3, "\(fromMissingFile.stderr)")
        #expect(fromMissingFile.stderr.contains("the source \(missing) does not exist"), "\(fromMissingFile.stderr)")
        #expect(try server.psql("SELECT count(*) FROM pg_class WHERE relname LIKE 'storefront%'") == "0\n")

        let fromEmptyDatabase = try cli.run(["store", "copy", "--from", server.url(), "--to", target])
        #expect(fromEmptyDatabase.status == 3, "\(fromEmptyDatabase.stderr)")
        #expect(fromEmptyDatabase.stderr.contains("the source postgresql://postgres@127.0.0.1:\(server.port)/storefront holds no store"),
                "\(fromEmptyDatabase.stderr)")

        #expect(try cli.run(["--store", server.url(), "store", "init"]).status == 0)
        let folderBefore = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let fromStoreWithoutEvents = try cli.run(["store", "copy", "--from", server.url(), "--to", target])
        #expect(fromStoreWithoutEvents.status == 3, "\(fromStoreWithoutEvents.stderr)")
        #expect(fromStoreWithoutEvents.stderr.contains("holds no events, so nothing was copied"), "\(fromStoreWithoutEvents.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == folderBefore,
                "only the key store init made; no target file, key or lock")
        #expect(folderBefore == ["team.key"])
    }

    private static func withoutMAC(_ event: [String: Any]) -> NSDictionary {
        var event = event
        event["mac"] = nil
        return event as NSDictionary
    }
}
