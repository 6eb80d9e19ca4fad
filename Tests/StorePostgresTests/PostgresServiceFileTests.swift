import Foundation
import StorePostgres
import StorefrontTesting
import Testing

/// A `service=` address (or `PGSERVICE`) takes its host, port and database from the libpq
/// service file, as libpq does, so each service's store has a key of its own, and advice names
/// the service.
@Suite("PostgreSQL store: addresses naming a libpq service")
struct PostgresServiceFileTests {
    static let services = """
        # the team's services
        [one]
        host=db.example
          port=6543
        dbname=shop_one
        [two]  the rest of a heading is ignored, as libpq does
        host=db.example
        port=6543
        dbname=shop_two
        user=alice
        password=s3cret

        [partial]
        dbname=shop_three
        """

    /// A home holding `text` as its `.pg_service.conf`.
    static func home(_ text: String = services) throws -> String {
        let home = try StorefrontProcess.temporaryFolder()
        try Data(text.utf8).write(to: URL(fileURLWithPath: home + "/.pg_service.conf"))
        return home
    }

    @Test("each service is named after its own host, port and database, not the defaults every service shared (before: both local-5432-postgres)")
    func servicesGetTheirOwnNames() throws {
        let environment = ["HOME": try Self.home(), "PGSYSCONFDIR": "/nonexistent"]
        let one = try PostgresAddress("service=one", environment: environment)
        let two = try PostgresAddress("service=two", environment: environment)
        #expect(one.storeName == "db.example-6543-shop_one")
        #expect(two.storeName == "db.example-6543-shop_two")
        #expect(one.formerStoreName == "local-5432-postgres", "the name earlier versions gave it, to be found and named")
        // What the address gives wins over the service file; the environment counts only where neither gives it.
        let overridden = try PostgresAddress("service=one dbname=other", environment: environment.merging(["PGPORT": "7000"]) { $1 })
        #expect(overridden.storeName == "db.example-6543-other")
        let partial = try PostgresAddress("service=partial", environment: environment.merging(["PGHOST": "env.example", "PGPORT": "7000"]) { $1 })
        #expect(partial.storeName == "env.example-7000-shop_three")
        // PGSERVICE names the service when the address does not.
        #expect(try PostgresAddress("postgresql://", environment: environment.merging(["PGSERVICE": "two"]) { $1 }).storeName
                == "db.example-6543-shop_two")
    }

    @Test("the address shown names the service's host, port and database and the service itself, never its password")
    func shownAddressKeepsTheService() throws {
        let environment = ["HOME": try Self.home(), "PGSYSCONFDIR": "/nonexistent"]
        let two = try PostgresAddress("service=two", environment: environment)
        #expect(two.display == "postgresql://alice@db.example:6543/shop_two?service=two", "\(two.display)")
        #expect(!two.display.contains("s3cret"))
    }

    @Test("PGSERVICEFILE is read instead of ~/.pg_service.conf, and the system file after it, as libpq reads them")
    func filesAreReadInLibpqsOrder() throws {
        let other = try Self.home("[one]\nhost=elsewhere.example\nport=5433\ndbname=x\n")
        let environment = ["HOME": try Self.home(), "PGSERVICEFILE": other + "/.pg_service.conf", "PGSYSCONFDIR": try Self.home("")]
        #expect(try PostgresAddress("service=one", environment: environment).storeName == "elsewhere.example-5433-x")
        let system = try StorefrontProcess.temporaryFolder()
        try Data("[sys]\nhost=system.example\ndbname=y\n".utf8).write(to: URL(fileURLWithPath: system + "/pg_service.conf"))
        let withSystem = ["HOME": try Self.home(), "PGSYSCONFDIR": system]
        #expect(try PostgresAddress("service=sys", environment: withSystem).storeName == "system.example-5432-y")
    }

    @Test("a service no file defines, a line without =, and a nested service are refused before connecting, naming the file and line")
    func badServicesAreRefused() throws {
        let home = try Self.home("[bad]\nhost=x\nnonsense\n[nested]\nservice=one\n")
        let environment = ["HOME": home, "PGSYSCONFDIR": "/nonexistent"]
        let refusal = { (address: String) -> String in
            do { _ = try PostgresAddress(address, environment: environment); return "" } catch { return "\(error)" }
        }
        #expect(refusal("service=missing").contains("no connection service file defines the service \"missing\" (looked in \(home)/.pg_service.conf and /nonexistent/pg_service.conf (which does not exist))"),
                "\(refusal("service=missing"))")
        #expect(refusal("service=bad").contains("line 3 of the service file \(home)/.pg_service.conf has no ="), "\(refusal("service=bad"))")
        #expect(refusal("service=nested").contains("line 5 of the service file \(home)/.pg_service.conf names another service"),
                "\(refusal("service=nested"))")
    }

    @Test("two stores reached by service keep two keys, and advice pasted reaches the same store; a key under the name earlier versions gave is named, never taken")
    func twoServicesTwoKeysEndToEnd() throws {
        let server = try ThrowawayPostgres.shared()
        let first = try server.newDatabase(), second = try server.newDatabase()
        let name = { (url: String) in String(url.split(separator: "/").last!) }
        let home = try Self.home("""
            [first]
            host=\(server.directory)
            port=\(server.port)
            user=\(ThrowawayPostgres.superuser)
            dbname=\(name(first))
            [second]
            host=\(server.directory)
            port=\(server.port)
            user=\(ThrowawayPostgres.superuser)
            dbname=\(name(second))
            """)
        var cli = StorefrontProcess(ledger: home + "/unused.jsonl")
        cli.environment["HOME"] = home
        cli.environment["PGSYSCONFDIR"] = "/nonexistent"
        cli.storeArguments = ["--store", "service=first"]
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        var other = cli
        other.storeArguments = ["--store", "service=second"]
        #expect(try other.run(["settings", "set", "purchases-allowed", "false"]).status == 0)
        let keys = try FileManager.default.contentsOfDirectory(atPath: home + "/.config/storefront/stores").filter { $0.hasSuffix(".key") }.sorted()
        // Sorted alike: the databases' names end in counters ("…_9", "…_10") that sort as text.
        let firstKey = "local-\(server.port)-\(name(first)).key"
        #expect(keys == [firstKey, "local-\(server.port)-\(name(second)).key"].sorted(), "\(keys)")
        let refused = try other.run(["buy", "com.example.rage.noads"])
        let allow = try #require(PastedCommand.quoted(containing: "purchases-allowed true", in: refused.stderr), "\(refused.stderr)")
        #expect(allow.contains("service=second"), "\(allow)")
        var pasting = cli
        pasting.storeArguments = []
        #expect(try PastedCommand.run(allow, as: pasting).status == 0)
        #expect(try other.run(["buy", "com.example.rage.noads"]).status == 0, "the pasted advice changed the second service's store")
        // A key left under the name earlier versions gave every service (the defaults) is named, not taken.
        let stores = home + "/.config/storefront/stores/"
        try FileManager.default.moveItem(atPath: stores + firstKey, toPath: stores + "local-5432-postgres.key")
        let read = try cli.run(["entitlements"])
        #expect(read.status == 3 && read.stderr.contains("but \(stores)local-5432-postgres.key is there, the name earlier versions gave this store's key"),
                "\(read.stderr)")
    }
}

