import Foundation
import StorefrontCommands
import StoreSigning
import Testing
@testable import StorefrontTesting

/// A promotional offer bought through Ask to Buy or an interrupted purchase, through the
/// binary: what the request reports while it waits, and the offer the completed purchase
/// carries into its renewals and signed data; and `verify-transaction` on an upgraded plan.
@Suite struct WaitingOfferCLITests {
    static let product = "com.example.rage.pro.monthly"
    static let offer = "rage.pro.comeback"
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// The claims of a compact JWS.
    private func claims(_ token: String?) throws -> [String: Any] {
        let part = try #require(token?.split(separator: ".").dropFirst().first)
        let bytes = try #require(Base64URL.decode(part))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// A past subscriber asks for the comeback offer with `setting` on; the request's `buy --json`.
    private func requestOffer(waitingWith setting: String) throws -> JSONShapes.PurchaseResult {
        #expect(try cli.run(["buy", Self.product]).status == 0)
        #expect(try cli.run(["expire", Self.product]).status == 0)
        #expect(try cli.run(["settings", "set", setting, "true"]).status == 0)
        let request = try cli.run(["buy", Self.product, "--offer", Self.offer, "--json"])
        #expect(try cli.run(["settings", "set", setting, "false"]).status == 0)
        return try request.decoded(JSONShapes.PurchaseResult.self)
    }

    @Test(arguments: [("ask-to-buy", "approve", "pending"), ("interrupted-purchases", "resolve", "needsAction")])
    func aWaitingOfferIsNotReportedAsAppliedAndRenewsUnderTheOfferOnceCompleted(
        setting: String, completion: String, outcome: String) throws {
        let request = try requestOffer(waitingWith: setting)
        #expect(request.outcome == outcome)
        #expect(request.offerApplied == nil, "nothing is bought while the request waits")
        #expect(request.expiresDate == nil, "nothing is bought while the request waits")
        let id = try #require(request.transactionId)
        let listed = try #require(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first { $0.transactionId == id })
        #expect(listed.state == outcome)
        #expect(listed.expiresDate == nil && listed.offer == nil, "transactions --json lists no period or offer either (before: both, planned)")

        let completed = try cli.run([completion, id, "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(completed.outcome == "purchased")
        #expect(completed.expiresDate != nil)
        let renewalInfo = try claims(completed.signedRenewalInfo)
        #expect(renewalInfo["offerType"] as? Int == 2)
        #expect(renewalInfo["offerIdentifier"] as? String == Self.offer)
        #expect(renewalInfo["renewalPrice"] as? Int == 990)

        #expect(try cli.run(["advance", "P1M"]).status == 0)
        #expect(try cli.run(["advance", "1d"]).status == 0)
        let history = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        let renewal = try #require(history.first, "the newest transaction is the renewal")
        #expect(renewal.transactionId != id)
        #expect(renewal.offer == "promotional:\(Self.offer)")
        #expect(renewal.price == "0.99")
        let signed = try claims(renewal.signedTransaction)
        #expect(signed["offerType"] as? Int == 2)
        #expect(signed["offerIdentifier"] as? String == Self.offer)
        #expect(signed["offerPeriod"] as? String == "P1M")
        #expect(signed["offerDiscountType"] as? String == "PAY_AS_YOU_GO")
        #expect(signed["price"] as? Int == 990)
    }

    @Test("a declined request is listed without an expiry or offer: nothing was bought (before: both, as planned)")
    func aDeclinedRequestListsNoPeriodOrOffer() throws {
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let request = try cli.run(["buy", "com.example.rage.pro.monthly", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let id = try #require(request.transactionId)
        #expect(try cli.run(["decline", id]).status == 0)
        let listed = try #require(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first { $0.transactionId == id })
        #expect(listed.state == "declined")
        #expect(listed.expiresDate == nil && listed.offer == nil, "\(listed)")
    }

    @Test func anUpgradedTransactionIsReportedAsReplacedNotValid() throws {
        let monthly = try cli.run(["buy", Self.product, "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let yearly = try cli.run(["buy", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let old = try #require(monthly.transactionId)
        let upgrade = try #require(yearly.transactionId)

        let said = try cli.run(["verify-transaction", old])
        #expect(said.status == 1, "\(said.stdout)")
        #expect(said.stdout.hasPrefix("replaced by an upgrade:"), "\(said.stdout)")
        #expect(said.stdout.contains(upgrade))

        let json = try cli.run(["verify-transaction", old, "--json"]).decoded(JSONShapes.TransactionVerification.self)
        #expect(json.status == "upgraded")
        #expect(json.replacedBy == upgrade)
        #expect(json.payload?.isUpgraded == true)

        // The token signed before the upgrade is judged by what the entitlements file says now.
        let before = try #require(monthly.signedTransaction)
        let token = try cli.run(["verify-transaction", before, "--json"]).decoded(JSONShapes.TransactionVerification.self)
        #expect(token.status == "upgraded" && token.checkedAgainstLedger)

        #expect(try cli.run(["verify-transaction", upgrade]).status == 0)
    }
}
