import Foundation
import Testing
@testable import StorefrontTesting

/// What Apple's library decodes for a subscription ended by hand and for one renewing inside a
/// pay-as-you-go promotional offer: the dates and prices a server acts on.
@Suite(.enabled(if: AppStoreLibraryCheck.isAvailable || AppStoreLibraryCheck.isRequired,
                "python3 cannot import Apple's app-store-server-library; `python3 -m pip install app-store-server-library` enables these tests"))
struct AppStoreLibraryEndedAndOfferTests {
    static let bundleID = AppStoreLibraryEndToEndTests.bundleID
    /// The main library suite's store and helpers, on a fresh ledger.
    let base: AppStoreLibraryEndToEndTests
    var cli: StorefrontProcess { base.cli }

    init() throws { base = try AppStoreLibraryEndToEndTests() }

    func succeed(_ arguments: [String]) throws { try base.succeed(arguments) }

    func subscription(_ productID: String) throws -> [String: Any] {
        let shown = try #require(try cli.run(["entitlements", "--json"]).json() as? [String: Any])
        let subscriptions = try #require(shown["subscriptions"] as? [[String: Any]])
        return try #require(subscriptions.first { $0["productId"] as? String == productID })
    }

    @Test func aSubscriptionEndedByHandEndsInItsTransactionAndItsSignedTransactionAndIsExpired() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let yearly = "com.example.rage.pro.yearly"
        try succeed(["buy", yearly])
        try succeed(["advance", "P2D"])
        try succeed(["expire", yearly])
        let ended = try subscription(yearly)
        #expect(ended["state"] as? String == "expired")
        let end = try #require(ended["expiresDate"] as? String)

        let listed = try #require(try cli.run(["transactions", "--json"]).jsonArray())
        let entry = try #require(listed.first { $0["productId"] as? String == yearly })
        #expect(entry["expiresDate"] as? String == end, "the transaction ends where the subscription did")
        let token = try #require(entry["signedTransaction"] as? String)
        let verdicts = try AppStoreLibraryCheck.verify([(.transaction, token)], rootDER: try rootDER(), bundleID: Self.bundleID)
        #expect(verdicts.first?.verified == true, "\(verdicts.map(\.status))")
        #expect((verdicts.first?.fields["expiresDate"] as? NSNumber)?.int64Value
            == AppStoreLibraryEndToEndTests.milliseconds(end))

        let id = try #require(entry["transactionId"] as? String)
        let checked = try cli.run(["verify-transaction", id])
        #expect(checked.status == 1 && checked.stdout.contains("expired"), "\(checked.stdout)\(checked.stderr)")
    }

    @Test func renewalInfoInsideAPayAsYouGoOfferGivesTheOffersPriceAndIdentifier() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let monthly = "com.example.rage.pro.monthly"
        try succeed(["buy", monthly])
        try succeed(["expire", monthly])
        try succeed(["buy", monthly, "--offer", "rage.pro.comeback"])
        try succeed(["advance", "P1M5D"])
        let renewing = try subscription(monthly)
        let info = try #require(renewing["signedRenewalInfo"] as? String)
        let verdicts = try AppStoreLibraryCheck.verify([(.renewalInfo, info)], rootDER: try rootDER(), bundleID: Self.bundleID)
        #expect(verdicts.first?.verified == true, "\(verdicts.map(\.status))")
        let decoded = try #require(verdicts.first?.fields)
        #expect(decoded["renewalPrice"] as? Int == 990, "the offer's price: its third period is still to come")
        #expect(decoded["offerType"] as? Int == 2)
        #expect(decoded["offerIdentifier"] as? String == "rage.pro.comeback")
        #expect(decoded["offerDiscountType"] as? String == "PAY_AS_YOU_GO")
        #expect(decoded["offerPeriod"] as? String == "P1M")

        try succeed(["advance", "P1M"])
        let afterOffer = try subscription(monthly)
        let regular = try AppStoreLibraryCheck.verify([(.renewalInfo, try #require(afterOffer["signedRenewalInfo"] as? String))],
                                                      rootDER: try rootDER(), bundleID: Self.bundleID)
        #expect(regular.first?.fields["renewalPrice"] as? Int == 2990, "the offer's last period renews at the regular price")
        #expect(regular.first?.fields["offerType"] == nil && regular.first?.fields["offerIdentifier"] == nil)
    }

    func rootDER() throws -> [UInt8] { try base.rootDER() }
}
