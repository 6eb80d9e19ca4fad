import Foundation
import StoreEngine
import StoreCatalog

/// The store's commit workload done the way an SQLite-backed store would do it: one
/// transaction per commit that checks the balance, takes the next transaction id, inserts
/// the event and updates the balance. WAL mode with synchronous=FULL, so every commit is as
/// durable as a ledger append with fdatasync.
final class SQLiteStoreWorkload {
    private let database: SQLiteDatabase
    private let begin: SQLiteStatement
    private let commit: SQLiteStatement
    private let rollback: SQLiteStatement
    private let selectBalance: SQLiteStatement
    private let selectLastTransaction: SQLiteStatement
    private let insertEvent: SQLiteStatement
    private let addToBalance: SQLiteStatement

    /// Creates the database at `path` holding `events` (and the balances they fold to).
    init(path: String, seededWith events: ArraySlice<StoreEvent>, catalog: Catalog) throws {
        database = try SQLiteDatabase(path: path)
        try database.execute("""
            PRAGMA journal_mode=WAL;
            PRAGMA synchronous=FULL;
            CREATE TABLE events(
                seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, time TEXT NOT NULL, app TEXT NOT NULL,
                account TEXT NOT NULL, device TEXT NOT NULL, transaction_id INTEGER UNIQUE, product_id TEXT,
                product_type TEXT, quantity INTEGER, price TEXT, currency TEXT, storefront TEXT, credit TEXT,
                amount INTEGER, spend_id TEXT UNIQUE);
            CREATE TABLE balances(account TEXT NOT NULL, credit TEXT NOT NULL, balance INTEGER NOT NULL,
                PRIMARY KEY(account, credit)) WITHOUT ROWID;
            """)
        begin = try database.prepare("BEGIN IMMEDIATE")
        commit = try database.prepare("COMMIT")
        rollback = try database.prepare("ROLLBACK")
        selectBalance = try database.prepare("SELECT balance FROM balances WHERE account = ?1 AND credit = ?2")
        selectLastTransaction = try database.prepare("SELECT COALESCE(MAX(transaction_id), 0) FROM events")
        insertEvent = try database.prepare("""
            INSERT INTO events(kind, time, app, account, device, transaction_id, product_id, product_type, quantity,
                               price, currency, storefront, credit, amount, spend_id)
            VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
            """)
        addToBalance = try database.prepare("""
            INSERT INTO balances(account, credit, balance) VALUES(?1, ?2, ?3)
            ON CONFLICT(account, credit) DO UPDATE SET balance = balance + excluded.balance
            """)
        try seed(events, catalog: catalog)
    }

    /// Buys a consumable that grants `amount` of `credit`; one durable transaction.
    func buy(_ product: Product, credit: String, amount: Int, buyer: Buyer, storefront: String) throws {
        try begin.run([])
        _ = try balance(of: credit, account: buyer.account)
        try selectLastTransaction.bind([])
        _ = try selectLastTransaction.step()
        let transaction = max(selectLastTransaction.integer(column: 0), 2_000_000_000_000_000) + 1
        try insertEvent.run([
            .text("purchase"), .text(Self.timeText()), .text(CatalogGenerator.bundleID), .text(buyer.account),
            .text(buyer.device), .integer(transaction), .text(product.id), .text(product.type.rawValue), .integer(1),
            SQLiteValue(product.price(in: storefront).map(ExactDecimal.string)), .text("USD"), .text(storefront),
            .text(credit), .integer(amount), .null,
        ])
        try addToBalance.run([.text(buyer.account), .text(credit), .integer(amount)])
        try commit.run([])
    }

    /// Spends `amount` of `credit` when the balance allows; one durable transaction.
    func spend(_ credit: String, amount: Int, buyer: Buyer) throws {
        try begin.run([])
        guard try balance(of: credit, account: buyer.account) >= amount else {
            try rollback.run([])
            throw BenchError.unexpectedResult("the SQLite balance of \(credit) is short")
        }
        try insertEvent.run([
            .text("spend"), .text(Self.timeText()), .text(CatalogGenerator.bundleID), .text(buyer.account),
            .text(buyer.device), .null, .null, .null, .null, .null, .null, .null, .text(credit), .integer(amount),
            .text(UUID().uuidString.lowercased()),
        ])
        try addToBalance.run([.text(buyer.account), .text(credit), .integer(-amount)])
        try commit.run([])
    }

    private func balance(of credit: String, account: String) throws -> Int {
        try selectBalance.bind([.text(account), .text(credit)])
        return try selectBalance.step() ? selectBalance.integer(column: 0) : 0
    }

    private func seed(_ events: ArraySlice<StoreEvent>, catalog: Catalog) throws {
        try database.execute("BEGIN")
        // Balances kept per account, as the benchmark's buyer uses an account-scoped credit.
        var state = LedgerState(app: catalog.bundleID, creditScopes: [:])
        for (offset, event) in events.enumerated() {
            state.apply(event, sequence: offset + 1)
            // Only the event that creates a transaction carries its id as the unique key.
            let createsTransaction = event.kind == .purchase || event.kind == .purchaseFailed || event.kind == .renew
            try insertEvent.run([
                .text(event.kind.rawValue), .text(event.time.formatted(.iso8601)), .text(event.app), .text(event.account),
                .text(event.device), SQLiteValue(createsTransaction ? event.transactionId.flatMap { Int($0) } : nil), SQLiteValue(event.productId),
                SQLiteValue(event.productType?.rawValue), SQLiteValue(event.quantity), SQLiteValue(event.price),
                SQLiteValue(event.currency), SQLiteValue(event.storefront), SQLiteValue(event.credit),
                SQLiteValue(event.amount), SQLiteValue(event.spendId),
            ])
        }
        for (key, balance) in state.balances {
            try addToBalance.run([.text(key.account), .text(key.credit), .integer(balance)])
        }
        try database.execute("COMMIT")
    }

    private static func timeText() -> String { Date().formatted(.iso8601) }
}
