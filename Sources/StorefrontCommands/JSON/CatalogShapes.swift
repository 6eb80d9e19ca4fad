import Foundation
import StoreCatalog
import StoreEngine

/// The shapes of `products --json` and `catalog lint --json`.
extension JSONShapes {
    public struct ProductEntry: Codable, Sendable {
        public var id: String
        public var type: String
        public var title: String
        public var description: String
        public var price: String?
        public var currency: String
        public var displayPrice: String?
        public var available: Bool
        public var status: String
        public var credit: String?
        public var balance: Int?
        /// Credits bought on this device and not delivered yet (`buy --no-finish`), which come
        /// to `balance` once delivered; left out when none wait.
        public var undelivered: Int?
        public var grants: Int?
        public var purchaseDate: Date?
        public var expiresDate: Date?
        /// In a billing problem with a grace period: when the grace period's access ends
        /// (`expiresDate` is then when the period paid for ended, as in `entitlements --json`).
        public var gracePeriodExpiresDate: Date?
        /// For an expired subscription, when its access ended, where that is not `expiresDate`
        /// (it ended in a grace period, or an expire cut its period short), as in `entitlements --json`.
        public var accessEndDate: Date?
        public var willAutoRenew: Bool?
        /// While a purchase of the product waits (`awaitingApproval`, `needsAction`), how many it
        /// asks for, when more than one.
        public var waitingQuantity: Int?
        /// Beside an interrupted purchase (`needsAction`), a request for the same product that
        /// waits for a parent too: `awaitingApproval`.
        public var alsoWaiting: String?
        public var group: String?
        public var level: Int?
        public var subscriptionPeriod: String?
        public var duration: String?
        public var introOffer: Offer?
        public var promotionalOffers: [Offer]?
    }

    public struct Offer: Codable, Sendable {
        public var id: String?
        public var paymentMode: String
        public var period: String
        public var periods: Int
        public var price: String?
        public var displayPrice: String?
    }

    public struct Problem: Codable, Sendable {
        public var severity: String
        public var file: String
        public var line: Int?
        public var column: Int?
        public var productId: String?
        public var field: String?
        @AdvisedMessage public var message: String

        init(_ problem: CatalogProblem) {
            severity = problem.severity.rawValue
            file = problem.file
            line = problem.line > 0 ? problem.line : nil
            column = problem.line > 0 ? problem.column : nil
            productId = problem.productID
            field = problem.field.isEmpty ? nil : problem.field
            message = problem.message
        }
    }
}
