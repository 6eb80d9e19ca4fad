import Foundation
import StoreCatalog
import StoreEngine
@testable import StorePostgres
import StorefrontCommands
import StorefrontTesting
import StoreLedger
import Testing

/// What the tests of a session sitting on a lock share.
enum LockHolding {
    /// The writer lock's key (PostgresSchema.writerLockKey, "storefnt" in ASCII).
    static let writerLockKey: Int64 = 0x73746F72_65666E74

    /// How many sessions wait for an advisory lock in `database`: the shared server's other
    /// databases are other tests', whose waits would be taken for this one's.
    static func waitersQuery(_ database: String) -> String {
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
            + "AND database = (SELECT oid FROM pg_database WHERE datname = '\(database)')"
    }

    /// A new database on the shared server, and the command line on it with a key of its own
    /// and PostgreSQL's `lock_timeout` set to `lockTimeout`.
    static func commandsOnNewDatabase(lockTimeout: String) throws
        -> (server: ThrowawayPostgres, database: String, url: String, cli: StorefrontProcess) {
        let server = try ThrowawayPostgres.shared()
        let url = try server.newDatabase()
        let database = String(url.split(separator: "/").last ?? "")
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: "")
        cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        cli.environment["PGOPTIONS"] = "-c lock_timeout=\(lockTimeout)"
        cli.storeArguments = ["--store", url]
        return (server, database, url, cli)
    }

    /// A buy on a new store with `lock_timeout` set to `lockTimeout`, made while a psql session
    /// runs `holdLock` (and closed after it); the store already holds one buy.
    static func buyBlocked(by holdLock: String, lockTimeout: String) throws
        -> (blocked: StorefrontProcess.Result, url: String, cli: StorefrontProcess) {
        let (server, database, url, cli) = try commandsOnNewDatabase(lockTimeout: lockTimeout)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        try session.run(holdLock)
        let blocked = try cli.run(["buy", "com.example.rage.face.random"])
        session.close()
        return (blocked, url, cli)
    }
}

/// A session that holds the store's lock and does nothing must not hold up writers for ever:
/// a statement waits at most `lock_timeout` (10 s unless the user set it), then the command
/// fails saying why, having written nothing.
@Suite("PostgreSQL store: waiting behind another session's lock", .serialized)
struct PostgresLockWaitTests {
    private static let writerLockKey = LockHolding.writerLockKey

    @Test("a connection waits 10 s for a lock, unless the address or PGOPTIONS set lock_timeout (0 included)")
    func lockTimeoutDefaultsToTenSecondsUnlessSet() throws {
        let fixture = try PostgresStoreFixture()
        #expect(try fixture.log().lockTimeoutMilliseconds == 10_000)
        for (setting, expected) in [("1500", 1500), ("2s", 2000), ("0", 0)] {
            let address = try PostgresAddress(fixture.server.keywordString() + " options='-c lock_timeout=\(setting)'")
            #expect(try fixture.log(address: address).lockTimeoutMilliseconds == expected, "lock_timeout=\(setting)")
        }
    }

