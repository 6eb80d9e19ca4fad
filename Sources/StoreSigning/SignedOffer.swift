import StoreCatalog
/// The offer terms a signed transaction reports, read from a transaction's offer text.
///
/// The ledger writes offers as `KIND:DETAIL`, e.g. `introductory:freeTrial`; StoreKit 2 reports
/// them as `offerType` (1 introductory, 2 promotional, 3 offer code), `offerDiscountType` and,
/// for promotional offers and offer codes, `offerIdentifier`.
public struct SignedOffer: Sendable, Equatable {
    public var type: Int
    public var discountType: String?
    public var identifier: String?

    public static let introductory = 1
    public static let promotional = 2
    public static let offerCode = 3

    /// Reads an offer text; nil when there is none or its kind is not one StoreKit reports.
    public init?(ledgerText: String?) {
        guard let ledgerText, !ledgerText.isEmpty else { return nil }
        let parts = ledgerText.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let detail = parts.count > 1 ? String(parts[1]) : ""
        switch parts[0] {
        case "introductory":
            type = Self.introductory
            discountType = Self.discountTypes[detail]
            identifier = nil
        case "promotional":
            type = Self.promotional
            discountType = nil
            identifier = detail.isEmpty ? nil : detail
        case "offerCode", "code":
            type = Self.offerCode
            discountType = nil
            identifier = detail.isEmpty ? nil : detail
        default:
            return nil
        }
    }

    /// StoreKit 2's names for the ways an introductory offer is paid.
    private static let discountTypes: [String: String] = [
        OfferPaymentMode.freeTrial.rawValue: "FREE_TRIAL",
        OfferPaymentMode.payAsYouGo.rawValue: "PAY_AS_YOU_GO",
        OfferPaymentMode.payUpFront.rawValue: "PAY_UP_FRONT",
    ]
}
