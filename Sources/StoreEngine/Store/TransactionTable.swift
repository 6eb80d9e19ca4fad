import Foundation
import StoreCatalog

/// Every transaction of a folded ledger, oldest first, looked up by id.
///
/// A QA team's ledger holds hundreds of thousands of transactions, and opening it must stay
/// fast and small, so the table keeps each one as a fixed-size row of plain values: names by
/// their number in a pool, dates as seconds, the store's decimal transaction ids as integers,
/// and the fields few transactions use (refunds, failures, plan switches) in a side list. A
/// `TransactionRecord` is put together only when asked for.
public struct TransactionTable: Sendable {
    private(set) var rows = ChunkedArray<TransactionRow>()
    private(set) var rareFields: [TransactionRareFields] = []
    /// Row of each transaction by its encoded id.
    private var rowByID: [Int64: Int] = [:]
    private var rowsByAccount: [UInt32: [Int]] = [:]
    /// Rows the app has not finished: few at any time, so a purchase asks about them without
    /// going through the account's whole history.
    private var unfinishedRows: Set<Int> = []
    /// Names that rows (and the state's deliveries) refer to by number.
    private(set) var names = ValuePool<String>()

    public init() {}

    /// A table of `rows` whose indexes are still to be built (`rebuildIndexes`).
    init(names: ValuePool<String>, rows: ChunkedArray<TransactionRow>, rareFields: [TransactionRareFields]) {
        self.names = names
        self.rows = rows
        self.rareFields = rareFields
    }

    /// Builds the lookups by id and by account from the rows; false when an id is there twice.
    mutating func rebuildIndexes() -> Bool {
        rowByID = Dictionary(minimumCapacity: rows.count)
        rowsByAccount = [:]
        unfinishedRows = []
        for (index, row) in rows.enumerated() {
            guard rowByID.updateValue(index, forKey: row.id) == nil else { return false }
            rowsByAccount[row.account, default: []].append(index)
            if !row.finished { unfinishedRows.insert(index) }
        }
        return true
    }

    public var count: Int { rows.count }
    public var isEmpty: Bool { rows.isEmpty }

    /// The transaction with `id`. A transaction is never removed (the ledger only grows), so
    /// setting nil changes nothing.
    public internal(set) subscript(id: String) -> TransactionRecord? {
        get { row(of: id).map(record(at:)) }
        set {
            guard let newValue else { return }
            assert(newValue.id == id, "a transaction is stored under its own id")
            if let row = row(of: id) { store(newValue, at: row) } else { append(newValue) }
        }
    }

    public func contains(_ id: String) -> Bool { row(of: id) != nil }

    /// Transaction ids, oldest first.
    public var keys: [String] { rows.map { idText($0.id) } }

    /// Every transaction, oldest first.
    public var values: [TransactionRecord] { rows.indices.map(record(at:)) }

    /// The account's transactions, oldest first.
    public func records(of account: String) -> [TransactionRecord] {
        guard let number = names.existingNumber(for: account) else { return [] }
        return (rowsByAccount[number] ?? []).map(record(at:))
    }

    /// How many of the account's transactions are of each product, by product id; counted from
    /// the rows' numbers, without making records.
    func productCounts(of account: String) -> [String: Int] {
        guard let number = names.existingNumber(for: account) else { return [:] }
        var counts: [UInt32: Int] = [:]
        for row in rowsByAccount[number] ?? [] { counts[rows[row].productID, default: 0] += 1 }
        return Dictionary(uniqueKeysWithValues: counts.map { (names.value($0.key), $0.value) })
    }

    /// The account's transactions the app has not finished, oldest first; only those are made
    /// into records, so a look costs little however long the account's history.
    func unfinishedRecords(of account: String) -> [TransactionRecord] {
        guard let number = names.existingNumber(for: account) else { return [] }
        return unfinishedRows.sorted().filter { rows[$0].account == number }.map(record(at:))
    }

    /// The account's transactions of one subscription (those whose original transaction is
    /// `originalID`), oldest first; the others are never put together, so a look at one
    /// subscription of an account with a long history costs its own transactions only.
    func records(of account: String, originalID: String) -> [TransactionRecord] {
        guard let number = names.existingNumber(for: account), let original = encodedID(originalID) else { return [] }
        return (rowsByAccount[number] ?? []).filter { rows[$0].originalID == original }.map(record(at:))
    }

