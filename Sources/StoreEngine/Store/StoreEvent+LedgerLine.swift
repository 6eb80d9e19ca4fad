import Foundation
import StoreCatalog
import StoreJSON
import StoreLedger

/// Reading a `StoreEvent` from a ledger line without `JSONDecoder`.
///
/// Every key of the synthesized `Codable` form is known here; a key that is not (a field added
/// to `StoreEvent` without teaching this reader) makes the line fall back to `JSONDecoder`, so a
/// new field is never dropped, only decoded more slowly.
extension StoreEvent: LedgerLineDecodable {
    private enum Field: Int, CaseIterable {
        case kind, time, app, account, device, transactionId, originalTransactionId, replacesTransactionId
        case productId, productType, quantity, price, currency, storefront, credit, amount, shortfall
        case expiresDate, offer, reason, transactionIds, setting, value, spendId, storeTime, realTime, rate
        case renewalKey, graceExpiresDate, awaiting, unfinished, proratedRefund, group, offerPeriodsLeft
        case appAccountToken
        /// Members every ledger line has, which are not part of the event.
        case seq, mac

        var name: String {
            switch self {
            case .kind: "kind"
            case .time: "time"
            case .app: "app"
            case .account: "account"
            case .device: "device"
            case .transactionId: "transactionId"
            case .originalTransactionId: "originalTransactionId"
            case .replacesTransactionId: "replacesTransactionId"
            case .productId: "productId"
            case .productType: "productType"
            case .quantity: "quantity"
            case .price: "price"
            case .currency: "currency"
            case .storefront: "storefront"
            case .credit: "credit"
            case .amount: "amount"
            case .shortfall: "shortfall"
            case .expiresDate: "expiresDate"
            case .offer: "offer"
            case .reason: "reason"
            case .transactionIds: "transactionIds"
            case .setting: "setting"
            case .value: "value"
            case .spendId: "spendId"
            case .storeTime: "storeTime"
            case .realTime: "realTime"
            case .rate: "rate"
            case .renewalKey: "renewalKey"
            case .graceExpiresDate: "graceExpiresDate"
            case .awaiting: "awaiting"
            case .unfinished: "unfinished"
            case .proratedRefund: "proratedRefund"
            case .group: "group"
            case .offerPeriodsLeft: "offerPeriodsLeft"
            case .appAccountToken: "appAccountToken"
            case .seq: "seq"
            case .mac: "mac"
            }
        }

        static let byName: [String: Field] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }

    public static func decodeLedgerLine(_ line: UnsafeBufferPointer<UInt8>, dateEncoding: LedgerDateEncoding) -> StoreEvent? {
        // Only whole-second dates have a fast path; millisecond ledgers use JSONDecoder.
        guard dateEncoding == .iso8601, var reader = FlatJSONObjectReader(line) else { return nil }
        var event = StoreEvent(kind: .purchase, time: .distantPast, app: "", account: "", device: "")
        var seen: UInt64 = 0
        while true {
            switch reader.next() {
            case .unsupported:
                return nil
            case .end:
                let required: [Field] = [.kind, .time, .app, .account, .device]
                return required.allSatisfy({ seen & (1 << $0.rawValue) != 0 }) ? event : nil
            case let .member(key, value):
                guard let field = Field.byName[String(decoding: key, as: UTF8.self)],
                      seen & (1 << field.rawValue) == 0, event.set(field, to: value) else { return nil }
                seen |= 1 << field.rawValue
            }
        }
    }

    /// Stores `value` in `field`; false when it has the wrong type for the field.
    private mutating func set(_ field: Field, to value: FlatJSONObjectReader.Value) -> Bool {
        switch (field, value) {
        case (.seq, .integer), (.mac, .string): break
        case let (.kind, .string(text)):
            guard let parsed = Kind(rawValue: text) else { return false }
            kind = parsed
        case let (.time, .string(text)):
            guard let date = ISO8601SecondsParser.date(from: text) else { return false }
            time = date
        case let (.app, .string(text)): app = text
        case let (.account, .string(text)): account = text
        case let (.device, .string(text)): device = text
        case let (.transactionId, .string(text)): transactionId = text
        case let (.originalTransactionId, .string(text)): originalTransactionId = text
        case let (.replacesTransactionId, .string(text)): replacesTransactionId = text
        case let (.productId, .string(text)): productId = text
        case let (.productType, .string(text)):
            guard let parsed = ProductType(rawValue: text) else { return false }
            productType = parsed
        case let (.quantity, .integer(number)): quantity = number
        case let (.price, .string(text)): price = text
        case let (.currency, .string(text)): currency = text
        case let (.storefront, .string(text)): storefront = text
        case let (.credit, .string(text)): credit = text
        case let (.amount, .integer(number)): amount = number
        case let (.shortfall, .integer(number)): shortfall = number
        case let (.expiresDate, .string(text)):
            guard let date = ISO8601SecondsParser.date(from: text) else { return false }
            expiresDate = date
        case let (.offer, .string(text)): offer = text
        case let (.reason, .string(text)): reason = text
        case let (.transactionIds, .strings(texts)): transactionIds = texts
        case let (.setting, .string(text)): setting = text
        case let (.value, .string(text)): self.value = text
        case let (.spendId, .string(text)): spendId = text
        case let (.storeTime, .string(text)):
            guard let date = ISO8601SecondsParser.date(from: text) else { return false }
            storeTime = date
        case let (.realTime, .string(text)):
            guard let date = ISO8601SecondsParser.date(from: text) else { return false }
            realTime = date
        case let (.rate, .string(text)):
            guard let parsed = TimeRate(rawValue: text) else { return false }
            rate = parsed
        case let (.renewalKey, .string(text)): renewalKey = text
        case let (.graceExpiresDate, .string(text)):
            guard let date = ISO8601SecondsParser.date(from: text) else { return false }
            graceExpiresDate = date
        case let (.awaiting, .string(text)): awaiting = text
        case let (.unfinished, .bool(flag)): unfinished = flag
        case let (.proratedRefund, .string(text)): proratedRefund = text
        case let (.group, .string(text)): group = text
        case let (.offerPeriodsLeft, .integer(number)): offerPeriodsLeft = number
        case let (.appAccountToken, .string(text)): appAccountToken = text
        default: return false
        }
        return true
    }
}
