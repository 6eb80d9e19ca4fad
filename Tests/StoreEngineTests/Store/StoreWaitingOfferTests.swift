import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// A subscription bought with an offer that waits (Ask to Buy, interrupted) carries the offer
/// once it completes exactly as a purchase made then does: its price, its periods, its
/// renewals under the offer and the renewal terms it reports.
@Suite struct StoreWaitingOfferTests {
    static let catalogText = """
    {
      "format": "storefront-catalog", "version": 1,
      "app": {"name": "Offers", "bundleId": "com.example.offers"},
      "defaultLanguage": "en",
      "storefronts": [{"code": "USA", "currency": "USD"}],
      "products": [
        {"id": "basic", "type": "autoRenewable", "localizations": {"en": {"title": "Basic"}}, "prices": {"USA": "3"},
         "subscription": {"group": "g", "period": "P1M", "level": 2,
                          "introOffer": {"paymentMode": "payAsYouGo", "period": "P1M", "periods": 3, "prices": {"USA": "1"}},
                          "promotionalOffers": [{"id": "back", "paymentMode": "payAsYouGo", "period": "P1W", "periods": 3,
                                                 "prices": {"USA": "0.5"}}]}},
        {"id": "premium", "type": "autoRenewable", "localizations": {"en": {"title": "Premium"}}, "prices": {"USA": "9"},
         "subscription": {"group": "g", "period": "P1M", "level": 1,
                          "introOffer": {"paymentMode": "freeTrial", "period": "P1W", "periods": 1}}}
      ]
    }
    """

    /// What one subscription transaction charged, under which offer, and for how long.
    struct Charge: Equatable, CustomStringConvertible {
        var price: Decimal?
        var offer: AppliedOffer?
        var seconds: TimeInterval
        var description: String { "\(price.map { "\($0)" } ?? "-") \(offer?.rawValue ?? "regular") \(Int(seconds))s" }
    }

    let fixture: StoreFixture
    let store: Store
    let direct = Buyer(account: "direct", device: "phone")
    let waiting = Buyer(account: "waiting", device: "phone")