    // MARK: Rows, for the state's own bookkeeping

    /// The row of transaction `id`, if there is one.
    func row(of id: String) -> Int? {
        encodedID(id).flatMap { rowByID[$0] }
    }

    /// The account's name number of the transaction in `row`.
    func accountNumber(ofRow row: Int) -> UInt32 { rows[row].account }

    /// The original transaction's row of the transaction in `row` (itself for most).
    func originalRow(ofRow row: Int) -> Int? { rowByID[rows[row].originalID] }

    mutating func nameNumber(for name: String) -> UInt32 { names.number(for: name) }

    /// Adds a transaction whose id is not in the table yet; returns its row.
    @discardableResult
    mutating func append(_ record: TransactionRecord) -> Int {
        let index = rows.count
        let row = makeRow(record, rareFieldsIndex: -1)
        rows.append(row)
        rowByID[row.id] = index
        rowsByAccount[row.account, default: []].append(index)
        if !row.finished { unfinishedRows.insert(index) }
        return index
    }

    private mutating func store(_ record: TransactionRecord, at index: Int) {
        rows[index] = makeRow(record, rareFieldsIndex: rows[index].rareFieldsIndex)
        if record.finished { unfinishedRows.remove(index) } else { unfinishedRows.insert(index) }
    }

    // MARK: Converting

    func record(at index: Int) -> TransactionRecord {
        let row = rows[index]
        let rare = row.rareFieldsIndex >= 0 ? rareFields[row.rareFieldsIndex] : TransactionRareFields()
        return TransactionRecord(
            id: idText(row.id), originalID: idText(row.originalID), productID: names.value(row.productID),
            productType: row.productType, account: names.value(row.account),
            purchaseDevice: names.value(row.purchaseDevice), purchaseDate: Date(timeIntervalSinceReferenceDate: row.purchaseDate),
            quantity: row.quantity, price: row.price, currency: names.optionalValue(row.currency),
            storefront: names.optionalValue(row.storefront), credit: names.optionalValue(row.credit),
            creditAmount: row.creditAmount,
            expiresDate: row.expiresDate.isNaN ? nil : Date(timeIntervalSinceReferenceDate: row.expiresDate),
            offer: names.optionalValue(row.offer).flatMap(AppliedOffer.init(rawValue:)), state: row.state, failureReason: rare.failureReason,
            revocationDate: rare.revocationDate, revokedAmount: rare.revokedAmount, shortfall: rare.shortfall,
            replacedBy: rare.replacedBy, replaces: rare.replaces, sequence: row.sequence, finished: row.finished,
            proratedRefund: rare.proratedRefund, isRenewal: row.isRenewal, unsubscribedDate: rare.unsubscribedDate,
            appAccountToken: rare.appAccountToken, passDuration: rare.passDuration, settledFrom: rare.settledFrom,
            settledOrder: rare.settledOrder)
    }

    /// The row for `record`; its rare fields go to `rareFieldsIndex`, or to a new entry when
    /// it has some and had none.
    private mutating func makeRow(_ record: TransactionRecord, rareFieldsIndex: Int) -> TransactionRow {
        let rare = TransactionRareFields(record)
        var rareIndex = rareFieldsIndex
        if rareIndex >= 0 {
            rareFields[rareIndex] = rare
        } else if !rare.isEmpty {
            rareIndex = rareFields.count
            rareFields.append(rare)
        }
        return TransactionRow(
            id: encodeID(record.id), originalID: encodeID(record.originalID),
            purchaseDate: record.purchaseDate.timeIntervalSinceReferenceDate,
            expiresDate: record.expiresDate?.timeIntervalSinceReferenceDate ?? .nan,
            quantity: record.quantity, creditAmount: record.creditAmount, sequence: record.sequence,
            rareFieldsIndex: rareIndex, productID: names.number(for: record.productID),
            account: names.number(for: record.account), purchaseDevice: names.number(for: record.purchaseDevice),
            currency: names.number(forOptional: record.currency), storefront: names.number(forOptional: record.storefront),
            credit: names.number(forOptional: record.credit), offer: names.number(forOptional: record.offer?.rawValue),
            price: record.price, productType: record.productType, state: record.state,
            finished: record.finished, isRenewal: record.isRenewal)
    }