extension PostgresServiceFileTests {
    @Test("a service file with Windows line endings reads as libpq reads it (before: one long line, so no section was found)")
    func windowsLineEndings() throws {
        let environment = ["HOME": try Self.home("[one]\r\nhost=db.example\r\nport=6543\r\ndbname=shop_one\r\n"), "PGSYSCONFDIR": "/nonexistent"]
        #expect(try PostgresAddress("service=one", environment: environment).storeName == "db.example-6543-shop_one")
    }

    @Test("a line setting no keyword libpq knows, or with blanks around =, is refused naming the file and line (before: an unreachable server, exit 3)")
    func unknownKeywordsAreRefused() throws {
        let home = try Self.home("[typo]\nhost=x\nbogus=1\n[spaced]\nhost = x\n")
        let environment = ["HOME": home, "PGSYSCONFDIR": "/nonexistent"]
        let refusal = { (address: String) -> String in
            do { _ = try PostgresAddress(address, environment: environment); return "" } catch { return "\(error)" }
        }
        #expect(refusal("service=typo").contains("line 3 of the service file \(home)/.pg_service.conf sets \"bogus\", which is no connection setting libpq knows"),
                "\(refusal("service=typo"))")
        #expect(refusal("service=spaced").contains("line 5 of the service file \(home)/.pg_service.conf sets \"host \""), "\(refusal("service=spaced"))")
    }

    @Test("a service named by PGSERVICE and missing says so, and a service file that does not exist is said not to exist")
    func missingServiceSaysWhereItLooked() throws {
        let environment = ["HOME": try Self.home(), "PGSYSCONFDIR": "/nonexistent", "PGSERVICE": "nope",
                           "PGSERVICEFILE": "/nonexistent/mine.conf"]
        do {
            _ = try PostgresAddress("dbname=shop", environment: environment)
            Issue.record("a missing service was taken")
        } catch {
            #expect("\(error)".contains("no connection service file defines the service \"nope\" named by PGSERVICE (looked in "
                + "/nonexistent/mine.conf (which does not exist) and /nonexistent/pg_service.conf (which does not exist))"), "\(error)")
        }
    }

    @Test("a wrong password set by a service's section is said to be the service file's, not PGPASSWORD's or ~/.pgpass's")
    func wrongPasswordOfTheServiceFile() throws {
        let environment = ["HOME": try Self.home(), "PGSYSCONFDIR": "/nonexistent"]
        let two = try PostgresAddress("service=two", environment: environment)
        #expect(two.shown.passwordFromService == "two" && !two.shown.passwordLeftOut)
        let refused = PostgresStoreError.unreachable(store: two.shown, reason: "FATAL: password authentication failed for user \"alice\"")
        #expect("\(refused)".contains("the one the section [two] of the connection service file sets") && !"\(refused)".contains("s3cret"),
                "\(refused)")
        #expect(try PostgresAddress("service=one", environment: environment).shown.passwordFromService == nil)
    }
}
