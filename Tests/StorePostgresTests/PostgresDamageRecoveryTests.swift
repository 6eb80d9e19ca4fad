import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger
import StorePostgres
import StorefrontTesting
import Testing

/// A store open on a damaged database follows it back to sound: once the row or the key is put
/// back, a re-read from the first row (on a change announced, a change of the key file, or the
/// slow timer) clears the problems and folds every event again.
@Suite("PostgreSQL store recovering from damage", .serialized)
struct PostgresDamageRecoveryTests {
    /// A store on its own connection whose damaged-store timer is `recheck` seconds.
    static func store(_ fixture: PostgresStoreFixture, recheck: TimeInterval) throws -> Store {
        let log = try PostgresEventLog(address: fixture.address, keyPath: fixture.keyPath, damagedRecheckInterval: recheck)
        return try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: log)
    }

    /// Three purchases by a store that stays open, row seq 2 then changed by hand, and a store
    /// opened on the damage (timer `recheck`), which shows only the first purchase.
    static func openOnDamage(recheck: TimeInterval) throws -> (fixture: PostgresStoreFixture, buyer: Store, open: Store) {
        let fixture = try PostgresStoreFixture()
        let buyer = try fixture.store()
        for _ in 0..<3 { _ = try buyer.purchase(face, buyer: phone, storefront: "USA") }
        try fixture.server.rewriteEventRow(seq: 2, replacing: "tester", with: "mallory")
        let open = try store(fixture, recheck: recheck)
        return (fixture, buyer, open)
    }

    @Test("a table dropped under an open store, or the header row gone with its table, is noticed on the timer, not only when a change is tried (before: it showed the store as it was, and sold into one missing its header)")
    func droppedTablesAreNoticedOnTheTimer() throws {
        let fixture = try PostgresStoreFixture()
        let open = try Self.store(fixture, recheck: 0)
        _ = try open.purchase(face, buyer: phone, storefront: "USA")
        _ = try open.refresh()   // as an open storefront reads on
        try fixture.server.psql("DROP TABLE storefront_header")
        try fixture.server.psql("CREATE TABLE storefront_header (line text NOT NULL)")
        #expect(open.hasExternalChanges(), "the header row is gone: the timer must say to look")
        _ = try open.refresh()
        #expect(open.ledgerProblems.contains { if case .headerMissing = $0 { true } else { false } }, "\(open.ledgerProblems)")
        #expect(throws: (any Error).self) { try open.purchase(face, buyer: phone, storefront: "USA") }

        try fixture.server.psql("DROP TABLE storefront_events")
        #expect(open.hasExternalChanges(), "a dropped table: the timer must say to look")
        #expect { try open.refresh() } throws: { "\($0)".contains("lacks one of its tables") }
    }

    @Test("a table named like the store's made in a schema earlier in the search_path (the role's own, \"$user\"): an open store notices it on the timer and a new one at once, both refuse to read or sell, nothing goes into it, and its removal lets both go on (before: its rows were read and written as the store's)")
    func strayTableEarlierInThePathIsRefused() throws {
        let fixture = try PostgresStoreFixture()
        let open = try Self.store(fixture, recheck: 0)
        _ = try open.purchase(face, buyer: phone, storefront: "USA")
        _ = try open.refresh()
        let schema = ThrowawayPostgres.superuser
        // Of another shape than the store's table: it has no line column.
        try fixture.server.psql("CREATE SCHEMA \"\(schema)\"; CREATE TABLE \"\(schema)\".storefront_events (seq bigint)")
        let placement = "storefront_events in \(schema); "
        // A commit before any read: the one-round-trip bet and the commit after it both refuse.
        #expect { try open.purchase(face, buyer: phone, storefront: "USA") } throws: { "\($0)".contains(placement) }
        #expect(open.hasExternalChanges(), "the stray table: the timer must say to look")
        #expect { try open.refresh() } throws: { "\($0)".contains(placement) }
        // Read again on a new session, which first looks for the row it read last: the same words
        // (before: the server's "column line does not exist").
        #expect { try open.refresh() } throws: { "\($0)".contains(placement) }
        #expect { try fixture.store() } throws: { "\($0)".contains("finds the tables of the store") && "\($0)".contains(placement) }
        let strayRows = try fixture.server.psql("SELECT count(*) FROM \"\(schema)\".storefront_events")
        #expect(strayRows.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "written into the stray table: \(strayRows)")

        try fixture.server.psql("DROP SCHEMA \"\(schema)\" CASCADE")
        _ = try open.refresh()
        _ = try open.purchase(face, buyer: phone, storefront: "USA")
        #expect(open.balance(of: "rage-faces", for: phone) == 10)
        #expect(try fixture.store().balance(of: "rage-faces", for: phone) == 10)
    }

    @Test("a row put back is noticed on the timer: the problems go and the balance counts every purchase")
    func mendedRowIsNoticedOnTheTimer() throws {
        let (fixture, _, open) = try Self.openOnDamage(recheck: 0)
        #expect(open.ledgerProblems == [.tampered(line: 3)])
        #expect(open.balance(of: "rage-faces", for: phone) == 5)
        #expect(open.quietRecheckInterval == 0, "a damaged store asks its waiting reader to look again")

        try fixture.server.rewriteEventRow(seq: 2, replacing: "mallory", with: "tester")
        #expect(open.hasExternalChanges(), "no notification comes from a hand edit; the timer must say to look")
        #expect(try open.refresh())
        #expect(open.ledgerProblems.isEmpty)
        #expect(open.balance(of: "rage-faces", for: phone) == 15)
        #expect(open.quietRecheckInterval == 0, "a sound store too is looked at on the timer, for its key file")
        #expect(!open.hasExternalChanges())
    }

    @Test("before the timer is due, a commit announced by another process makes the damaged store re-read from the start")
    func mendedRowIsNoticedOnAnotherCommit() throws {
        let (fixture, buyer, open) = try Self.openOnDamage(recheck: 3600)
        _ = open.changeSignal
        #expect(!open.ledgerProblems.isEmpty)
        try fixture.server.rewriteEventRow(seq: 2, replacing: "mallory", with: "tester")
        _ = try open.refresh()
        #expect(!open.ledgerProblems.isEmpty, "with no change announced and the timer not due, the read goes on from where it was")

        // The buyer opened before the damage and reads on past it, so it commits and notifies.
        _ = try buyer.purchase(face, buyer: phone, storefront: "USA")
        #expect(open.hasExternalChanges())
        #expect(try open.refresh())
        #expect(open.ledgerProblems.isEmpty)
        #expect(open.balance(of: "rage-faces", for: phone) == 20)
    }

    @Test("a re-read from the first row cut off by a lost connection starts over on the next read, folding each event once")
    func rereadCutOffStartsOverAgain() throws {
        let (fixture, _, open) = try Self.openOnDamage(recheck: 0)
        #expect(open.snapshot.eventCount == 1)
        try fixture.server.rewriteEventRow(seq: 2, replacing: "mallory", with: "tester")
        // The session ends inside the read, at its look at the schema version: a session ended
        // while idle is found before a read starts, and connected again.
        try fixture.server.psql("""
            CREATE FUNCTION cut_read() RETURNS boolean LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_terminate_backend(pg_backend_pid());
                RETURN true;
            END $$;
            ALTER TABLE storefront_schema_version RENAME TO storefront_schema_version_kept;
            CREATE VIEW storefront_schema_version AS SELECT version, migrated_at FROM storefront_schema_version_kept
                WHERE cut_read()
            """)
        #expect(throws: StoreUnreachable.self) { try open.refresh() }
        try fixture.server.psql("DROP VIEW storefront_schema_version; "
            + "ALTER TABLE storefront_schema_version_kept RENAME TO storefront_schema_version")
        #expect(try open.refresh())
        #expect(open.ledgerProblems.isEmpty)
        #expect(open.snapshot.eventCount == 3, "the event read before the damage is folded once, not again on top")
        #expect(open.balance(of: "rage-faces", for: phone) == 15)
    }

    @Test("a key file put back is noticed: the missing-key problem goes and the store can be written")
    func keyPutBackIsNoticed() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let aside = fixture.keyPath + ".aside"
        try FileManager.default.moveItem(atPath: fixture.keyPath, toPath: aside)
        let open = try Self.store(fixture, recheck: 0)
        #expect(open.ledgerProblems == [.keyMissing(keyPath: fixture.keyPath)])
        #expect(open.balance(of: "rage-faces", for: phone) == 0)

        try FileManager.default.moveItem(atPath: aside, toPath: fixture.keyPath)
        #expect(open.hasExternalChanges())
        #expect(try open.refresh())
        #expect(open.ledgerProblems.isEmpty)
        #expect(open.balance(of: "rage-faces", for: phone) == 5)
        guard case .purchased = try open.purchase(face, buyer: phone, storefront: "USA") else {
            Issue.record("the store with its key back refused the purchase")
            return
        }
    }

    @Test("a commit on a store whose damage was mended since it was read goes through, not refused by the old read")
    func commitAfterMendRereads() throws {
        let (fixture, _, open) = try Self.openOnDamage(recheck: 3600)
        #expect(!open.ledgerProblems.isEmpty)
        try fixture.server.rewriteEventRow(seq: 2, replacing: "mallory", with: "tester")
        guard case .purchased = try open.purchase(face, buyer: phone, storefront: "USA") else {
            Issue.record("the purchase on the mended store was refused")
            return
        }
        #expect(open.ledgerProblems.isEmpty)
        #expect(open.balance(of: "rage-faces", for: phone) == 20)
        #expect(try PostgresEventLog.verify(address: fixture.address, keyPath: fixture.keyPath).isIntact)
    }

    /// Three purchases, and a store open on them that listens for changes and looks for hand
    /// changes on every look (timer 0).
    static func threePurchasesOpenAndListening() throws -> (fixture: PostgresStoreFixture, open: Store) {
        let fixture = try PostgresStoreFixture()
        let buyer = try fixture.store()
        for _ in 0..<3 { _ = try buyer.purchase(face, buyer: phone, storefront: "USA") }
        let open = try Self.store(fixture, recheck: 0)
        _ = open.changeSignal
        #expect(open.ledgerProblems.isEmpty && open.balance(of: "rage-faces", for: phone) == 15)
        return (fixture, open)
    }

    @Test("a row changed by hand after an open store read it is noticed with no commit announced: the store reads again from the first row and finds it (before: it kept its folded state)")
    func rowChangedAfterTheReadIsNoticed() throws {
        let (fixture, open) = try Self.threePurchasesOpenAndListening()
        try fixture.server.rewriteEventRow(seq: 2, replacing: "tester", with: "mallory")
        // The server's statistics arrive within about a second of the change: the look must come.
        var noticed = false
        for _ in 0..<600 where !noticed {
            if open.hasExternalChanges() { _ = try open.refresh() }
            noticed = !open.ledgerProblems.isEmpty
            if !noticed { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(noticed, "the hand change was never noticed")
        #expect(open.ledgerProblems == [.tampered(line: 3)])
        #expect(open.balance(of: "rage-faces", for: phone) == 5, "only what comes before the damage is folded, as at an opening")
        // Put back, it is read as sound again (the damaged store's own re-reads).
        try fixture.server.rewriteEventRow(seq: 2, replacing: "mallory", with: "tester")
        var mended = false
        for _ in 0..<600 where !mended {
            if open.hasExternalChanges() { _ = try open.refresh() }
            mended = open.ledgerProblems.isEmpty
            if !mended { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(mended && open.balance(of: "rage-faces", for: phone) == 15)
    }

    @Test("a row appended by hand with a plain INSERT, which announces nothing, is noticed by an open store and named (before: it was shown as sound until a commit was refused)")
    func rowAppendedByHandIsNoticed() throws {
        let (fixture, open) = try Self.threePurchasesOpenAndListening()
        // Listening begins with a look that may have missed a commit: settled first, so only the row below is new.
        if open.hasExternalChanges() { _ = try open.refresh() }
        #expect(!open.hasExternalChanges())
        // A copy of row seq 3 under the next number: the triggers allow it, the MAC does not.
        try fixture.server.psql("INSERT INTO storefront_events (seq, kind, app, line) SELECT 4, kind, app, "
            + "replace(line, '\"seq\":3,', '\"seq\":4,') FROM storefront_events WHERE seq = 3")
        var noticed = false
        for _ in 0..<600 where !noticed {
            if open.hasExternalChanges() { _ = try open.refresh() }
            noticed = !open.ledgerProblems.isEmpty
            if !noticed { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(noticed, "the appended row was never noticed")
        #expect(open.ledgerProblems.contains(.tampered(line: 5)), "\(open.ledgerProblems)")
        #expect(open.balance(of: "rage-faces", for: phone) == 15, "the rows before it stay folded")
    }
}