    init() throws {
        let report = CatalogLoader.lint(bytes: Array(Self.catalogText.utf8), file: "offers.json")
        fixture = StoreFixture(catalog: try #require(report.catalog))
        store = try fixture.store()
    }

    /// The account's subscription transactions, oldest first (by id within one second).
    func charges(of buyer: Buyer) -> [Charge] {
        store.transactions(for: buyer.account).filter { $0.productType == .autoRenewable && $0.state == .purchased }
            .sorted { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
            .map { Charge(price: $0.price, offer: $0.offer, seconds: ($0.expiresDate ?? $0.purchaseDate).timeIntervalSince($0.purchaseDate)) }
    }

    /// Buys `productID` for `buyer` with `flag` on, then completes the request the way `flag` needs.
    func boughtAfterWaiting(_ productID: String, offerID: String? = nil, buyer: Buyer, flag: StoreSetting) throws -> PurchaseOutcome {
        try store.set(flag, to: "true", for: buyer)
        let request = try store.purchase(productID, buyer: buyer, storefront: "USA", options: .init(offerID: offerID))
        try store.set(flag, to: "false", for: buyer)
        let id = try #require(request.transaction?.id)
        #expect(request.isWaiting)
        return flag == .askToBuy ? try store.approve(id) : try store.resolve(id)
    }

    func advance(days: Int) throws {
        fixture.clock.advance(by: TimeInterval(days * 86_400))
        _ = try store.catchUp()
    }

    /// Both accounts subscribe to basic and end it, so each may take the promotional offer.
    func formerSubscribers() throws {
        for buyer in [direct, waiting] {
            #expect(try store.purchase("basic", buyer: buyer, storefront: "USA").isPurchased)
            _ = try store.expire("basic", buyer: buyer)
        }
    }

    @Test(arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func promotionalOfferCompletedLaterRenewsUnderTheOfferLikeADirectPurchase(flag: StoreSetting) throws {
        try formerSubscribers()
        #expect(try store.purchase("basic", buyer: direct, storefront: "USA", options: .init(offerID: "back")).isPurchased)
        #expect(try boughtAfterWaiting("basic", offerID: "back", buyer: waiting, flag: flag).isPurchased)
        let product = try #require(store.catalog.product(id: "basic"))
        for buyer in [direct, waiting] {
            let chain = try #require(store.subscription("basic", for: buyer.account))
            #expect(chain.offer == .promotional(id: "back") && chain.offerPeriodsLeft == 2)
            let terms = product.nextRenewalTerms(of: chain, storefront: "USA")
            #expect(terms.price == Decimal(string: "0.5") && terms.offer == .promotional(id: "back"))
        }
        try advance(days: 40)
        let week = TimeInterval(7 * 86_400)
        let expected = [Charge(price: Decimal(string: "0.5"), offer: .promotional(id: "back"), seconds: week),
                        Charge(price: Decimal(string: "0.5"), offer: .promotional(id: "back"), seconds: week),
                        Charge(price: Decimal(string: "0.5"), offer: .promotional(id: "back"), seconds: week)]
        #expect(Array(charges(of: direct).dropFirst().prefix(3)) == expected)
        #expect(Array(charges(of: waiting).dropFirst().prefix(3)) == expected)
        #expect(charges(of: waiting).dropFirst(4).first?.offer == nil)
        #expect(charges(of: waiting).dropFirst(4).first?.price == 3)
        #expect(charges(of: waiting).count == charges(of: direct).count)
    }

    @Test(arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func introductoryOfferCompletedLaterRenewsUnderTheOfferLikeADirectPurchase(flag: StoreSetting) throws {
        #expect(try store.purchase("basic", buyer: direct, storefront: "USA").isPurchased)
        #expect(try boughtAfterWaiting("basic", buyer: waiting, flag: flag).isPurchased)
        try advance(days: 100)
        let month = charges(of: direct).map(\.offer)
        #expect(month.prefix(3) == [.introductory(.payAsYouGo), .introductory(.payAsYouGo), .introductory(.payAsYouGo)])
        #expect(month.dropFirst(3).first == .some(nil))
        #expect(charges(of: waiting).map(\.offer) == month)
        #expect(charges(of: waiting).map(\.price) == charges(of: direct).map(\.price))
    }

    @Test func introductoryOfferUsedMeanwhileIsNotGivenAgainOnApproval() throws {
        try store.set(.askToBuy, to: "true", for: waiting)
        let request = try #require(try store.purchase("premium", buyer: waiting, storefront: "USA").transaction)
        #expect(request.offer == .introductory(.freeTrial))
        try store.set(.askToBuy, to: "false", for: waiting)
        // The basic plan bought meanwhile takes the group's introductory offer.
        #expect(try store.purchase("basic", buyer: waiting, storefront: "USA").isPurchased)
        guard case let .purchased(upgrade) = try store.approve(request.id) else {
            Issue.record("expected the approval to upgrade")
            return
        }
        #expect(upgrade.offer == nil)
        #expect(upgrade.price == 9)
        #expect(store.subscription("premium", for: waiting.account)?.offer == nil)
    }

    @Test func completionWrittenWithoutAPriceKeepsTheTermsTheRequestPlanned() throws {
        try store.set(.askToBuy, to: "true", for: waiting)
        let request = try #require(try store.purchase("basic", buyer: waiting, storefront: "USA").transaction)
        var approval = StoreDecisions(catalog: store.catalog).event(.approve, for: waiting, at: fixture.clock.now())
        approval.transactionId = request.id
        var state = store.snapshot
        state.apply(approval, sequence: state.eventCount + 1)
        let made = try #require(state.transactions[request.id])
        #expect(made.state == .purchased)
        #expect(made.offer == .introductory(.payAsYouGo) && made.price == 1)
    }
}
