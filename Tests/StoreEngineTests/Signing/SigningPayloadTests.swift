import Foundation
import Testing
@testable import StoreEngine
@testable import StoreSigning
import StoreCatalog

@Suite struct SigningPayloadTests {
    @Test func aConsumableCarriesAppleFieldNamesUnitPriceInMilliunitsAndNoSubscriptionFields() throws {
        let fixture = try SigningFixture()
        let record = try fixture.buy(Rage.face, quantity: 3)
        let token = try fixture.sign(record, appAccountToken: "6b0b1c4e-2f4a-4f7e-9d55-0c1f4b1a9e21")
        let claims = try TokenParts.object(token, segment: 1)
        let purchased = SignedTransactionPayload.milliseconds(record.purchaseDate)

        #expect(claims["transactionId"] as? String == record.id)
        #expect(claims["originalTransactionId"] as? String == record.id)
        #expect(claims["bundleId"] as? String == "com.example.rage")
        #expect(claims["productId"] as? String == Rage.face)
        #expect(claims["type"] as? String == "Consumable")
        #expect(claims["quantity"] as? Int == 3)
        #expect(claims["price"] as? Int == 990)
        #expect(claims["currency"] as? String == "USD")
        #expect(claims["storefront"] as? String == "USA")
        #expect((claims["purchaseDate"] as? NSNumber)?.int64Value == purchased)
        #expect((claims["originalPurchaseDate"] as? NSNumber)?.int64Value == purchased)
        #expect((claims["signedDate"] as? NSNumber)?.int64Value == fixture.nowInMilliseconds)
        #expect(claims["environment"] as? String == "Sandbox")
        #expect(claims["storefrontId"] as? String == "143441")
        #expect(claims["appTransactionId"] as? String
            == (try AppStoreIdentifiers.appTransactionID(bundleID: "com.example.rage", account: record.account)))
        #expect(claims["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(claims["transactionReason"] as? String == "PURCHASE")
        #expect(claims["appAccountToken"] as? String == "6b0b1c4e-2f4a-4f7e-9d55-0c1f4b1a9e21")
        for absent in ["expiresDate", "offerType", "offerDiscountType", "revocationDate", "revocationReason",
                       "subscriptionGroupIdentifier", "isUpgraded", "webOrderLineItemId", "offerPeriod"] {
            #expect(claims[absent] == nil, "\(absent)")
        }
    }

    @Test("Every one of the 175 storefronts has its App Store id, each its own, so every signed transaction carries storefrontId (before: 17 of them)")
    func everyStorefrontHasItsID() throws {
        let ids = CountryCodes.entries.map(\.storefrontID)
        #expect(ids.count == 175 && Set(ids).count == 175)
        #expect(ids.allSatisfy { $0.count == 6 && $0.allSatisfy(\.isNumber) })
        #expect(CountryCodes.storefrontID(forStorefront: "NOR") == "143457" && CountryCodes.storefrontID(forStorefront: "kwt") == "143493"
                && CountryCodes.storefrontID(forStorefront: "XKS") == "143624" && CountryCodes.storefrontID(forStorefront: "ZZZ") == nil)
        let fixture = try SigningFixture()
        var record = try fixture.buy(Rage.face)
        #expect(try TokenParts.object(try fixture.sign(record), segment: 1)["storefrontId"] as? String == "143441")
        record.storefront = "SAU"
        let payload = SignedTransactionPayload(record: record, context: TransactionSigningContext(
            bundleID: "com.example.rage", originalPurchaseDate: record.purchaseDate, signedDate: record.purchaseDate))
        #expect(payload.storefront == "SAU" && payload.storefrontId == "143479", "\(payload)")
    }

    @Test func theAppTransactionIdIsOnePerAccountAndAppOnEveryDevice() throws {
        let id = try AppStoreIdentifiers.appTransactionID(bundleID: "com.example.rage", account: "tester")
        #expect(id == (try AppStoreIdentifiers.appTransactionID(bundleID: "com.example.rage", account: "tester")))
        #expect(id != (try AppStoreIdentifiers.appTransactionID(bundleID: "com.example.rage", account: "other")))
        #expect(id != (try AppStoreIdentifiers.appTransactionID(bundleID: "com.example.space", account: "tester")))
        #expect(!id.isEmpty && id.count <= 18 && id.allSatisfy(\.isNumber))
    }

    @Test func datesAreWholeMillisecondsSince1970() {
        let date = Date(timeIntervalSince1970: 1_796_000_000.1234)
        #expect(SignedTransactionPayload.milliseconds(date) == 1_796_000_000_123)
        #expect(SignedTransactionPayload.date(milliseconds: 1_796_000_000_123).timeIntervalSince1970 == 1_796_000_000.123)
    }

    @Test func aSubscriptionWithAFreeTrialReportsTheIntroductoryOffer() throws {
        let fixture = try SigningFixture()
        let record = try fixture.buy(Rage.monthly)
        let claims = try TokenParts.object(try fixture.sign(record), segment: 1)
        let week: Int64 = 7 * 86_400_000

        #expect(claims["type"] as? String == "Auto-Renewable Subscription")
        #expect(claims["subscriptionGroupIdentifier"] as? String == "rage-pro")
        #expect(claims["offerType"] as? Int == SignedOffer.introductory)
        #expect(claims["offerDiscountType"] as? String == "FREE_TRIAL")
        #expect(claims["offerPeriod"] as? String == "P1W")
        #expect(claims["offerIdentifier"] == nil)
        #expect(claims["webOrderLineItemId"] as? String == record.id)
        #expect(claims["price"] as? Int == 0)
        #expect((claims["expiresDate"] as? NSNumber)?.int64Value == SignedTransactionPayload.milliseconds(record.purchaseDate) + week)
    }

    @Test func aSubscriptionIsExpiredOnceItsPeriodHasPassed() throws {
        let fixture = try SigningFixture()
        let token = try fixture.sign(try fixture.buy(Rage.monthly))
        fixture.stores.clock.advance(by: 7 * 86_400 - 1)
        #expect(fixture.store.verifySignedTransaction(token, with: fixture.verifier).status == .valid)
        fixture.stores.clock.advance(by: 1)
        let expired = fixture.store.verifySignedTransaction(token, with: fixture.verifier)
        #expect(expired.status == .expired, "\(expired.detail)")
        #expect(expired.checkedAgainstLedger)
        #expect(fixture.verifier.verify(jws: token, now: fixture.stores.clock.now()).status == .expired)
    }

    @Test func aRefundedTransactionCarriesItsRevocationAndIsRevoked() throws {
        let fixture = try SigningFixture()
        let bought = try fixture.buy(Rage.drummer)
        fixture.stores.clock.advance(by: 90)
        _ = try fixture.store.refund(bought.id)
        let refundedAt = fixture.nowInMilliseconds
        let token = try fixture.sign(try fixture.record(bought.id))
        let claims = try TokenParts.object(token, segment: 1)

        #expect((claims["revocationDate"] as? NSNumber)?.int64Value == refundedAt)
        #expect(claims["revocationReason"] as? Int == 0)
        let result = fixture.verifier.verify(jws: token, now: fixture.stores.clock.now())
        #expect(result.status == .revoked)
        #expect(result.payload?.revocationDate == refundedAt)
        #expect(result.detail.contains("refunded"))
    }

    @Test func aFreeSubscriptionIsANonRenewingOneAtNoCostThatNeverExpires() throws {
        let fixture = try SigningFixture()
        let token = try fixture.sign(try fixture.buy(Rage.newsletter))
        let claims = try TokenParts.object(token, segment: 1)
        #expect(claims["type"] as? String == "Non-Renewing Subscription")
        #expect(claims["price"] as? Int == 0)
        #expect(claims["expiresDate"] == nil)
        fixture.stores.clock.advance(by: 400 * 86_400)
        #expect(fixture.store.verifySignedTransaction(token, with: fixture.verifier).status == .valid)
    }

    @Test func aNonRenewingPassAndAReplacedPlanAreNamedAsApplesPayloadNamesThem() throws {
        let fixture = try SigningFixture()
        let season = try TokenParts.object(try fixture.sign(try fixture.buy(Rage.season)), segment: 1)
        #expect(season["type"] as? String == "Non-Renewing Subscription")
        #expect(season["price"] as? Int == 4990)
        #expect(season["expiresDate"] != nil)

        let monthly = try fixture.buy(Rage.monthly)
        _ = try fixture.buy(Rage.yearly)
        let replaced = try TokenParts.object(try fixture.sign(try fixture.record(monthly.id)), segment: 1)
        #expect(replaced["isUpgraded"] as? Bool == true)
    }

    @Test(arguments: [
        ("introductory:payAsYouGo", 1, "PAY_AS_YOU_GO", nil),
        ("introductory:payUpFront", 1, "PAY_UP_FRONT", nil),
        ("promotional:winback-50", 2, nil, "winback-50"),
        ("offerCode:SPRING", 3, nil, "SPRING"),
    ] as [(String, Int, String?, String?)])
    func offersMapToStoreKitOfferTypes(text: String, type: Int, discount: String?, identifier: String?) throws {
        let offer = try #require(SignedOffer(ledgerText: text))
        #expect(offer.type == type)
        #expect(offer.discountType == discount)
        #expect(offer.identifier == identifier)
    }

    @Test func unknownOrMissingOffersAreLeftOut() {
        #expect(SignedOffer(ledgerText: nil) == nil)
        #expect(SignedOffer(ledgerText: "") == nil)
        #expect(SignedOffer(ledgerText: "loyalty:gold") == nil)
    }
}
