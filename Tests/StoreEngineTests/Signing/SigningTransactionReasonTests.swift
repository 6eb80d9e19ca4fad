import Foundation
import Testing
@testable import StoreEngine

/// The signed `transactionReason`: PURCHASE for whatever the buyer bought (an upgrade too),
/// RENEWAL only for a period the store renewed.
@Suite struct SigningTransactionReasonTests {
    func reason(of record: TransactionRecord, in fixture: SigningFixture) throws -> String? {
        try TokenParts.object(try fixture.sign(record), segment: 1)["transactionReason"] as? String
    }

    @Test func anUpgradeIsSignedAsAPurchase() throws {
        let fixture = try SigningFixture()
        let monthly = try fixture.buy(Rage.monthly)
        let yearly = try fixture.buy(Rage.yearly)
        #expect(yearly.originalID == monthly.id)
        #expect(try reason(of: yearly, in: fixture) == "PURCHASE")
    }

    @Test func aRenewalIsSignedAsARenewal() throws {
        let fixture = try SigningFixture()
        _ = try fixture.buy(Rage.yearly)
        try fixture.store.advance(by: try #require(StoreDuration("P1Y")), buyer: phone)
        let renewal = try #require(fixture.store.transactions(for: "tester").first { $0.isRenewal })
        #expect(try reason(of: renewal, in: fixture) == "RENEWAL")
    }
}
