import StoreCatalog
/// The offer terms a signed transaction reports, read from a transaction's offer text and the
/// catalog's terms for it.
///
/// The ledger writes offers as `KIND:DETAIL`, e.g. `introductory:freeTrial`; Apple reports
/// them as `offerType` (1 introductory, 2 promotional, 3 offer code, 4 win-back),
/// `offerDiscountType`, `offerPeriod` and, except for introductory offers, `offerIdentifier`.
public struct SignedOffer: Sendable, Equatable {
    public var type: Int
    public var discountType: String?
    public var identifier: String?
    /// The length of the offer period this transaction covers (ISO 8601), when the catalog says.
    public var period: String?

    public static let introductory = 1
    public static let promotional = 2
    public static let offerCode = 3
    public static let winBack = 4

    /// Reads an offer text with the catalog's terms for it (`paymentMode`, `period`); nil when
    /// there is no offer or its kind is not one Apple reports.
    public init?(ledgerText: String?, paymentMode: OfferPaymentMode? = nil, period: String? = nil) {
        guard let ledgerText, !ledgerText.isEmpty else { return nil }
        let parts = ledgerText.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let detail = parts.count > 1 ? String(parts[1]) : ""
        switch parts[0] {
        case "introductory":
            type = Self.introductory
            identifier = nil
        case "promotional":
            type = Self.promotional
            identifier = detail.isEmpty ? nil : detail
        case "offerCode", "code":
            type = Self.offerCode
            identifier = detail.isEmpty ? nil : detail
        case "winBack":
            type = Self.winBack
            identifier = detail.isEmpty ? nil : detail
        default:
            return nil
        }
        let mode = paymentMode ?? (type == Self.introductory ? OfferPaymentMode(rawValue: detail) : nil)
        discountType = mode.map(Self.discountType)
        self.period = period
    }

    /// Apple's names for the ways an offer is paid.
    private static func discountType(_ mode: OfferPaymentMode) -> String {
        switch mode {
        case .freeTrial: "FREE_TRIAL"
        case .payAsYouGo: "PAY_AS_YOU_GO"
        case .payUpFront: "PAY_UP_FRONT"
        }
    }
}
