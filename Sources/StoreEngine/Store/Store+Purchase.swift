import Foundation
import StoreCatalog

extension Store {
    /// The most a buyer may take of one consumable in a single purchase, as on the App Store.
    public static let maximumQuantity = 10
    static let firstTransactionNumber: Int64 = 2_000_000_000_000_001

    /// How a purchase should go, beyond the product itself.
    public struct PurchaseOptions: Sendable {
        /// Forces a cancel or a failure for this call; otherwise the device's one-shot
        /// "next purchase" setting applies.
        public var simulate: PurchaseSimulation?
        /// A promotional offer of the subscription, by id.
        public var offerID: String?
        /// False leaves the transaction unfinished, as if the app crashed before finishing
        /// it; `deliverUnfinished` delivers it later.
        public var finish: Bool
        /// The app's own UUID for the buyer, carried into the signed transaction.
        public var appAccountToken: UUID?
        /// The signature of the promotional offer `offerID`, made with an in-app purchase key.
        public var offerSignature: PromotionalOfferSignature?
        /// What the buyer was shown as due now (a payment sheet): a purchase that would charge
        /// anything else now is refused, since the store may have changed since it was shown.
        public var shownCharge: Decimal?
        /// The buyer was shown that buying changes nothing (the product held already, a switch
        /// scheduled): a purchase that would record anything is refused, since the store may
        /// have changed since it was shown and nothing was asked.
        public var changesNothingShown: Bool
        /// For a subscription plan, what the buyer was shown buying does (a payment sheet):
        /// start a subscription or an upgrade now (true), or change what renews, at the next
        /// renewal or by turning renewal on (false). A purchase that would do the other is
        /// refused: the same amount due now, nothing for a free trial and for a switch, can
        /// hide a different purchase. Nil when nothing was shown.
        public var shownStartingNow: Bool?
        /// For a plan change, or a renewal turned back on, that takes effect at the next
        /// renewal: the renewal date the buyer was shown. A purchase that would take effect at
        /// another (the plan renewed meanwhile) is refused. Nil when nothing was shown.
        public var shownRenewalDate: Date?
        /// Where the buyer was shown a plan starting now (`shownStartingNow` true): the plan
        /// the sheet said it replaces (an upgrade), or nil where it said it starts a new
        /// subscription. A purchase that would do the other, or replace another plan, is
        /// refused: the same amount due can hide an upgrade nobody was shown.
        public var shownUpgradeFrom: String?
        /// Where the buyer was shown an upgrade: true when the sheet said nothing of the plan it
        /// replaces comes back (a free period, a billing problem). An upgrade that would refund
        /// part of it (its billing was resolved, or it renewed, meanwhile) is refused: the sheet
        /// did not say what becomes of the money.
        public var shownNothingRefunded: Bool

        public init(simulate: PurchaseSimulation? = nil, offerID: String? = nil, finish: Bool = true,
                    appAccountToken: UUID? = nil, offerSignature: PromotionalOfferSignature? = nil, shownCharge: Decimal? = nil,
                    changesNothingShown: Bool = false, shownStartingNow: Bool? = nil, shownRenewalDate: Date? = nil,
                    shownUpgradeFrom: String? = nil, shownNothingRefunded: Bool = false) {
            self.shownStartingNow = shownStartingNow
            self.shownUpgradeFrom = shownUpgradeFrom
            self.shownNothingRefunded = shownNothingRefunded
            self.shownRenewalDate = shownRenewalDate
            self.simulate = simulate
            self.offerID = offerID
            self.finish = finish
            self.appAccountToken = appAccountToken
            self.offerSignature = offerSignature
            self.shownCharge = shownCharge
            self.changesNothingShown = changesNothingShown
        }
    }

    /// Buys `productID` for `buyer` in `storefront`.
    ///
    /// Throws only for storage problems; everything the store decides is an outcome.
    public func purchase(_ productID: String, quantity: Int = 1, buyer: Buyer, storefront: String,
                         simulate: PurchaseSimulation? = nil) throws -> PurchaseOutcome {
        try purchase(productID, quantity: quantity, buyer: buyer, storefront: storefront,
                     options: PurchaseOptions(simulate: simulate))
    }

    public func purchase(_ productID: String, quantity: Int = 1, buyer: Buyer, storefront: String,
                         options: PurchaseOptions) throws -> PurchaseOutcome {
        let request = StoreDecisions.PurchaseRequest(productID: productID, quantity: quantity, buyer: buyer,
                                                     storefront: storefront, options: options)
        // What the catalog alone refuses is refused before the ledger's lock is taken.
        if let refusal = decisions.purchaseRefusal(for: request) { return try Self.report(refusal) }
        return try commitPurchase { state, now throws(StoreRefusal) in
            let decision = try decisions.purchase(request, in: state, at: now)
            if options.changesNothingShown, !decision.events.isEmpty { throw .purchase(.changedSinceShown(productID: productID)) }
            return decision
        }
    }
}

/// Defaults for what a catalog may leave out.
public enum CatalogDefaults {
    /// How long a non-renewing subscription lasts when the catalog does not say.
    public static let nonRenewingDuration = SubscriptionPeriod(value: 1, unit: .year)
}