    @Test("a setting the server refuses on connecting (a lock_timeout of banana, a parameter it lacks) is said to be refused, not the server unreachable",
          arguments: [" options='-c lock_timeout=banana'", " options='-c no_such_parameter=1'", " options='-c work_mem=1'",
                      " options='-c shared_buffers=1MB'", " options='-c lock_timeout=-5'"])
    func refusedSettingIsNotAnOutage(options: String) throws {
        let fixture = try PostgresStoreFixture()
        #expect {
            try fixture.log(address: try PostgresAddress(fixture.server.keywordString() + options))
        } throws: { error in
            guard case .settingRefused = error as? PostgresStoreError else { return false }
            return "\(error)".contains("refused a setting this session asked for (") && "\(error)".contains("PGOPTIONS")
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

    @Test("a change that has waited a second at the server names the session holding it up, with its role and application, and how long it may wait (before: nothing was said until it gave up)")
    func aWaitNamesTheSessionHoldingTheLock() throws {
        let (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "3s")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        defer { session.close() }
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        // This database's lock only: suites running beside this one hold the same key in theirs.
        let pid = try server.psql("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = \(Self.writerLockKey & 0xFFFF_FFFF) "
            + "AND database = (SELECT oid FROM pg_database WHERE datname = '\(database)')")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Int(pid) != nil, "\(pid)")
        let blocked = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(blocked.status == 3, "\(blocked.stdout)\(blocked.stderr)")
        #expect(blocked.stderr.contains("storefront: waiting behind session \(pid) (role ") && blocked.stderr.contains("application psql")
                    && blocked.stderr.contains("for a lock on the store \(url) (its writer lock, or one on its tables)")
                    && blocked.stderr.contains("or gives up after 3 s (lock_timeout)"), "\(blocked.stderr)")
        // Said once, before the refusal that ends the wait.
        #expect(blocked.stderr.components(separatedBy: "storefront: waiting behind").count == 2, "\(blocked.stderr)")
    }

    @Test("where statement_timeout is shorter than lock_timeout, the notice says the wait ends at statement_timeout (before: lock_timeout's length)")
    func aShorterStatementTimeoutIsTheOneNamed() throws {
        let (server, database, _, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "20s -c statement_timeout=2500")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        defer { session.close() }
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        let blocked = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(blocked.status != 0, "\(blocked.stdout)\(blocked.stderr)")
        #expect(blocked.stderr.contains("or gives up after 2500 ms (statement_timeout)"), "\(blocked.stderr)")
        #expect(!blocked.stderr.contains("(lock_timeout)"), "\(blocked.stderr)")
    }

    @Test("the wait's limit is the shorter of lock_timeout and statement_timeout that is set; none when both are 0")
    func theShorterSettingEndsTheWait() {
        typealias Limit = WriterLockWait.ServerWaitLimit
        #expect(Limit.shorter(lockTimeout: 10_000, statementTimeout: 0) == Limit(milliseconds: 10_000, setting: "lock_timeout"))
        #expect(Limit.shorter(lockTimeout: 10_000, statementTimeout: 2_000) == Limit(milliseconds: 2_000, setting: "statement_timeout"))
        #expect(Limit.shorter(lockTimeout: 0, statementTimeout: 5_000) == Limit(milliseconds: 5_000, setting: "statement_timeout"))
        #expect(Limit.shorter(lockTimeout: 3_000, statementTimeout: 5_000) == Limit(milliseconds: 3_000, setting: "lock_timeout"))
        #expect(Limit.shorter(lockTimeout: 0, statementTimeout: 0) == nil)
    }

    @Test("a command held up by a table lock while it opens the store names the session behind which it waits (before: nothing until it gave up); several are listed with commas")
    func aReadHeldUpByATableLockNamesTheSession() throws {
        let (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "3s")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        defer { session.close() }
        try session.run("BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE")
        let blocked = try cli.run(["products"])
        #expect(blocked.status == 3, "\(blocked.stdout)\(blocked.stderr)")
        #expect(blocked.stderr.contains("storefront: waiting behind session ") && blocked.stderr.contains("application psql")
                    && blocked.stderr.contains("for a lock on the store \(url)"), "\(blocked.stderr)")
        #expect(PostgresLockHolders.named(["1 (a)", "2 (b)", "3 (c)"]) == "sessions 1 (a), 2 (b) and 3 (c)")
        #expect(PostgresLockHolders.named(["1 (a)", "2 (b)"]) == "sessions 1 (a) and 2 (b)")
        #expect(PostgresLockHolders.named(["1 (a)"]) == "session 1 (a)" && PostgresLockHolders.named([]) == nil)
    }

    @Test("the refusal that ends a wait names the session its notice named (before: \"another session\" after a notice naming it)",
          arguments: ["SELECT pg_advisory_lock(\(writerLockKey))", "BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE"])
    func theRefusalNamesTheSessionTheNoticeNamed(holdLock: String) throws {
        let (blocked, url, _) = try LockHolding.buyBlocked(by: holdLock, lockTimeout: "3s")
        #expect(blocked.status == 3, "\(blocked.stdout)\(blocked.stderr)")
        let lines = blocked.stderr.split(separator: "\n").map(String.init)
        let notice = try #require(lines.first { $0.hasPrefix("storefront: waiting behind session ") }, "\(blocked.stderr)")
        let named = try #require(notice.range(of: " for a lock on the store").map { String(notice[notice.index(notice.startIndex, offsetBy: 27)..<$0.lowerBound]) })
        #expect(named.hasPrefix("session ") && named.contains("application psql"), "\(named)")
        let refusal = try #require(lines.last, "\(blocked.stderr)")
        #expect(refusal.hasPrefix("storefront: \(named) has held ") && refusal.contains("of the store \(url) for more than 3 s"),
                "\(refusal)")
        #expect(!blocked.stderr.contains("another session"), "\(blocked.stderr)")
    }

    @Test("a psql session holding the writer lock or a table lock: the buy exits 3 saying so, and writes nothing",
          arguments: [
              ("SELECT pg_advisory_lock(\(writerLockKey))", "the lock of the store URL for more than 1 s, so nothing was written"),
              // One that stops reads too: the buy cannot even read the store.
              ("BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE",
               "a lock on the tables of the store URL for more than 1 s (a LOCK TABLE, or a change to the tables under way), so "
                + "the store could not be read; nothing was written"),
              ("BEGIN; LOCK TABLE storefront_events IN SHARE MODE", "the lock of the store URL for more than 1 s, so nothing was written"),
          ])
    func writerGivesUpBehindAStuckSession(holdLock: String, said: String) throws {
        let (blocked, url, cli) = try LockHolding.buyBlocked(by: holdLock, lockTimeout: "1s")
        #expect(blocked.status == 3, "\(blocked.stdout)\(blocked.stderr)")
        // The session is named where the wait's notice came before the server gave up (both come at 1 s).
        #expect(blocked.stderr.contains(" has held " + said.replacingOccurrences(of: "URL", with: url))
                    && (blocked.stderr.contains("another session has held") || blocked.stderr.contains("application psql) has held")),
                "\(blocked.stderr)")
        let verified = try cli.run(["verify"])
        #expect(verified.status == 0 && verified.stdout.contains("1 event"), "\(verified.stdout)\(verified.stderr)")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0, "the lock is free again")
    }
}

