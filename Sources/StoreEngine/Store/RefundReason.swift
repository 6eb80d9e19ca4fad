/// Why the customer asked for a refund, in the App Store's words (`consumptionRequestReason`
/// of a CONSUMPTION_REQUEST notification). A refund records one only when it is given.
public enum RefundReason: String, CaseIterable, Sendable {
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    case legal = "LEGAL"
    case other = "OTHER"

    /// The word typed for it on the command line: "unintended-purchase", "legal".
    public var word: String { rawValue.lowercased().replacingOccurrences(of: "_", with: "-") }

    /// The reason `text` names: its word or Apple's name, in either case.
    public init?(word text: String) {
        guard let found = Self.allCases.first(where: { $0.word == text.lowercased() || $0.rawValue == text.uppercased() }) else {
            return nil
        }
        self = found
    }
}
