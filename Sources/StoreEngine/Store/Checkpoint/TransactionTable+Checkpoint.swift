import Foundation
import StoreCatalog

/// Writing the table into a checkpoint and reading it back.
extension TransactionTable {
    func write(to writer: inout CheckpointWriter) {
        writer.write(names.values) { $0.write($1) }
        // A ledger repeats a few prices many times: each is written (and parsed back) once.
        var prices = ValuePool<Decimal>()
        let priceNumbers = rows.map { row in row.price.map { prices.number(for: $0) } }
        writer.write(prices.values) { $0.write($1) }
        writer.write(rows.count)
        for (row, price) in zip(rows, priceNumbers) { row.write(to: &writer, price: price) }
        writer.write(rareFields) { writer, rare in rare.write(to: &writer) }
    }

    /// The table a checkpoint holds, its indexes rebuilt; every name number and side-list
    /// index is checked, so a bad checkpoint is refused rather than read out of range.
    init(from reader: inout CheckpointReader) throws(CheckpointFormatError) {
        guard let pool = ValuePool(values: try reader.readList { reader throws(CheckpointFormatError) in try reader.readString() }) else {
            throw CheckpointFormatError(reason: "a name is listed twice")
        }
        let prices = try reader.readList { reader throws(CheckpointFormatError) in try reader.readDecimal() }
        // Read straight into chunks: a flat list first would hold every row twice for a moment.
        var rows = ChunkedArray<TransactionRow>()
        for _ in 0..<(try reader.readCount()) { rows.append(try TransactionRow(from: &reader, prices: prices)) }
        self.init(names: pool, rows: rows, rareFields: try reader.readList(TransactionRareFields.init(from:)))
        for row in rows {
            let names = [row.productID, row.account, row.purchaseDevice]
            let optionalNames = [row.currency, row.storefront, row.credit, row.offer]
            guard names.allSatisfy({ self.names.isValid($0) }), optionalNames.allSatisfy({ self.names.isValid($0, optional: true) }),
                  row.rareFieldsIndex < rareFields.count, row.rareFieldsIndex >= -1,
                  row.id >= 0 || self.names.isValid(UInt32(clamping: -1 - row.id)),
                  row.originalID >= 0 || self.names.isValid(UInt32(clamping: -1 - row.originalID))
            else { throw CheckpointFormatError(reason: "a transaction refers to a name or field that is not there") }
        }
        guard rebuildIndexes() else { throw CheckpointFormatError(reason: "a transaction id is listed twice") }
    }
}

extension TransactionRow {
    private static let productTypes = ProductType.allCases
    private static let states = TransactionState.allCases

    /// Writes the row with its price as `price`, its number in the checkpoint's price list.
    func write(to writer: inout CheckpointWriter, price: UInt32?) {
        writer.write(id)
        writer.write(originalID)
        writer.write(purchaseDate)
        writer.write(expiresDate)
        writer.write(quantity)
        writer.write(creditAmount)
        writer.write(sequence)
        writer.write(rareFieldsIndex)
        for name in [productID, account, purchaseDevice, currency, storefront, credit, offer] { writer.write(name) }
        writer.write(price) { $0.write($1) }
        writer.write(case: productType, of: Self.productTypes)
        writer.write(case: state, of: Self.states)
        writer.write(finished)
        writer.write(isRenewal)
    }

    init(from reader: inout CheckpointReader, prices: [Decimal]) throws(CheckpointFormatError) {
        id = try reader.readInt64()
        originalID = try reader.readInt64()
        purchaseDate = try reader.readDouble()
        expiresDate = try reader.readDouble()
        quantity = try reader.readInt()
        creditAmount = try reader.readInt()
        sequence = try reader.readInt()
        rareFieldsIndex = try reader.readInt()
        productID = try reader.readUInt32()
        account = try reader.readUInt32()
        purchaseDevice = try reader.readUInt32()
        currency = try reader.readUInt32()
        storefront = try reader.readUInt32()
        credit = try reader.readUInt32()
        offer = try reader.readUInt32()
        price = try reader.readOptional { reader throws(CheckpointFormatError) in
            let number = try reader.readInt()
            guard prices.indices.contains(number) else { throw CheckpointFormatError(reason: "a price is not in the list") }
            return prices[number]
        }
        productType = try reader.readCase(of: Self.productTypes)
        state = try reader.readCase(of: Self.states)
        finished = try reader.readBool()
        isRenewal = try reader.readBool()
    }
}

extension TransactionRareFields {
    func write(to writer: inout CheckpointWriter) {
        writer.write(failureReason) { $0.write($1) }
        writer.write(revocationDate) { $0.write($1) }
        writer.write(revokedAmount)
        writer.write(shortfall)
        writer.write(replacedBy) { $0.write($1) }
        writer.write(replaces) { $0.write($1) }
        writer.write(proratedRefund) { $0.write($1) }
        writer.write(unsubscribedDate) { $0.write($1) }
        writer.write(appAccountToken) { $0.write($1) }
        writer.write(passDuration) { $0.write($1.description) }
        writer.write(settledFrom) { $0.write($1.rawValue) }
        writer.write(settledOrder) { $0.write($1) }
    }

    init(from reader: inout CheckpointReader) throws(CheckpointFormatError) {
        let text = { (reader: inout CheckpointReader) throws(CheckpointFormatError) -> String in try reader.readString() }
        let date = { (reader: inout CheckpointReader) throws(CheckpointFormatError) -> Date in try reader.readDate() }
        self.init()
        failureReason = try reader.readOptional(text)
        revocationDate = try reader.readOptional(date)
        revokedAmount = try reader.readInt()
        shortfall = try reader.readInt()
        replacedBy = try reader.readOptional(text)
        replaces = try reader.readOptional(text)
        proratedRefund = try reader.readOptional { reader throws(CheckpointFormatError) in try reader.readDecimal() }
        unsubscribedDate = try reader.readOptional(date)
        appAccountToken = try reader.readOptional(text)
        passDuration = try reader.readOptional { reader throws(CheckpointFormatError) in
            let written = try reader.readString()
            guard let duration = SubscriptionPeriod(iso8601: written) else {
                throw CheckpointFormatError(reason: "\"\(written)\" is not a pass's duration")
            }
            return duration
        }
        settledFrom = try reader.readOptional { reader throws(CheckpointFormatError) in
            let written = try reader.readString()
            guard let state = TransactionState(rawValue: written) else {
                throw CheckpointFormatError(reason: "\"\(written)\" is not a transaction state")
            }
            return state
        }
        settledOrder = try reader.readOptional { reader throws(CheckpointFormatError) in try reader.readInt() }
    }
}