extension PostgresLockWaitTests {
    @Test("a statement_timeout that runs out while a buy waits behind a table lock: exit 3, saying the server cancelled it, that nothing was written and where the setting lives (before: the SQLSTATE and the server's words only)")
    func statementTimeoutIsSaidForWhatItIs() throws {
        var (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "0")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        defer { session.close() }
        try session.run("BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE")
        cli.environment["PGOPTIONS"] = "-c lock_timeout=0 -c statement_timeout=300"
        let cancelled = try cli.run(["buy", "com.example.rage.face.random"])
        session.close()
        #expect(cancelled.status == 3, "\(cancelled.stdout)\(cancelled.stderr)")
        #expect(cancelled.stderr.contains("the server of the store \(url) cancelled a statement (SQLSTATE 57014: ")
                    && cancelled.stderr.contains("nothing was written") && cancelled.stderr.contains("`statement_timeout`"),
                "\(cancelled.stderr)")
        cli.environment["PGOPTIONS"] = "-c lock_timeout=0"
        let verified = try cli.run(["verify"])
        #expect(verified.status == 0 && verified.stdout.contains("1 event"), "\(verified.stdout)\(verified.stderr)")
    }

    @Test("Ctrl-C while a change's statements wait at the server for the writer lock: the first lets it finish and report, a second leaves saying it may be recorded (before: it left without a word, and was recorded)")
    func ctrlCWhileTheServerHoldsTheChange() throws {
        let (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "60s")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        defer { session.close() }
        let waitingAtTheServer = {
            try Polling.until {
                (try? server.psql(LockHolding.waitersQuery(database)))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            }
        }
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        let buying = try cli.start(["buy", "com.example.rage.face.random"])
        try waitingAtTheServer()
        _ = kill(buying.process.processIdentifier, SIGINT)
        try session.run("SELECT pg_advisory_unlock(\(Self.writerLockKey))")
        let bought = buying.wait()
        #expect(!bought.wasSignalled && bought.status == 0, "\(bought)")
        #expect(bought.stderr.contains("interrupted while a change was being made; it may be recorded all the same"), "\(bought.stderr)")
        #expect(bought.stdout.contains("you now have 10"), "it says how the change went: \(bought.stdout)")

        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        let spending = try cli.start(["spend", "rage-faces"])
        try waitingAtTheServer()
        let left = try spending.interruptUntilItLeaves()
        #expect(left.status == 130 && !left.wasSignalled, "\(left)")
        #expect(left.stderr.contains("left before the store answered: the change may be recorded;"), "\(left.stderr)")
        // The commands to look with name the store this command was given (before: "given the same --store and --account").
        #expect(left.stderr.contains("`storefront --store \(url) transactions` (purchases, refunds)")
                && left.stderr.contains("`storefront --store \(url) entitlements` (balances, subscriptions)")
                && !left.stderr.contains("given the same"), "\(left.stderr)")
    }

    @Test("store copy into a database left with a second Ctrl-C while its commit waits at the server names the store copied into and the verify to run on it (before: \"that store (its --store, or a copy's --to)\")")
    func secondCtrlCDuringACopyNamesItsTarget() throws {
        let (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "60s")
        let file = try StorefrontProcess.temporaryFolder() + "/source.jsonl"
        var source = cli
        source.storeArguments = ["--entitlements", file]
        #expect(try source.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        defer { session.close() }
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        var copier = cli
        copier.storeArguments = []
        let copying = try copier.start(["store", "copy", "--from", file, "--to", url])
        try Polling.until {
            (try? server.psql(LockHolding.waitersQuery(database)))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }
        let left = try copying.interruptUntilItLeaves()
        #expect(left.status == 130 && !left.wasSignalled, "\(left)")
        #expect(left.stderr.contains("left before the copy finished: \(url), the store it was copying into, may hold the copy or part of it")
                    && left.stderr.contains("`storefront verify --store \(url)` shows how it stands"), "\(left.stderr)")
    }

    @Test("a storefront's periodic look for rows changed by hand waits for a table lock no longer than its reads (before: the whole lock_timeout, with keys unanswered)")
    func handChangeLookWaitsBriefly() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let log = try PostgresEventLog(
            address: try PostgresAddress(fixture.server.keywordString() + " options='-c lock_timeout=60s'"),
            keyPath: fixture.keyPath, damagedRecheckInterval: 0.2)
        log.readLockWaitMilliseconds = 100
        #expect(try log.readNew().entries.count == 1)
        _ = log.changeSignal
        Thread.sleep(forTimeInterval: 0.3)
        let session = try fixture.server.session(database: fixture.server.database)
        try session.run("BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE")
        let started = Date()
        #expect(log.hasChanged(), "a look that could not be made has the next read say why")
        #expect(Date().timeIntervalSince(started) < 30, "the look waited for the session's lock_timeout")
        session.close()
        #expect(try log.readNew().entries.isEmpty)
    }

    @Test("a change cut short by statement_timeout while it waits for the writer lock is tried once and said once (before: tried again, waiting as long again, with the wait said twice)")
    func statementTimeoutEndsTheChangeAtOnce() throws {
        var (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "0")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let session = try server.session(database: database)
        defer { session.close() }
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        cli.environment["PGOPTIONS"] = "-c lock_timeout=0 -c statement_timeout=1500"
        let cancelled = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(cancelled.status == 3 && cancelled.stderr.contains("the server of the store \(url) cancelled a statement"), "\(cancelled.stderr)")
        #expect(cancelled.stderr.components(separatedBy: "storefront: waiting behind session").count == 2, "said once: \(cancelled.stderr)")
    }

    @Test("a log whose reads wait briefly (a storefront's) gives up behind a LOCK TABLE that stops reads, saying how long it waited, and reads on once it goes")
    func briefReadWaitGivesUp() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        // A wait for the session's lock_timeout would take a minute.
        let log = try fixture.log(address: try PostgresAddress(fixture.server.keywordString() + " options='-c lock_timeout=60s'"))
        log.readLockWaitMilliseconds = 100
        #expect(try log.readNew().entries.count == 1)
        let session = try fixture.server.session(database: fixture.server.database)
        try session.run("BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE")
        let started = Date()
        #expect(throws: PostgresStoreError.readLockTimeout(store: log.address.shown, milliseconds: 100, isLockTimeout: false)) { try log.readNew() }
        #expect(Date().timeIntervalSince(started) < 30, "the read waited for the session's lock_timeout")
        let said = "\(PostgresStoreError.readLockTimeout(store: log.address.shown, milliseconds: 100, isLockTimeout: false))"
        #expect(said.contains("for more than 100 ms") && said.contains("tries again by itself") && !said.contains("lock_timeout"), "\(said)")
        session.close()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let after = try log.readNew()
        #expect(after.entries.map(\.sequence) == [2], "read on from where it was: \(after.entries.map(\.sequence))")
        #expect(log.problems.isEmpty)
    }

    @Test("a storefront's notification feed reads with the same brief wait: behind a LOCK TABLE that stops reads it gives up, not after lock_timeout")
    func notificationFeedReadWaitIsBrief() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        // A wait for the session's lock_timeout would take a minute.
        let address = fixture.server.keywordString() + " options='-c lock_timeout=60s'"
        let session = try StoreSession.open(try CommandLineArguments.parse(["--store", address]),
                                            environment: ["STOREFRONT_STORE_KEY": fixture.keyPath])
        let feed = try #require(try session.notificationFeed(readLockWaitMilliseconds: 100))
        _ = try feed.refresh()
        let holder = try fixture.server.session(database: fixture.server.database)
        try holder.run("BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE")
        let started = Date()
        #expect(throws: PostgresStoreError.self) { try feed.refresh() }
        #expect(Date().timeIntervalSince(started) < 30, "the feed's read waited for the session's lock_timeout")
        holder.close()
        _ = try feed.refresh()
    }

    @Test("a reading command behind a LOCK TABLE that stops reads exits 3 saying the store could not be read, not that nothing was written")
    func readerBehindTableLock() throws {
        let (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "1s")
        #expect(try cli.run(["buy", face]).status == 0)
        let session = try server.session(database: database)
        try session.run("BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE")
        let blocked = try cli.run(["transactions"])
        session.close()
        #expect(blocked.status == 3, "\(blocked.stdout)\(blocked.stderr)")
        #expect(blocked.stderr.contains(" has held a lock on the tables of the store \(url) for more than 1 s "
                                        + "(a LOCK TABLE, or a change to the tables under way), so the store could not be read"),
                "\(blocked.stderr)")
        #expect(try cli.run(["transactions"]).status == 0, "the lock is free again")
    }
}

