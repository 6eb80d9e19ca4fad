import StoreCatalog
import StoreLedger

/// The fields whose meaning depends on the kind of event, read in one place and checked when
/// the ledger is read.
extension StoreEvent {
    /// The `value` of a `cancelRenewal` event that turns auto-renew back on; "off" (or no value,
    /// as the first ledgers wrote it) turns it off.
    static let autoRenewOn = "on"
    static let autoRenewOff = "off"

    /// The change a `setting` event makes; nil for another kind, or texts that make none (a
    /// ledger holding such a line reports it as a problem, see `ledgerFieldProblem`).
    var settingChange: SettingChange? {
        guard kind == .setting, let setting, let value else { return nil }
        return try? SettingChange(setting: setting, value: value)
    }

    /// Makes this event record `change`.
    mutating func record(_ change: SettingChange) {
        setting = change.settingText
        value = change.valueText
    }

    public func ledgerFieldProblem() -> LedgerFieldProblem? {
        if let duration, SubscriptionPeriod(iso8601: duration) == nil {
            return LedgerFieldProblem(field: "duration", reason: "\"\(duration)\" is not a duration such as P1M (P, a number from 1 to 1000, and D, W, M or Y)")
        }
        switch kind {
        case .setting:
            guard let setting else { return LedgerFieldProblem(field: "setting", reason: "a setting event names no setting") }
            guard let value else { return LedgerFieldProblem(field: "value", reason: "a setting event gives no value") }
            do {
                _ = try SettingChange(setting: setting, value: value)
            } catch {
                return LedgerFieldProblem(field: error.field, reason: error.reason)
            }
        case .cancelRenewal:
            if let value, value != Self.autoRenewOn, value != Self.autoRenewOff {
                return LedgerFieldProblem(field: "value", reason: "\"\(value)\" is not on or off")
            }
        case .failureConsumed:
            if let setting, StoreOperation(rawValue: setting) == nil {
                return LedgerFieldProblem(field: "setting", reason: "\"\(setting)\" is not an operation errors are injected into")
            }
        case .inAppPurchaseKey, .inAppPurchaseKeyRevoked:
            let needed: [(String, String?)] = kind == .inAppPurchaseKey
                ? [("keyId", keyId), ("issuerId", issuerId), ("publicKey", publicKey)] : [("keyId", keyId)]
            if let missing = needed.first(where: { $0.1 == nil }) {
                return LedgerFieldProblem(field: missing.0, reason: "an in-app purchase key event names no \(missing.0)")
            }
        case .consumptionInfo, .renewalExtended:
            return serverRequestFieldProblem()
        case .refund:
            if let reason, RefundReason(rawValue: reason) == nil {
                return LedgerFieldProblem(field: "reason", reason: "\"\(reason)\" is not a refund reason ("
                                              + RefundReason.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
        case .notificationAttempt:
            guard notificationId != nil else {
                return LedgerFieldProblem(field: "notificationId", reason: "a delivery attempt names no notification")
            }
            guard statusCode != nil || reason != nil else {
                return LedgerFieldProblem(field: "statusCode", reason: "a delivery attempt gives neither a status code nor a reason")
            }
            if (notificationSeq == nil) != (notificationIndex == nil) {
                return LedgerFieldProblem(field: notificationSeq == nil ? "notificationSeq" : "notificationIndex",
                                          reason: "a delivery attempt names the causing event's sequence and the "
                                              + "notification's place among its notifications together, or neither")
            }
            if let sequence = notificationSeq, let index = notificationIndex, sequence < 1 || index < 0 {
                return LedgerFieldProblem(field: sequence < 1 ? "notificationSeq" : "notificationIndex",
                                          reason: "a delivery attempt names no event at sequence \(sequence), place \(index)")
            }
        default:
            break
        }
        return nil
    }
}
