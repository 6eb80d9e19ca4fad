import Foundation
import StoreCatalog
import StoreEngine
import StorePostgres
import StorefrontTesting
import Testing

/// A role's privileges changed while a store stays open on it, and the first commit to a new
/// store telling a process that stays open where it made the key.
@Suite("PostgreSQL: privileges that change under an open store, and a new key said as it is made", .serialized)
struct PostgresPrivilegeChangeTests {
    /// A store made by the owner, a role `clerk` that may read and write it, and a store open as that role.
    private func clerkStore(_ fixture: PostgresStoreFixture) throws -> (log: PostgresEventLog, store: Store) {
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("CREATE ROLE clerk LOGIN; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO clerk")
        let log = try fixture.log(address: try PostgresAddress(fixture.server.url(user: "clerk")))
        return (log, try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: log))
    }

    private func eventCount(_ fixture: PostgresStoreFixture) throws -> String {
        try fixture.server.psql("SELECT count(*) FROM storefront_events").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("INSERT revoked while open: the next commit is a write refusal naming the database, nothing is written; granted again, the same store writes")
    func revokedThenGranted() throws {
        let fixture = try PostgresStoreFixture()
        let (log, store) = try clerkStore(fixture)
        #expect(log.writeRefusal() == nil)
        _ = try store.purchase(face, buyer: phone, storefront: "USA")

        try fixture.server.psql("REVOKE INSERT ON storefront_events FROM clerk")
        #expect(log.writeRefusal() == "the role \"clerk\" has no INSERT on storefront_events; the owner runs "
                    + "`GRANT INSERT ON storefront_events TO \"clerk\"`")
        var refusal: StoreWriteRefusal?
        do {
            _ = try store.purchase(face, buyer: phone, storefront: "USA")
            Issue.record("the purchase was not refused")
        } catch {
            refusal = StoreWriteRefusal.of(error)
            #expect(refusal != nil, "not a write refusal: \(error)")
        }
        #expect(refusal?.medium == .database(address: log.address.shown))
        #expect(refusal?.reason.contains("permission denied for table storefront_events") == true, "\(String(describing: refusal))")
        #expect(try eventCount(fixture) == "2")

        // SELECT taken away too: the refusal says so, and INSERT given back alone does not end it.
        try fixture.server.psql("REVOKE SELECT ON storefront_events FROM clerk")
        let grantReading = "`GRANT SELECT ON storefront_schema_version, storefront_header, storefront_events, "
        #expect(log.writeRefusal()?.hasPrefix("the role \"clerk\" has no SELECT on storefront_events, so it can neither read nor "
            + "change the store; the owner runs \(grantReading)") == true, "\(log.writeRefusal() ?? "nil")")
        #expect(log.writeRefusal()?.hasSuffix(" and `GRANT INSERT ON storefront_events TO \"clerk\"`") == true)
        try fixture.server.psql("GRANT INSERT ON storefront_events TO clerk")
        #expect(log.writeRefusal()?.hasPrefix("the role \"clerk\" has no SELECT on storefront_events") == true)
        #expect(log.writeRefusal()?.contains("GRANT INSERT") == false)
        try fixture.server.psql("GRANT SELECT ON storefront_events TO clerk")
        #expect(log.writeRefusal() == nil)
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        #expect(try eventCount(fixture) == "3")
        #expect(store.balance(of: "rage-faces", for: phone) == 15)
    }

    @Test("A database without the store's tables: a role without CREATE is refused writing, told the owner makes them; made, INSERT decides")
    func noTablesAndNoCreate() throws {
        let fixture = try PostgresStoreFixture()
        try fixture.server.psql("CREATE ROLE builder LOGIN")
        let log = try fixture.log(address: try PostgresAddress(fixture.server.url(user: "builder")))
        #expect(log.writeRefusal() == "the store has no tables yet, and the role \"builder\" has no CREATE on schema public to make "
                    + "them; the database's owner makes them with `storefront store init`")
        try fixture.server.psql("GRANT CREATE ON SCHEMA public TO builder")
        #expect(log.writeRefusal() == nil, "the role may make the tables, so its first commit would")
        try fixture.server.psql("REVOKE CREATE ON SCHEMA public FROM builder")
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("GRANT SELECT ON ALL TABLES IN SCHEMA public TO builder")
        #expect(log.writeRefusal() == "the role \"builder\" has no INSERT on storefront_events; the owner runs "
                    + "`GRANT INSERT ON storefront_events TO \"builder\"`")
        try fixture.server.psql("GRANT INSERT ON storefront_events TO builder")
        #expect(log.writeRefusal() == nil)
    }

    @Test("A role whose sessions the server keeps read-only is refused writing though it has INSERT; turned off, it may write")
    func readOnlySessionsAreRefusedWriting() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("CREATE ROLE archivist LOGIN; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO archivist; "
            + "ALTER ROLE archivist SET default_transaction_read_only = on")
        let log = try fixture.log(address: try PostgresAddress(fixture.server.url(user: "archivist")))
        let advice = "default_transaction_read_only is on for the role \"archivist\": the owner turns it off with "
            + "`BEGIN READ WRITE; ALTER ROLE \"archivist\" RESET default_transaction_read_only; COMMIT;` in psql"
        #expect(log.writeRefusal() == advice)
        #expect(log.writeRefusal() == advice, "asked again while the setting holds")
        try fixture.server.psql("BEGIN READ WRITE; ALTER ROLE \"archivist\" RESET default_transaction_read_only; COMMIT;")
        // This session keeps the setting it connected with; asked again, the log goes on with a new one.
        #expect(log.writeRefusal() == nil)
        _ = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: log).purchase(face, buyer: phone, storefront: "USA")
        let address = try PostgresAddress(fixture.server.url(user: "archivist"))
        try fixture.server.psql("ALTER DATABASE \(fixture.server.database) SET default_transaction_read_only = on")
        #expect(try fixture.log(address: address).writeRefusal()?.hasPrefix("default_transaction_read_only is on for the database "
                    + "\"\(fixture.server.database)\": the owner turns it off with `BEGIN READ WRITE; ALTER DATABASE "
                    + "\"\(fixture.server.database)\" RESET") == true)
        try fixture.server.psql("BEGIN READ WRITE; ALTER DATABASE \(fixture.server.database) RESET default_transaction_read_only; COMMIT")
        let optionsSetIt = try PostgresAddress(fixture.server.url(user: "archivist") + "?options=-c%20default_transaction_read_only%3Don")
        #expect(try fixture.log(address: optionsSetIt).writeRefusal()?.hasPrefix("this session's options turn "
                    + "default_transaction_read_only on (PGOPTIONS, or options in the address)") == true)
    }

    @Test("After a refused commit, another process's commit under the same sequence number is noticed and read")
    func commitUnderARefusedOnesNumberIsNoticed() throws {
        let fixture = try PostgresStoreFixture()
        let (log, store) = try clerkStore(fixture)
        // Listening from here on, with what it may have missed before taken in.
        _ = store.changeSignal
        _ = log.hasChanged()
        _ = try store.refresh()
        try fixture.server.psql("REVOKE INSERT ON storefront_events FROM clerk")
        #expect(throws: (any Error).self) { try store.purchase(face, buyer: phone, storefront: "USA") }
        // The owner's purchase takes the number the refused one had taken.
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        let deadline = Date().addingTimeInterval(5)
        var noticed = false
        while !noticed, Date() < deadline {
            noticed = log.hasChanged()
            if !noticed { usleep(20_000) }
        }
        #expect(noticed, "the owner's commit was announced under a number the refused commit had taken")
        #expect(try store.refresh())
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
    }

    @Test("An error that is no refused write (another statement failure) is not taken for one")
    func otherFailuresAreNoRefusal() {
        let store = ShownStoreAddress("postgresql://db.example/shop")
        #expect(StoreWriteRefusal.of(PostgresStoreError.statementFailed(store: store, sqlState: "23505", message: "duplicate")) == nil)
        #expect(StoreWriteRefusal.of(PostgresStoreError.readOnlyServer(store: store, reason: "cannot execute INSERT in a read-only transaction", role: "viewer"))
            == StoreWriteRefusal(medium: .database(address: store), reason: "cannot execute INSERT in a read-only transaction"))
    }

    @Test("The first commit to a new store tells the observer where it made the key, once")
    func keyMadeIsTold() throws {
        let fixture = try PostgresStoreFixture()
        let log = try fixture.log()
        let told = ToldPaths()
        log.whenKeyFileMade { told.add($0) }
        let store = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: log)
        #expect(told.paths.isEmpty, "opening made no key")
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        _ = try store.purchase(face, buyer: phone, storefront: "USA")
        #expect(told.paths == [fixture.keyPath])
        #expect(FileManager.default.fileExists(atPath: fixture.keyPath))
    }

    /// The paths an observer was told, from whichever thread told it.
    private final class ToldPaths: @unchecked Sendable {
        private let lock = NSLock()
        private var told: [String] = []
        func add(_ path: String) { lock.withLock { told.append(path) } }
        var paths: [String] { lock.withLock { told } }
    }
}
