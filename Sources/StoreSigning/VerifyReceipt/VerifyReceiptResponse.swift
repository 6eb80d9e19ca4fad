import Foundation

/// The JSON answer of POST `/verifyReceipt`, with Apple's field names: the status always, and
/// for a valid receipt what it says and what the ledger says now.
///
/// In-app entries and renewal info are string-valued objects, as Apple writes every value of
/// them (`"quantity": "1"`, `"is_trial_period": "false"`).
public struct VerifyReceiptResponse: Encodable, Sendable, Equatable {
    public var status: VerifyReceiptStatus
    /// "Sandbox" or "Production": the environment that answered.
    public var environment: String?
    public var receipt: ReceiptSection?
    /// Every transaction of the receipt's account on its device as the ledger holds it now,
    /// newest first; only when that includes an auto-renewable subscription.
    public var latestReceiptInfo: [[String: String]]?
    /// A new receipt made now from the ledger (base64), with `latestReceiptInfo`.
    public var latestReceipt: String?
    /// One entry per auto-renewable subscription in `latestReceiptInfo`.
    public var pendingRenewalInfo: [[String: String]]?

    /// What the receipt itself says.
    public struct ReceiptSection: Encodable, Sendable, Equatable {
        var fields: [String: String]
        var appItemID: Int
        var inApp: [[String: String]]

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in fields { try container.encode(value, forKey: AnyKey(key)) }
            // Apple's numeric app id, 0 for an app without one (as for apps under development).
            try container.encode(appItemID, forKey: AnyKey("adam_id"))
            try container.encode(appItemID, forKey: AnyKey("app_item_id"))
            try container.encode(inApp, forKey: AnyKey("in_app"))
        }
    }

    /// An answer that is only a status.
    public init(status: VerifyReceiptStatus, environment: String? = nil) {
        self.status = status
        self.environment = environment
    }

    private enum CodingKeys: String, CodingKey {
        case status, environment, receipt
        case latestReceiptInfo = "latest_receipt_info"
        case latestReceipt = "latest_receipt"
        case pendingRenewalInfo = "pending_renewal_info"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.rawValue, forKey: .status)
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encodeIfPresent(receipt, forKey: .receipt)
        try container.encodeIfPresent(latestReceiptInfo, forKey: .latestReceiptInfo)
        try container.encodeIfPresent(latestReceipt, forKey: .latestReceipt)
        try container.encodeIfPresent(pendingRenewalInfo, forKey: .pendingRenewalInfo)
    }

    /// The answer as the JSON bytes of an HTTP body (keys sorted, so equal answers are equal bytes).
    public var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and string maps always encode; the status alone is the fallback.
        return Array((try? encoder.encode(self)) ?? Data("{\"status\":\(status.rawValue)}".utf8))
    }
}

/// A coding key made from any string, for Apple's flat objects.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
