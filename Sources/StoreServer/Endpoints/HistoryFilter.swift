import Foundation
import StoreCatalog
import StoreEngine
import StorefrontText

/// The query parameters of Get Transaction History, read and checked as Apple checks them.
struct HistoryFilter {
    enum Order { case ascending, descending }

    var startDate: Date?
    var endDate: Date?
    var productIDs: Set<String>
    var productTypes: Set<ProductType>
    var order: Order
    var groups: Set<String>
    /// True: only refunded transactions; false: only those not refunded; nil: both.
    var revoked: Bool?

    /// Apple's product type names, and which of ours each covers.
    static let productTypeNames: [String: [ProductType]] = [
        "AUTO_RENEWABLE": [.autoRenewable], "NON_RENEWABLE": [.nonRenewing, .freeSubscription],
        "CONSUMABLE": [.consumable], "NON_CONSUMABLE": [.nonConsumable],
    ]

    init(_ request: HTTPRequest) throws(AppStoreAPIError) {
        typealias Code = AppStoreAPIError.Code
        startDate = try Self.date(try request.singleQueryValue("startDate"), code: Code.invalidStartDate, name: "startDate")
        endDate = try Self.date(try request.singleQueryValue("endDate"), code: Code.invalidEndDate, name: "endDate")
        if let startDate, let endDate, startDate > endDate {
            throw .badRequest(Code.startDateAfterEndDate, ServerText.startAfterEnd)
        }
        productIDs = Set(request.queryValues("productId"))
        var types: Set<ProductType> = []
        for name in request.queryValues("productType") {
            guard let covered = Self.productTypeNames[name] else {
                throw .badRequest(Code.invalidProductType, ServerText.invalidValue("productType", name, allowed: Self.productTypeNames.keys.sorted()))
            }
            types.formUnion(covered)
        }
        productTypes = types
        switch try request.singleQueryValue("sort") {
        case nil, "ASCENDING": order = .ascending
        case "DESCENDING": order = .descending
        case let other?: throw .badRequest(Code.invalidSort, ServerText.invalidValue("sort", other, allowed: ["ASCENDING", "DESCENDING"]))
        }
        groups = Set(request.queryValues("subscriptionGroupIdentifier"))
        // Every transaction here is bought by the account itself: no family sharing.
        let ownership = try request.singleQueryValue("inAppOwnershipType")
        if let ownership, !["PURCHASED", "FAMILY_SHARED"].contains(ownership) {
            throw .badRequest(Code.invalidInAppOwnershipType,
                              ServerText.invalidValue("inAppOwnershipType", ownership, allowed: ["FAMILY_SHARED", "PURCHASED"]))
        }
        onlyFamilyShared = ownership == "FAMILY_SHARED"
        // Apple's Python client sends Python's "True"/"False".
        switch try request.singleQueryValue("revoked")?.lowercased() {
        case nil: revoked = nil
        case "true": revoked = true
        case "false": revoked = false
        case let other?: throw .badRequest(Code.invalidRevoked, ServerText.invalidValue("revoked", other, allowed: ["true", "false"]))
        }
    }

    private var onlyFamilyShared = false

    /// The transactions of `records` this filter keeps, in its order; `state` tells which are
    /// revoked, as their signed transactions say.
    func apply(_ records: [TransactionRecord], catalog: Catalog, state: LedgerState) -> [TransactionRecord] {
        if onlyFamilyShared { return [] }
        let kept = records.filter { record in
            if let startDate, record.purchaseDate < startDate { return false }
            if let endDate, record.purchaseDate >= endDate { return false }
            if !productIDs.isEmpty, !productIDs.contains(record.productID) { return false }
            if !productTypes.isEmpty, !productTypes.contains(record.productType) { return false }
            if !groups.isEmpty, !groups.contains(catalog.product(id: record.productID)?.subscription?.group ?? "") { return false }
            if let revoked, revoked != state.isRevoked(record) { return false }
            return true
        }
        return order == .ascending ? kept : kept.reversed()
    }

    /// Milliseconds since 1970, as Apple's dates are given.
    private static func date(_ text: String?, code: Int, name: String) throws(AppStoreAPIError) -> Date? {
        guard let text else { return nil }
        // Digits only: Swift's Int64 also reads "+5", which Apple's field (an integer) does not have.
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int64(text), milliseconds >= 0 else {
            throw .badRequest(code, ServerText.notMilliseconds(name, text))
        }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }
}