    // MARK: Ids

    /// The store's own ids are decimal numbers (too long to be stored inline as strings);
    /// they are kept as the number. Any other id is kept in the name pool, and its number is
    /// stored negated, so one integer key covers both without collisions.
    private func encodedID(_ id: String) -> Int64? {
        if let number = Self.canonicalNumber(id) { return number }
        return names.existingNumber(for: id).map { -1 - Int64($0) }
    }

    private mutating func encodeID(_ id: String) -> Int64 {
        if let number = Self.canonicalNumber(id) { return number }
        return -1 - Int64(names.number(for: id))
    }

    private func idText(_ encoded: Int64) -> String {
        encoded >= 0 ? String(encoded) : names.value(UInt32(-1 - encoded))
    }

    /// The number an id spells when it is written exactly as `String(number)` would write it
    /// (digits only, no sign, no leading zero), so turning it back gives the same id.
    static func canonicalNumber(_ id: String) -> Int64? {
        let utf8 = id.utf8
        // 18 digits always fit in an Int64.
        guard (1...18).contains(utf8.count), utf8.first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
        var number: Int64 = 0
        for byte in utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            number = number * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return number
    }
}

extension TransactionTable: Sequence {
    public struct Iterator: IteratorProtocol {
        let table: TransactionTable
        var row = 0

        public mutating func next() -> (key: String, value: TransactionRecord)? {
            guard row < table.rows.count else { return nil }
            defer { row += 1 }
            let record = table.record(at: row)
            return (record.id, record)
        }
    }

    public func makeIterator() -> Iterator { Iterator(table: self) }
    public var underestimatedCount: Int { rows.count }
}

extension TransactionTable: Equatable {
    /// Equal when both hold the same transactions in the same order, however their pools
    /// happen to number names.
    public static func == (lhs: TransactionTable, rhs: TransactionTable) -> Bool {
        lhs.count == rhs.count && lhs.indices.allSatisfy { lhs.record(at: $0) == rhs.record(at: $0) }
    }

    private var indices: Range<Int> { rows.indices }
}

/// One transaction in the table: plain values only, so the row holds no references.
struct TransactionRow {
    var id: Int64
    var originalID: Int64
    /// Seconds since the reference date, as `Date` keeps them (so no precision is lost).
    var purchaseDate: Double
    /// NaN when there is none.
    var expiresDate: Double
    var quantity: Int
    var creditAmount: Int
    var sequence: Int
    /// Index into `rareFields`, or -1.
    var rareFieldsIndex: Int
    var productID: UInt32
    var account: UInt32
    var purchaseDevice: UInt32
    var currency: UInt32
    var storefront: UInt32
    var credit: UInt32
    var offer: UInt32
    /// Kept as it is rather than pooled: equal prices may be written differently ("1.1", "1.10").
    var price: Decimal?
    var productType: ProductType
    var state: TransactionState
    var finished: Bool
    var isRenewal: Bool
}

/// The fields that only refunded, failed, switched, unsubscribed or settled transactions, and passes, use.
struct TransactionRareFields {
    var failureReason: String?
    var revocationDate: Date?
    var revokedAmount = 0
    var shortfall = 0
    var replacedBy: String?
    var replaces: String?
    var proratedRefund: Decimal?
    var unsubscribedDate: Date?
    var appAccountToken: String?
    var passDuration: SubscriptionPeriod?
    var settledFrom: TransactionState?
    var settledOrder: Int?

    init() {}

    init(_ record: TransactionRecord) {
        failureReason = record.failureReason
        revocationDate = record.revocationDate
        revokedAmount = record.revokedAmount
        shortfall = record.shortfall
        replacedBy = record.replacedBy
        replaces = record.replaces
        proratedRefund = record.proratedRefund
        unsubscribedDate = record.unsubscribedDate
        appAccountToken = record.appAccountToken
        passDuration = record.passDuration
        settledFrom = record.settledFrom
        settledOrder = record.settledOrder
    }

    var isEmpty: Bool {
        failureReason == nil && revocationDate == nil && revokedAmount == 0 && shortfall == 0 && replacedBy == nil
            && replaces == nil && proratedRefund == nil && unsubscribedDate == nil && appAccountToken == nil && passDuration == nil
            && settledFrom == nil && settledOrder == nil
    }
}
