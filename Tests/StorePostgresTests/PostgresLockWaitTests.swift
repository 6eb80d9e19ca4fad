import Foundation
import StorePostgres
import StorefrontTesting
import Testing

/// A session that holds the store's lock and does nothing must not hold up writers for ever:
/// a statement waits at most `lock_timeout` (10 s unless the user set it), then the command
/// fails saying why, having written nothing.
@Suite("PostgreSQL store: waiting behind another session's lock", .serialized)
struct PostgresLockWaitTests {
    /// The writer lock's key (PostgresSchema.writerLockKey, "storefnt" in ASCII).
    private static let writerLockKey: Int64 = 0x73746F72_65666E74

    @Test("a connection waits 10 s for a lock, unless the address or PGOPTIONS set lock_timeout (0 included)")
    func lockTimeoutDefaultsToTenSecondsUnlessSet() throws {
        let fixture = try PostgresStoreFixture()
        #expect(try fixture.log().lockTimeoutMilliseconds == 10_000)
        for (setting, expected) in [("1500", 1500), ("2s", 2000), ("0", 0)] {
            let address = try PostgresAddress(fixture.server.keywordString() + " options='-c lock_timeout=\(setting)'")
            #expect(try fixture.log(address: address).lockTimeoutMilliseconds == expected, "lock_timeout=\(setting)")
        }
    }

    @Test("a storefront's session shows as application_name storefront in pg_stat_activity, unless the address names another")
    func sessionsAreNamedForPgStatActivity() throws {
        let fixture = try PostgresStoreFixture()
        let names = { () throws -> String in
            try fixture.server.psql("SELECT string_agg(application_name, ',' ORDER BY application_name) FROM pg_stat_activity "
                + "WHERE datname = '\(fixture.server.database)' AND pid <> pg_backend_pid()")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let log = try fixture.log()
        #expect(try names() == "storefront")
        let named = try fixture.log(address: try PostgresAddress(fixture.server.url() + "?application_name=checkout-ci"))
        #expect(try names() == "checkout-ci,storefront")
        let keywords = try fixture.log(address: try PostgresAddress(fixture.server.keywordString() + " application_name=nightly"))
        #expect(try names() == "checkout-ci,nightly,storefront")
        withExtendedLifetime((log, named, keywords)) {}
    }

    @Test("a psql session holding the writer lock or a table lock: the buy exits 3 saying so, and writes nothing",
          arguments: ["SELECT pg_advisory_lock(\(writerLockKey))", "BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE"])
    func writerGivesUpBehindAStuckSession(holdLock: String) throws {
        let server = try ThrowawayPostgres.shared()
        let url = try server.newDatabase()
        let database = String(url.split(separator: "/").last ?? "")
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: "")
        cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        cli.environment["PGOPTIONS"] = "-c lock_timeout=1s"
        cli.storeArguments = ["--store", url]
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)

        let session = try server.session(database: database)
        try session.run(holdLock)
        let blocked = try cli.run(["buy", "com.example.rage.face.random"])
        session.close()

        #expect(blocked.status == 3, "\(blocked.stdout)\(blocked.stderr)")
        #expect(blocked.stderr.contains("another session has held the lock of the store \(url) for more than 1 s, so nothing was written"),
                "\(blocked.stderr)")
        let verified = try cli.run(["verify"])
        #expect(verified.status == 0 && verified.stdout.contains("1 event"), "\(verified.stdout)\(verified.stderr)")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0, "the lock is free again")
    }
}
