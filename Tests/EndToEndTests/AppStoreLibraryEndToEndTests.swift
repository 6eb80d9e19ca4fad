import Foundation
import StoreCatalog
import StoreEngine
import Testing
import StoreSigning
@testable import StorefrontTesting

/// Apple's own App Store Server Library, unmodified, given this store's root certificate,
/// verifies and decodes what the store signs, and refuses what it must.
@Suite(.enabled(if: AppStoreLibraryCheck.isAvailable || AppStoreLibraryCheck.isRequired,
                "python3 cannot import Apple's app-store-server-library; `python3 -m pip install app-store-server-library` enables these tests"))
struct AppStoreLibraryEndToEndTests {
    static let bundleID = "com.example.rage"
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    func succeed(_ arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    func rootDER(of process: StorefrontProcess? = nil) throws -> [UInt8] {
        let result = try (process ?? cli).run(["certificate", "--der"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdoutBytes
    }

    /// `transactions --json` of `account`.
    func listed(account: String = "tester") throws -> [[String: Any]] {
        try #require(try cli.run(["--account", account, "transactions", "--json"]).jsonArray())
    }

    /// Apple's milliseconds for an ISO 8601 date of a listing.
    static func milliseconds(_ text: Any?) -> Int64? {
        guard let text = text as? String, let date = ISO8601DateFormatter().date(from: text) else { return nil }
        return SignedTransactionPayload.milliseconds(date)
    }

    static let appleTypes = ["consumable": "Consumable", "nonConsumable": "Non-Consumable",
                             "autoRenewable": "Auto-Renewable Subscription", "nonRenewing": "Non-Renewing Subscription",
                             "freeSubscription": "Non-Renewing Subscription"]

    /// Expects every field the library decoded to say what the ledger's listing says.
    static func expectDecoded(_ fields: [String: Any], match entry: [String: Any]) {
        let id = entry["transactionId"] as? String ?? "?"
        for name in ["transactionId", "originalTransactionId", "productId", "storefront", "currency"] {
            #expect(fields[name] as? String == entry[name] as? String, "\(id) \(name)")
        }
        #expect(fields["bundleId"] as? String == bundleID)
        #expect(fields["environment"] as? String == "Sandbox")
        #expect(fields["quantity"] as? Int == entry["quantity"] as? Int, "\(id)")
        #expect(fields["type"] as? String == appleTypes[entry["type"] as? String ?? ""], "\(id)")
        let quantity = Decimal(entry["quantity"] as? Int ?? 1)
        let unitPrice = (entry["price"] as? String).flatMap { Decimal(string: $0) }.map { $0 / quantity }
        #expect((fields["price"] as? NSNumber)?.int64Value == unitPrice.map(ExactDecimal.milliunits), "\(id) price")
        #expect((fields["purchaseDate"] as? NSNumber)?.int64Value == milliseconds(entry["purchaseDate"]), "\(id)")
        #expect((fields["expiresDate"] as? NSNumber)?.int64Value == milliseconds(entry["expiresDate"]), "\(id)")
        #expect((fields["revocationDate"] as? NSNumber)?.int64Value == milliseconds(entry["revocationDate"]), "\(id)")
        #expect(fields["revocationReason"] as? Int == (entry["revocationDate"] == nil ? nil : 0), "\(id)")
        #expect(fields["isUpgraded"] as? Bool == (entry["replacedBy"] == nil ? nil : true), "\(id)")
        let offer = entry["offer"] as? String
        let offerType: Int? = offer.map { $0.hasPrefix("introductory:") ? 1 : $0.hasPrefix("promotional:") ? 2 : 0 }
        #expect(fields["offerType"] as? Int == offerType, "\(id) offer")
        #expect(fields["offerIdentifier"] as? String == offer.flatMap { $0.hasPrefix("promotional:") ? String($0.dropFirst(12)) : nil })
    }

    @Test func everyProductTypeARenewalARefundAnUpgradeAndEachOfferTypeVerifyAndDecode() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        try succeed(["buy", "com.example.rage.face.random", "--quantity", "2"])
        try succeed(["buy", "com.example.rage.comic.drummer"])
        try succeed(["buy", "com.example.rage.season"])
        try succeed(["buy", "com.example.rage.newsletter"])
        try succeed(["buy", "com.example.rage.pro.monthly"])
        try succeed(["advance", "P8D"])
        try succeed(["buy", "com.example.rage.pro.yearly"])
        let drummer = try #require(try listed().first { $0["productId"] as? String == "com.example.rage.comic.drummer" })
        try succeed(["refund", try #require(drummer["transactionId"] as? String)])
        try succeed(["--account", "promo", "buy", "com.example.rage.pro.monthly"])
        try succeed(["--account", "promo", "expire", "com.example.rage.pro.monthly"])
        try succeed(["--account", "promo", "buy", "com.example.rage.pro.monthly", "--offer", "rage.pro.comeback"])

        let entries = try listed() + listed(account: "promo")
        #expect(entries.count == 9)
        let tokens = try entries.map { try #require($0["signedTransaction"] as? String) }
        let verdicts = try AppStoreLibraryCheck.verify(tokens.map { (.transaction, $0) }, rootDER: try rootDER(),
                                                       bundleID: Self.bundleID, appAppleID: 1)
        for (entry, verdict) in zip(entries, verdicts) {
            #expect(verdict.verified, "\(entry["transactionId"] ?? "?"): \(verdict.status ?? "")")
            Self.expectDecoded(verdict.fields, match: entry)
        }
        let decoded = verdicts.map(\.fields)
        #expect(Set(decoded.compactMap { $0["type"] as? String }).count == 4)
        #expect(decoded.contains { $0["transactionReason"] as? String == "RENEWAL" })
        #expect(decoded.contains { $0["revocationDate"] != nil })
        #expect(decoded.contains { $0["isUpgraded"] as? Bool == true })
        #expect(decoded.contains { $0["offerType"] as? Int == 1 && $0["offerDiscountType"] as? String == "FREE_TRIAL"
                && $0["offerPeriod"] as? String == "P1W" })
        #expect(decoded.contains { $0["offerType"] as? Int == 2 && $0["offerIdentifier"] as? String == "rage.pro.comeback"
                && $0["offerDiscountType"] as? String == "PAY_AS_YOU_GO" })
    }

    @Test func aChangedByteAnotherStoresAuthorityTheWrongAppAndTheWrongEnvironmentAreRefused() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let bought = try #require(try cli.run(["buy", "com.example.rage.noads", "--json"]).json() as? [String: Any])
        let token = try #require(bought["signedTransaction"] as? String)
        let other = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let foreign = try #require((try other.run(["buy", "com.example.rage.noads", "--json"]).json() as? [String: Any])?["signedTransaction"] as? String)
        let root = try rootDER()

        let items: [(AppStoreLibraryCheck.Kind, String)] = [
            (.transaction, token),
            (.transaction, SigningEndToEndTests.changing(token, segment: 1, offset: 40)),
            (.transaction, SigningEndToEndTests.changing(token, segment: 2, offset: 10)),
            (.transaction, foreign),
        ]
        let verdicts = try AppStoreLibraryCheck.verify(items, rootDER: root, bundleID: Self.bundleID)
        #expect(verdicts.map(\.verified) == [true, false, false, false])
        #expect(verdicts.dropFirst().allSatisfy { $0.status == "VERIFICATION_FAILURE" }, "\(verdicts.map(\.status))")
        // The other store's token verifies with the other store's root: it was refused for its authority alone.
        #expect(try AppStoreLibraryCheck.verify([(.transaction, foreign)], rootDER: try rootDER(of: other),
                                                bundleID: Self.bundleID).first?.verified == true)

        let otherApp = try AppStoreLibraryCheck.verify([(.transaction, token)], rootDER: root, bundleID: "com.example.other")
        #expect(otherApp.first?.status == "INVALID_APP_IDENTIFIER")
        let production = try AppStoreLibraryCheck.verify([(.transaction, token)], rootDER: root, bundleID: Self.bundleID,
                                                         environment: "PRODUCTION", appAppleID: 1)
        #expect(production.first?.status == "INVALID_ENVIRONMENT")
    }

    @Test func aLeafWithoutTheAppStoreMarkerIsRefused() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let bought = try #require(try cli.run(["buy", "com.example.rage.noads", "--json"]).json() as? [String: Any])
        let token = try #require(bought["signedTransaction"] as? String)
        let payload = String(decoding: try #require(Base64URL.decode(token.split(separator: ".")[1])), as: UTF8.self)
        // The same claims under a test-only chain whose leaf lacks the marker, and under a
        // faithful test-only chain, both trusted as roots: only the marker differs.
        let names = (root: "Marker test root", intermediate: "Marker test intermediate", leaf: "Marker test leaf")
        let unmarked = try CertificateChain.issue(names: names, organization: "Tests", leafMarker: nil)
        let marked = try CertificateChain.issue(names: names, organization: "Tests")
        let refused = try AppStoreLibraryCheck.verify([(.transaction, try unmarked.sign(payload: Array(payload.utf8)))],
                                                      rootDER: unmarked.root.der, bundleID: Self.bundleID)
        #expect(refused.first?.status == "VERIFICATION_FAILURE")
        let accepted = try AppStoreLibraryCheck.verify([(.transaction, try marked.sign(payload: Array(payload.utf8)))],
                                                       rootDER: marked.root.der, bundleID: Self.bundleID)
        #expect(accepted.first?.verified == true)
    }

    /// The monthly subscription of `entitlements --json`.
    func monthlyStatus() throws -> [String: Any] {
        let shown = try #require(try cli.run(["entitlements", "--json"]).json() as? [String: Any])
        let subscriptions = try #require(shown["subscriptions"] as? [[String: Any]])
        return try #require(subscriptions.first { $0["productId"] as? String == "com.example.rage.pro.monthly" })
    }

    @Test func renewalInfoInGraceAndInBillingRetryAndTheAppTransactionVerifyAndDecode() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        try succeed(["buy", "com.example.rage.pro.monthly"])
        try succeed(["settings", "set", "billing-retry", "true"])
        try succeed(["settings", "set", "grace-period", "true"])
        try succeed(["advance", "P8D"])
        let grace = try monthlyStatus()
        #expect(grace["state"] as? String == "inGracePeriod")
        try succeed(["advance", "P17D"])
        let retry = try monthlyStatus()
        #expect(retry["state"] as? String == "inBillingRetryPeriod")
        let app = try #require(try cli.run(["app-transaction", "--json"]).json() as? [String: Any])

        let verdicts = try AppStoreLibraryCheck.verify([
            (.renewalInfo, try #require(grace["signedRenewalInfo"] as? String)),
            (.renewalInfo, try #require(retry["signedRenewalInfo"] as? String)),
            (.appTransaction, try #require(app["signedAppTransaction"] as? String)),
        ], rootDER: try rootDER(), bundleID: Self.bundleID)
        #expect(verdicts.map(\.verified) == [true, true, true], "\(verdicts.map(\.status))")
        for (status, decoded) in zip([grace, retry], verdicts.prefix(2).map(\.fields)) {
            #expect(decoded["originalTransactionId"] as? String == status["originalTransactionId"] as? String)
            #expect(decoded["productId"] as? String == "com.example.rage.pro.monthly")
            #expect(decoded["autoRenewProductId"] as? String == "com.example.rage.pro.monthly")
            #expect(decoded["autoRenewStatus"] as? Int == 1)
            #expect(decoded["isInBillingRetryPeriod"] as? Bool == true)
            #expect((decoded["recentSubscriptionStartDate"] as? NSNumber)?.int64Value
                == Self.milliseconds(status["originalPurchaseDate"]))
            #expect(decoded["environment"] as? String == "Sandbox")
            #expect(decoded["renewalPrice"] as? Int == 2990 && decoded["currency"] as? String == "USD")
        }
        #expect((verdicts[0].fields["gracePeriodExpiresDate"] as? NSNumber)?.int64Value
            == Self.milliseconds(grace["gracePeriodExpiresDate"]))
        #expect(verdicts[1].fields["gracePeriodExpiresDate"] == nil)

        let appTransaction = verdicts[2].fields
        let payload = try #require(app["payload"] as? [String: Any])
        #expect(appTransaction["bundleId"] as? String == Self.bundleID)
        #expect(appTransaction["receiptType"] as? String == "Sandbox")
        #expect(appTransaction["appTransactionId"] as? String == app["appTransactionId"] as? String)
        #expect(appTransaction["deviceVerification"] as? String == payload["deviceVerification"] as? String)
        #expect(appTransaction["deviceVerificationNonce"] as? String == payload["deviceVerificationNonce"] as? String)
        #expect((appTransaction["originalPurchaseDate"] as? NSNumber)?.int64Value == Self.milliseconds(grace["originalPurchaseDate"]))
        let otherDevice = try #require(try cli.run(["--device", "tablet", "app-transaction", "--json"]).json() as? [String: Any])
        #expect(otherDevice["appTransactionId"] as? String == app["appTransactionId"] as? String, "one per account")
        #expect(otherDevice["deviceVerificationId"] as? String != app["deviceVerificationId"] as? String, "one check per device")
    }

    @Test func theEnvironmentSettingIsShownAndStampedAndTheLibraryChecksItInProduction() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let catalog = try TestCatalog(appAppleID: 1_234_567_890).write()
        let settings = try #require(try cli.run(["--catalog", catalog, "settings", "--json"]).json() as? [String: Any])
        #expect(settings["environment"] as? String == "Sandbox")
        try succeed(["--catalog", catalog, "settings", "set", "environment", "Production"])
        let shown = try cli.run(["--catalog", catalog, "settings"]).stdout
        #expect(shown.range(of: #"\n  environment +Production\n"#, options: .regularExpression) != nil, "\(shown)")
        #expect(try cli.run(["--catalog", catalog, "settings", "set", "environment", "production"]).status == 2)

        let bought = try #require(try cli.run(["--catalog", catalog, "buy", TestCatalog.nonConsumableID, "--json"]).json() as? [String: Any])
        let token = try #require(bought["signedTransaction"] as? String)
        let app = try #require(try cli.run(["--catalog", catalog, "app-transaction", "--json"]).json() as? [String: Any])
        let appToken = try #require(app["signedAppTransaction"] as? String)
        let root = try rootDER()
        let production = try AppStoreLibraryCheck.verify([(.transaction, token), (.appTransaction, appToken)], rootDER: root,
                                                         bundleID: "com.example.test", environment: "PRODUCTION", appAppleID: 1_234_567_890)
        #expect(production.map(\.verified) == [true, true], "\(production.map(\.status))")
        #expect(production[0].fields["environment"] as? String == "Production")
        #expect(production[1].fields["appAppleId"] as? Int == 1_234_567_890)
        let otherApp = try AppStoreLibraryCheck.verify([(.appTransaction, appToken)], rootDER: root, bundleID: "com.example.test",
                                                       environment: "PRODUCTION", appAppleID: 42)
        #expect(otherApp.first?.status == "INVALID_APP_IDENTIFIER")
        let sandbox = try AppStoreLibraryCheck.verify([(.transaction, token)], rootDER: root, bundleID: "com.example.test")
        #expect(sandbox.first?.status == "INVALID_ENVIRONMENT")
    }

    @Test func aNewUsersFirstSubscriptionAndItsRenewalInfoVerifyAndOneChangedByteIsRefused() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let bought = try #require(try cli.run(["buy", "com.example.rage.pro.monthly", "--json"]).json() as? [String: Any])
        let transaction = try #require(bought["signedTransaction"] as? String)
        let renewal = try #require(bought["signedRenewalInfo"] as? String)
        let verdicts = try AppStoreLibraryCheck.verify(
            [(.transaction, transaction), (.renewalInfo, renewal),
             (.renewalInfo, SigningEndToEndTests.changing(renewal, segment: 1, offset: 30))],
            rootDER: try rootDER(), bundleID: Self.bundleID)
        #expect(verdicts.map(\.verified) == [true, true, false], "\(verdicts.map(\.status))")
        #expect(verdicts[1].fields["originalTransactionId"] as? String == bought["transactionId"] as? String)
        #expect(verdicts[1].fields["autoRenewStatus"] as? Int == 1)
        let consumable = try #require(try cli.run(["buy", "com.example.rage.face.random", "--json"]).json() as? [String: Any])
        #expect(consumable["signedRenewalInfo"] == nil)
    }
}
