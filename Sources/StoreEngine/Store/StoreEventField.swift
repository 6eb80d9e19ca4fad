import Foundation
import StoreJSON
import StoreLedger

/// One member of a ledger line: its name, how it is read into a `StoreEvent`, how it is written.
///
/// `StoreEvent.ledgerFields` lists every field once; the fast line writer and the fast line
/// reader both walk that list, so a field is declared in one place beside the synthesized
/// `Codable` (which the slow paths use). A test compares the list with the event's stored
/// properties, so a field added to `StoreEvent` and not here fails it.
struct StoreEventField: Sendable {
    let name: StaticString
    /// Stores a member's value in the event; false when it has the wrong type for the field.
    let read: @Sendable (inout StoreEvent, FlatJSONObjectReader.Value) -> Bool
    /// Writes the field as a member, or nothing when it is not set.
    let write: @Sendable (StoreEvent, inout FlatJSONObjectWriter) -> Void

    /// A field holding `Value`, got and set through the two closures.
    init<Value: LedgerMemberValue>(_ name: StaticString, get: @escaping @Sendable (StoreEvent) -> Value?,
                                   set: @escaping @Sendable (inout StoreEvent, Value) -> Void) {
        self.name = name
        read = { event, member in
            guard let value = Value(ledgerMember: member) else { return false }
            set(&event, value)
            return true
        }
        write = { event, writer in
            if let value = get(event) { value.writeLedgerMember(name, into: &writer) }
        }
    }

    var nameText: String { name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
}

extension StoreEvent {
    /// Every field of a ledger event, each once. The order here is free: the writer sorts them
    /// as `JSONEncoder`'s sorted keys do, the reader looks them up by name.
    static let ledgerFields: [StoreEventField] = [
        StoreEventField("account", get: { $0.account }, set: { $0.account = $1 }),
        StoreEventField("amount", get: { $0.amount }, set: { $0.amount = $1 }),
        StoreEventField("app", get: { $0.app }, set: { $0.app = $1 }),
        StoreEventField("appAccountToken", get: { $0.appAccountToken }, set: { $0.appAccountToken = $1 }),
        StoreEventField("awaiting", get: { $0.awaiting }, set: { $0.awaiting = $1 }),
        StoreEventField("consumption", get: { $0.consumption }, set: { $0.consumption = $1 }),
        StoreEventField("extendByDays", get: { $0.extendByDays }, set: { $0.extendByDays = $1 }),
        StoreEventField("extendReasonCode", get: { $0.extendReasonCode }, set: { $0.extendReasonCode = $1 }),
        StoreEventField("requestIdentifier", get: { $0.requestIdentifier }, set: { $0.requestIdentifier = $1 }),
        StoreEventField("credit", get: { $0.credit }, set: { $0.credit = $1 }),
        StoreEventField("currency", get: { $0.currency }, set: { $0.currency = $1 }),
        StoreEventField("device", get: { $0.device }, set: { $0.device = $1 }),
        StoreEventField("duration", get: { $0.duration }, set: { $0.duration = $1 }),
        StoreEventField("expiresDate", get: { $0.expiresDate }, set: { $0.expiresDate = $1 }),
        StoreEventField("issuerId", get: { $0.issuerId }, set: { $0.issuerId = $1 }),
        StoreEventField("keyId", get: { $0.keyId }, set: { $0.keyId = $1 }),
        StoreEventField("notificationId", get: { $0.notificationId }, set: { $0.notificationId = $1 }),
        StoreEventField("notificationIndex", get: { $0.notificationIndex }, set: { $0.notificationIndex = $1 }),
        StoreEventField("notificationSeq", get: { $0.notificationSeq }, set: { $0.notificationSeq = $1 }),
        StoreEventField("offerNonce", get: { $0.offerNonce }, set: { $0.offerNonce = $1 }),
        StoreEventField("publicKey", get: { $0.publicKey }, set: { $0.publicKey = $1 }),
        StoreEventField("graceExpiresDate", get: { $0.graceExpiresDate }, set: { $0.graceExpiresDate = $1 }),
        StoreEventField("group", get: { $0.group }, set: { $0.group = $1 }),
        StoreEventField("kind", get: { $0.kind }, set: { $0.kind = $1 }),
        StoreEventField("offer", get: { $0.offer }, set: { $0.offer = $1 }),
        StoreEventField("offerPeriodsLeft", get: { $0.offerPeriodsLeft }, set: { $0.offerPeriodsLeft = $1 }),
        StoreEventField("originalTransactionId", get: { $0.originalTransactionId }, set: { $0.originalTransactionId = $1 }),
        StoreEventField("price", get: { $0.price }, set: { $0.price = $1 }),
        StoreEventField("productId", get: { $0.productId }, set: { $0.productId = $1 }),
        StoreEventField("productType", get: { $0.productType }, set: { $0.productType = $1 }),
        StoreEventField("proratedRefund", get: { $0.proratedRefund }, set: { $0.proratedRefund = $1 }),
        StoreEventField("quantity", get: { $0.quantity }, set: { $0.quantity = $1 }),
        StoreEventField("rate", get: { $0.rate }, set: { $0.rate = $1 }),
        StoreEventField("realTime", get: { $0.realTime }, set: { $0.realTime = $1 }),
        StoreEventField("reason", get: { $0.reason }, set: { $0.reason = $1 }),
        StoreEventField("renewalKey", get: { $0.renewalKey }, set: { $0.renewalKey = $1 }),
        StoreEventField("replacesTransactionId", get: { $0.replacesTransactionId }, set: { $0.replacesTransactionId = $1 }),
        StoreEventField("setting", get: { $0.setting }, set: { $0.setting = $1 }),
        StoreEventField("shortfall", get: { $0.shortfall }, set: { $0.shortfall = $1 }),
        StoreEventField("spendId", get: { $0.spendId }, set: { $0.spendId = $1 }),
        StoreEventField("statusCode", get: { $0.statusCode }, set: { $0.statusCode = $1 }),
        StoreEventField("storeTime", get: { $0.storeTime }, set: { $0.storeTime = $1 }),
        StoreEventField("storefront", get: { $0.storefront }, set: { $0.storefront = $1 }),
        StoreEventField("time", get: { $0.time }, set: { $0.time = $1 }),
        StoreEventField("transactionId", get: { $0.transactionId }, set: { $0.transactionId = $1 }),
        StoreEventField("transactionIds", get: { $0.transactionIds }, set: { $0.transactionIds = $1 }),
        StoreEventField("unfinished", get: { $0.unfinished }, set: { $0.unfinished = $1 }),
        StoreEventField("value", get: { $0.value }, set: { $0.value = $1 }),
    ]

    /// The fields every event has; a line without any of them is not an event.
    static let requiredLedgerFields: Set<String> = ["kind", "time", "app", "account", "device"]
}