/// The catch-up of due renewals that a storefront runs every second, and every command on
/// opening, does not wait for a writer lock another session sits on: it gives up with
/// `StoreWriterLockHeld`, having read and written nothing, and records the renewals later.
@Suite("PostgreSQL store: a catch-up behind a session holding the writer lock", .serialized)
struct PostgresHeldCatchUpTests {
    private static let writerLockKey = LockHolding.writerLockKey
    private static let monthly = "com.example.rage.pro.monthly"

    @Test("catchUp(waitingForLock: false) gives up with StoreWriterLockHeld; a waiting commit keeps the session's lock_timeout; freed, the renewal is recorded once",
          arguments: ["SELECT pg_advisory_lock(\(writerLockKey))", "BEGIN; LOCK TABLE storefront_events IN ACCESS EXCLUSIVE MODE",
                      // Reads go on under it; only the INSERT would wait.
                      "BEGIN; LOCK TABLE storefront_events IN EXCLUSIVE MODE"])
    func catchUpGivesUpAndRecordsLater(holdLock: String) throws {
        let fixture = try PostgresStoreFixture()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let address = try PostgresAddress(fixture.server.keywordString() + " options='-c lock_timeout=1s'")
        let store = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(address: address), clock: clock)
        _ = try store.purchase(Self.monthly, buyer: phone, storefront: "USA")
        clock.advance(by: 40 * 86_400)
        #expect(store.hasDueEvents)
        let rowsBefore = try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines)

        let session = try fixture.server.session(database: fixture.server.database)
        try session.run(holdLock)
        #expect(throws: StoreWriterLockHeld(store: address.shown, waitedMilliseconds: 100)) { try store.catchUp(waitingForLock: false) }
        #expect(store.hasDueEvents, "nothing was recorded")
        // The wait was set for that transaction only: a commit that waits still waits the session's 1 s.
        let waited = #expect(throws: PostgresStoreError.self) { try store.catchUp() }
        // Named or not, as a notice came first or not (both at 1 s).
        guard case .lockTimeout(address.shown, 1000, _)? = waited else { Issue.record("\(String(describing: waited))"); return }
        session.close()

        #expect(try store.catchUp(waitingForLock: false))
        #expect(!store.hasDueEvents)
        // Forty days after a week's trial: the renewals of day 7 and day 37, each once.
        let renewals = try fixture.server.psql("SELECT count(*) || ' ' || count(DISTINCT renewal_key) FROM storefront_events WHERE kind = 'renew'")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(renewals == "2 2", "renewals recorded, and distinct: \(renewals) (rows before: \(rowsBefore))")
        let reader = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(), clock: clock)
        #expect(reader.ledgerProblems.isEmpty)
        #expect(!reader.hasDueEvents)
    }

    @Test("a role that may only SELECT is refused a change at once, not after waiting for the writer lock another session holds")
    func readOnlyRoleRefusedWithoutWaiting() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("CREATE ROLE lockreader LOGIN; GRANT SELECT ON ALL TABLES IN SCHEMA public TO lockreader")
        // A wait for the lock would take a minute.
        let readerAddress = try PostgresAddress(fixture.server.url(user: "lockreader") + "?options=-c%20lock_timeout%3D60s")
        let store = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(address: readerAddress))
        let session = try fixture.server.session(database: fixture.server.database)
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        let started = Date()
        #expect {
            try store.purchase(face, buyer: phone, storefront: "USA")
        } throws: { error in
            guard case .insertRefused = error as? PostgresStoreError else { return false }
            return "\(error)".contains("lets the role \"lockreader\" read it but not change it (permission denied for table storefront_events)")
        }
        #expect(Date().timeIntervalSince(started) < 30, "the refusal waited for the lock")
        session.close()
        #expect(try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test("a change to a store damaged when the command opened, mended while it waited for the lock, is made and exits 0 (before: exit 3 after recording it, so a retry bought twice)")
    func changeOnAStoreMendedMeanwhileSucceeds() throws {
        let (server, database, _, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "60s")
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try server.psql("CREATE TABLE saved AS SELECT * FROM storefront_events WHERE seq = 2; "
            + "SET session_replication_role = replica; DELETE FROM storefront_events WHERE seq = 2", database: database)
        let session = try server.session(database: database)
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        let spend = try cli.start(["spend", "rage-faces"])
        // Opened on the damage, it waits for the lock to make its change.
        var waiting = false
        for _ in 0..<400 where !waiting {
            waiting = try server.psql(LockHolding.waitersQuery(database))
                .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            if !waiting { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(waiting, "the spend never waited for the lock")
        try server.psql("SET session_replication_role = replica; INSERT INTO storefront_events SELECT * FROM saved", database: database)
        session.close()
        let spent = spend.wait()
        #expect(spent.status == 0 && spent.stdout.contains("Spent 1 of your Rage Faces; 14 left"), "\(spent.stdout)\(spent.stderr)")
        #expect(spent.stderr.contains("no row seq 2") && spent.stderr.contains("the problem above was mended before this "
            + "command's change"), "\(spent.stderr)")
        #expect(try cli.run(["verify"]).status == 0)
        let again = try cli.run(["spend", "rage-faces"])
        #expect(again.status == 0 && again.stdout.contains("13 left"), "the first spend counted once: \(again.stdout)")
    }

    @Test("a command that only reads, on opening behind the held lock, shows the store at once with a warning; freed, the next records the renewal")
    func readingCommandDoesNotWait() throws {
        // A wait for the lock would take a minute: the command must not take one.
        let (server, database, url, cli) = try LockHolding.commandsOnNewDatabase(lockTimeout: "60s")
        #expect(try cli.run(["buy", Self.monthly]).status == 0)
        #expect(try cli.run(["settings", "set", "time-rate", "renewal-every-2-seconds"]).status == 0)
        // A renewal falls due without a commit (`advance` would record what it makes due).
        Thread.sleep(forTimeInterval: 2.5)

        let session = try server.session(database: database)
        try session.run("SELECT pg_advisory_lock(\(Self.writerLockKey))")
        let started = Date()
        let held = try cli.run(["transactions"])
        let took = Date().timeIntervalSince(started)
        session.close()
        #expect(held.status == 0, "\(held.stdout)\(held.stderr)")
        #expect(held.stderr.contains("renewals and expiries that fell due are not recorded yet: another session has held "
                                     + "the writer lock of \(url), or a lock on its tables, for over 100 ms"), "\(held.stderr)")
        #expect(took < 60, "the command waited for the lock")

        let freed = try cli.run(["transactions"])
        #expect(freed.status == 0 && !freed.stderr.contains("not recorded"), "\(freed.stderr)")
        let verified = try cli.run(["verify"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
    }
}
