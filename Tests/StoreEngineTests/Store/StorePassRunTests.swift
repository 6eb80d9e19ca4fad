import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StorefrontText

/// A refunded pass gives its run's time back: the passes left are dated as if it had never been
/// bought, each with its own recorded duration, and every process folds them alike.
@Suite struct StorePassRunTests {
    let fixture: StoreFixture
    let store: Store
    let threeMonths = SubscriptionPeriod(value: 3, unit: .month)

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    /// Buys a season pass now and returns its transaction.
    private func buyPass() throws -> TransactionRecord {
        guard case .purchased(let record) = try store.purchase(Rage.season, buyer: phone, storefront: "USA") else {
            throw StorePassRunFailure.notBought
        }
        return record
    }

    private func passEnd(in store: Store) -> Date? {
        store.entitlements(for: phone).nonRenewing.first { $0.productID == Rage.season }?.expiresDate
    }

    @Test("A pass refunded in the middle of its run takes its time off the run: the later pass ends a pass earlier (before: the run kept all its time)")
    func aPassRefundedInTheMiddleOfItsRun() throws {
        let start = fixture.clock.now()
        _ = try buyPass()
        fixture.clock.advance(by: 10 * 86_400)
        let middle = try buyPass()
        fixture.clock.advance(by: 40 * 86_400)
        let last = try buyPass()
        #expect(passEnd(in: store) == SubscriptionPeriod(value: 9, unit: .month).added(to: start))
        let result = try store.refund(middle.id)
        let sixMonths = SubscriptionPeriod(value: 6, unit: .month).added(to: start)
        #expect(passEnd(in: store) == sixMonths)
        #expect(result.passesActiveUntil == sixMonths)
        #expect(store.transactions(for: phone.account).first { $0.id == last.id }?.expiresDate == sixMonths)
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        #expect(text.refundMessage(result).hasSuffix("Rage Season Pass stays active until \(text.date(sixMonths)), on the passes left."))
        // Another process folding the same ledger agrees.
        #expect(passEnd(in: try fixture.store()) == sixMonths)
    }

    @Test("A pass bought after the shortened run ended keeps its whole duration, from its purchase (a shift of later passes cut it to days)")
    func aPassBoughtLateKeepsItsDuration() throws {
        _ = try buyPass() // ends in 3 months
        fixture.clock.advance(by: 10 * 86_400)
        let second = try buyPass() // the run now ends in 6 months
        fixture.clock.advance(by: 120 * 86_400) // after the first pass's 3 months, inside the second's
        let late = try buyPass()
        _ = try store.refund(second.id)
        let ends = try #require(store.transactions(for: phone.account).first { $0.id == late.id }?.expiresDate)
        #expect(ends == threeMonths.added(to: late.purchaseDate), "bought after the first pass ran out, it starts a run of its own")
        #expect(passEnd(in: store) == ends)
    }

    @Test("Refunding the first pass starts the run at the second")
    func refundingTheFirstPass() throws {
        let first = try buyPass()
        fixture.clock.advance(by: 10 * 86_400)
        let second = try buyPass()
        _ = try store.refund(first.id)
        #expect(passEnd(in: store) == threeMonths.added(to: second.purchaseDate))
    }

    @Test("Passes recorded without a duration keep their ends after a refund: the run cannot be laid out again without the catalog")
    func passesRecordedWithoutADuration() throws {
        _ = try buyPass()
        fixture.clock.advance(by: 10 * 86_400)
        let middle = try buyPass()
        let last = try buyPass()
        let before = try #require(last.expiresDate)
        _ = try store.refund(middle.id)
        var older = LedgerState(app: store.catalog.bundleID, creditScopes: store.snapshot.creditScopes)
        for (index, original) in fixture.log.allEvents.enumerated() {
            var event = original
            event.duration = nil
            older.apply(event, sequence: index + 1)
        }
        #expect(older.transactions[last.id]?.expiresDate == before)
        #expect(store.snapshot.transactions[last.id]?.expiresDate != before, "with durations, the run is laid out again")
    }

    @Test("entitlements date a pass from the start of its last run: one bought after the others ran out begins its own (before: the first pass ever, beside the latest one's id)")
    func entitlementsDateThePassFromItsRun() throws {
        _ = try buyPass()
        fixture.clock.advance(by: 120 * 86_400)
        let later = try buyPass()
        let pass = try #require(store.entitlements(for: phone).nonRenewing.first { $0.productID == Rage.season })
        #expect(pass.transactionID == later.id && pass.purchaseDate == later.purchaseDate)
        fixture.clock.advance(by: 10 * 86_400)
        _ = try buyPass()
        #expect(store.entitlements(for: phone).nonRenewing.first?.purchaseDate == later.purchaseDate, "a pass bought in the run extends it")
    }

    @Test("A refund whose run, laid out again, ran out already ends the pass now, and says so (before: only the money, while the pass stopped)")
    func aRefundThatEndsThePassNow() throws {
        let first = try buyPass()
        fixture.clock.advance(by: 31 * 86_400)
        let second = try buyPass() // bought in the run: it ends 6 months after the first
        fixture.clock.advance(by: 120 * 86_400) // the second's own time now, inside the run
        #expect(store.entitlements(for: phone).nonRenewing.first?.isActive == true)
        let result = try store.refund(first.id)
        let ranOut = threeMonths.added(to: second.purchaseDate)
        #expect(result.passEndedNow && result.passesLeftEnded == ranOut && result.passesActiveUntil == nil)
        #expect(store.entitlements(for: phone).nonRenewing.first?.isActive == false)
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        #expect(text.refundMessage(result).hasSuffix(
            "Rage Season Pass is no longer active: without this pass, the passes left ran out \(text.date(ranOut))."))
        // The last pass refunded alone: no passes left.
        let alone = try store.refund(second.id)
        #expect(!alone.passEndedNow, "it had ended already, with the first refund")
    }

    @Test("A ledger line whose duration is not a duration is named as a problem of that field")
    func aBadDurationIsAProblem() throws {
        _ = try buyPass()
        var event = try #require(fixture.log.allEvents.first { $0.productId == Rage.season })
        #expect(event.duration == "P3M" && event.ledgerFieldProblem() == nil)
        event.duration = "3 months"
        #expect(event.ledgerFieldProblem()?.field == "duration")
    }
}

private enum StorePassRunFailure: Error { case notBought }
