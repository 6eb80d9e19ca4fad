import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// Numbers near the ends of `Int` never make the fold trap, and decisions refuse them first.
@Suite struct StoreExtremeNumberTests {
    static let huge = Int.max / 2 + 1

    /// Rage with its face pack granting `amount` and no maximum on rage faces, as a catalog read
    /// without limits (or an older version) could have it.
    func catalog(grant amount: Int) throws -> Catalog {
        var catalog = try CatalogLoader.loadBundled("Rage")
        catalog.credits = catalog.credits.map { credit in
            var unlimited = credit
            unlimited.maximum = nil
            return unlimited
        }
        catalog.products = catalog.products.map { product in
            var changed = product
            if product.id == Rage.face { changed.grant?.amount = amount }
            return changed
        }
        return catalog
    }

    func purchase(amount: Int, id: String) -> StoreEvent {
        var event = StoreEvent(kind: .purchase, time: Date(timeIntervalSince1970: 1_796_000_000), app: "com.example.rage",
                               account: "tester", device: "phone")
        event.transactionId = id
        event.productId = Rage.face
        event.productType = .consumable
        event.quantity = 1
        event.credit = "rage-faces"
        event.amount = amount
        return event
    }

    @Test func foldingHugeGrantsSaturatesInsteadOfTrapping() {
        var state = LedgerState(app: "com.example.rage", creditScopes: ["rage-faces": .account])
        state.apply(purchase(amount: Self.huge, id: "2000000000000001"), sequence: 1)
        state.apply(purchase(amount: Self.huge, id: "2000000000000002"), sequence: 2)
        #expect(state.balance(of: "rage-faces", for: phone) == Int.max)
        var spend = StoreEvent(kind: .spend, time: Date(timeIntervalSince1970: 1_796_000_001), app: "com.example.rage",
                               account: "tester", device: "phone")
        spend.spendId = "s1"
        spend.credit = "rage-faces"
        spend.amount = Int.min
        state.apply(spend, sequence: 3)
        #expect(state.balance(of: "rage-faces", for: phone) == Int.max)
    }

    @Test func aPurchaseThatWouldPassTheLargestBalanceIsRefused() throws {
        let fixture = StoreFixture(catalog: try catalog(grant: Self.huge))
        let store = try fixture.store()
        let outcome = try store.purchase(Rage.face, quantity: 2, buyer: phone, storefront: "USA")
        guard case let .refused(.overMaximum(credit, maximum, balance, adding, _, _)) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(credit == "rage-faces" && maximum == CatalogLimits.creditMaximums.upperBound && balance == 0 && adding == Int.max)
        #expect(fixture.log.allEvents.isEmpty)
    }

    @Test func lintBoundsAmountsMaximumsAndOfferPeriods() {
        let text = """
        {
          "format": "storefront-catalog", "version": 1,
          "app": {"name": "Test", "bundleId": "com.example.test"},
          "defaultLanguage": "en",
          "storefronts": [{"code": "USA", "currency": "USD"}],
          "credits": [{"id": "coins", "maximum": 9223372036854775807}, {"id": "gems"}],
          "products": [
            {"id": "a", "type": "consumable", "localizations": {"en": {"title": "A"}}, "prices": {"USA": "1"},
             "grant": {"credit": "gems", "amount": 4611686018427387904}},
            {"id": "b", "type": "consumable", "localizations": {"en": {"title": "B"}}, "prices": {"USA": "1"},
             "grant": {"credit": "gems", "amount": 99999999999999999999}},
            {"id": "c", "type": "autoRenewable", "localizations": {"en": {"title": "C"}}, "prices": {"USA": "1"},
             "subscription": {"group": "g", "period": "P1M", "introOffer": {"paymentMode": "freeTrial", "period": "P1W", "periods": 5000}}}
          ]
        }
        """
        let report = CatalogLoader.lint(bytes: Array(text.utf8), file: "limits.json")
        #expect(report.catalog == nil)
        let errors = report.problems.filter { $0.severity == .error }
        #expect(errors.map(\.field) == ["credits[0].maximum", "products[0].grant.amount", "products[1].grant.amount",
                                        "products[2].subscription.introOffer.periods"])
        #expect(errors.allSatisfy { $0.message.contains("out of range") && $0.line > 0 })
        #expect(errors.dropFirst().first?.message.contains("from 1 to 1000000000") == true)
    }
}
