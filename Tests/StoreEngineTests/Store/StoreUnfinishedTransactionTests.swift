import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontText

/// Purchases the app has not finished (`buy --no-finish`): what they show, refund and restore.
@Suite struct StoreUnfinishedTransactionTests {
    let fixture: StoreFixture
    let store: Store
    let noAds = "com.example.rage.noads"

    init() throws {
        fixture = try StoreFixture()
        store = try fixture.store()
    }

    private var text: StoreText { StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA") }

    @Test func unfinishedConsumableSaysItIsNotDeliveredYet() throws {
        let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA", options: .init(finish: false))
        let message = text.message(for: outcome, product: store.catalog.product(id: Rage.face), balance: 0)
        #expect(!message.contains("you now have"))
        #expect(message.contains("deliver-unfinished"))
    }

    @Test("Credits bought and not delivered yet count toward the credit's maximum, so delivering them never takes the balance over it (before: 45 held and two packs unfinished made 60 of at most 50)")
    func undeliveredCreditsCountTowardTheMaximum() throws {
        _ = try store.purchase(Rage.face, quantity: 9, buyer: phone, storefront: "USA")
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA", options: .init(finish: false)).isPurchased)
        let refused = try store.purchase(Rage.face, buyer: phone, storefront: "USA", options: .init(finish: false))
        guard case .refused(.overMaximum(_, 50, 50, 5, 5, phone.device)) = refused else {
            Issue.record("expected a refusal counting the 5 not delivered, got \(refused)")
            return
        }
        let words = text.message(for: refused, product: store.catalog.product(id: Rage.face))
        #expect(words.contains("the balance of Rage Faces is 50 counting 5 bought and not delivered yet (`storefront deliver-unfinished --device \(phone.device)`)"))
        // 45 of them can be spent now, more than the 5 that make room.
        #expect(words.hasSuffix("Spend at least 5 first (`storefront spend rage-faces --amount 5`, or u in the storefront)."), "\(words)")
        // Asked on another device of the account, the advice names the device they wait on (before: none).
        let elsewhere = try store.purchase(Rage.face, buyer: tablet, storefront: "USA")
        #expect(text.message(for: elsewhere, product: store.catalog.product(id: Rage.face)).contains("deliver-unfinished --device \(phone.device)`"))
        _ = try store.deliverUnfinished(phone)
        #expect(store.balance(of: "rage-faces", for: phone) == 50)
    }

    @Test("At a maximum reached by credits not delivered yet, the advice delivers them before spending (before: a spend of credits that could not be spent yet)")
    func theAdviceDeliversBeforeSpendingWhatIsNotDeliveredYet() throws {
        for _ in 0..<10 { #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA", options: .init(finish: false)).isPurchased) }
        let refused = try store.purchase(Rage.face, buyer: phone, storefront: "USA")
        let words = text.message(for: refused, product: store.catalog.product(id: Rage.face))
        #expect(words.contains("the balance of Rage Faces is 50 counting 50 bought and not delivered yet"), "\(words)")
        #expect(words.hasSuffix("Deliver those first, then spend at least 5 (`storefront spend rage-faces --amount 5`, or u in the storefront)."),
                "\(words)")
    }

    @Test func refundOfUndeliveredConsumableHasNoShortfallAndIsNeverDelivered() throws {
        let outcome = try store.purchase(Rage.face, buyer: phone, storefront: "USA", options: .init(finish: false))
        let id = try #require(outcome.transaction?.id)
        let refund = try store.refund(id)
        #expect(refund.revoked == 0)
        #expect(refund.shortfall == 0)
        #expect(refund.transaction.finished)
        let reopened = try fixture.store()
        #expect(reopened.snapshot.transactions[id]?.shortfall == 0)
        #expect(reopened.unfinishedTransactions(for: phone).isEmpty)
        #expect(try reopened.deliverUnfinished(phone).isEmpty)
        #expect(reopened.balance(of: "rage-faces", for: phone) == 0)
    }

    @Test func unfinishedNonConsumableIsListedAsAwaitingDelivery() throws {
        let outcome = try store.purchase(noAds, buyer: phone, storefront: "USA", options: .init(finish: false))
        let id = try #require(outcome.transaction?.id)
        let entitlements = store.entitlements(for: phone)
        #expect(entitlements.nonConsumables.map(\.transactionID) == [id])
        #expect(entitlements.nonConsumables.first?.delivered == false)
        let product = try #require(store.catalog.product(id: noAds))
        #expect(store.status(of: product, in: entitlements, storefront: "USA") == .awaitingDelivery)
        // Another device of the account sees a purchase to restore, as for any other.
        #expect(store.status(of: product, in: store.entitlements(for: tablet), storefront: "USA") == .restoreToUnlock)
    }

    @Test("An unfinished subscription, free subscription and pass are listed undelivered and await delivery here, as a non-consumable does (before: left out, and `available`)",
          arguments: [Rage.monthly, Rage.newsletter, Rage.season])
    func unfinishedSubscriptionsAndPassesAreListed(productID: String) throws {
        let outcome = try store.purchase(productID, buyer: phone, storefront: "USA", options: .init(finish: false))
        let id = try #require(outcome.transaction?.id)
        let entitlements = store.entitlements(for: phone)
        let listed = entitlements.subscriptions.map { ($0.transactionID, $0.delivered) } + entitlements.nonRenewing.map { ($0.transactionID, $0.delivered) }
        #expect(listed.count == 1 && listed.first?.0 == id && listed.first?.1 == false, "\(listed)")
        let product = try #require(store.catalog.product(id: productID))
        #expect(store.status(of: product, in: entitlements, storefront: "USA") == .awaitingDelivery)
        #expect(store.status(of: product, in: store.entitlements(for: tablet), storefront: "USA") == .restoreToUnlock)
        _ = try store.deliverUnfinished(phone)
        let delivered = try fixture.store().entitlements(for: phone)
        #expect((delivered.subscriptions.map(\.delivered) + delivered.nonRenewing.map(\.delivered)) == [true])
    }

    @Test("An upgrade left unfinished keeps the subscription listed, in its new plan (before: the whole subscription vanished from entitlements)")
    func unfinishedUpgradeKeepsTheSubscription() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.advance(by: try StoreDuration.parse("P8D"), buyer: phone)   // past the free week: a paid month runs
        let upgrade = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: .init(finish: false)).transaction)
        let entitlements = store.entitlements(for: phone)
        let subscription = try #require(entitlements.subscriptions.first)
        #expect(entitlements.subscriptions.count == 1 && subscription.productID == Rage.yearly && subscription.state == .subscribed)
        #expect(subscription.transactionID == upgrade.id && subscription.delivered, "the subscription was delivered here before")
        #expect(entitlements.unfinished.map(\.id) == [upgrade.id])
        // What the upgrade refunded is said as for any upgrade (before: left out of the unfinished purchase's words).
        let said = text.message(for: .purchased(upgrade), product: store.catalog.product(id: Rage.yearly))
        #expect(said.contains("not delivered yet") && said.contains("refunded pro rata"), "\(said)")
    }

    @Test func buyingAnUnfinishedNonConsumableAgainPointsToDelivery() throws {
        _ = try store.purchase(noAds, buyer: phone, storefront: "USA", options: .init(finish: false))
        let again = try store.purchase(noAds, buyer: phone, storefront: "USA")
        let message = text.message(for: again, product: store.catalog.product(id: noAds))
        #expect(message.contains("deliver-unfinished"))
        #expect(message.contains("phone"))
        #expect(!message.contains("another device"))
        // Asked from another device, the command names the device it waits on (before: none, so
        // pasted there it delivered nothing).
        let elsewhere = text.message(for: try store.purchase(noAds, buyer: tablet, storefront: "USA"), product: store.catalog.product(id: noAds))
        #expect(elsewhere.contains("`storefront deliver-unfinished --device \(phone.device)`"), "\(elsewhere)")
    }

    @Test func restoreDeliversAndFinishesAnUnfinishedNonConsumable() throws {
        let outcome = try store.purchase(noAds, buyer: phone, storefront: "USA", options: .init(finish: false))
        let id = try #require(outcome.transaction?.id)
        #expect(try store.restore(phone).restored.map(\.id) == [id])
        let reopened = try fixture.store()
        #expect(reopened.entitlements(for: phone).nonConsumables.first?.delivered == true)
        #expect(reopened.unfinishedTransactions(for: phone).isEmpty)
        #expect(try reopened.deliverUnfinished(phone).isEmpty)
    }
}
