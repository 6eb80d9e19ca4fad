import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontText

/// What a refund says it did, on the command line and in the storefront alike: the money that
/// came back (less what an upgrade gave back before), the quantity bought, and the credits taken.
@Suite struct StoreRefundWordsTests {
    let fixture: StoreFixture
    let store: Store
    let text: StoreText

    init() throws { (fixture, store, text) = try storeWithWords() }

    @Test("A consumable bought three at once: the price of all three, the quantity, and the credits taken and already spent")
    func aConsumableBoughtInQuantity() throws {
        let bought = try #require(try store.purchase(Rage.face, quantity: 3, buyer: phone, storefront: "USA").transaction)
        _ = try store.spend("rage-faces", amount: 13, buyer: phone)
        let result = try store.refund(bought.id)
        #expect(result.moneyBack == Decimal(string: "2.97") && result.cameBackAtUpgrade == nil)
        #expect(text.refundMessage(result) == "Refunded $2.97 for 3 × Random Rage Face (transaction \(bought.id))."
            + " Took back 2 of the Rage Faces it granted; 13 had already been spent.")
    }

    @Test("A device's credits gone after a reset of the device are not said to be spent (before: 'all had already been spent')")
    func aDevicesCreditsClearedByAReset() throws {
        let fixture = try StoreFixture("SpaceShooter")
        let store = try fixture.store()
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        let bought = try #require(try store.purchase("com.example.spaceshooter.lives.5", buyer: phone, storefront: "USA").transaction)
        _ = try store.spend("lives", amount: 2, buyer: phone)
        try store.resetDevice(phone)
        let said = text.refundMessage(try store.refund(bought.id))
        #expect(said.hasSuffix("Took back none of the 5 Lives it granted: all had already been spent or cleared by a reset of the device."),
                "\(said)")
    }

    @Test("A plan an upgrade replaced: only what the upgrade did not give back comes back, and the message says both")
    func aPlanReplacedByAnUpgrade() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a free week first
        try store.advance(by: try #require(StoreDuration("P10D")), buyer: phone)
        let paid = try #require(store.transactions(for: "tester").first { $0.productID == Rage.monthly && ($0.price ?? 0) > 0 })
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let replaced = try #require(store.snapshot.transactions[paid.id])
        let upgradeID = try #require(replaced.replacedBy)
        let upgrade = try #require(store.snapshot.transactions[upgradeID])
        let atUpgrade = try #require(replaced.refundedAtUpgrade(by: upgrade))
        let result = try store.refund(paid.id)
        let price = try #require(paid.price)
        #expect(result.cameBackAtUpgrade == atUpgrade)
        #expect(result.moneyBack == price - atUpgrade)
        let message = text.refundMessage(result)
        #expect(message.hasPrefix("Refunded \(text.format(price - atUpgrade, currency: "USD")) for Rage Pro (Monthly)"), "\(message)")
        #expect(message.contains("It cost \(text.format(price, currency: "USD")); \(text.format(atUpgrade, currency: "USD")) of that came back at the upgrade"),
                "\(message)")
        // Later, from the folded state alone (the ledger records no amount), the same money is told.
        let refunded = try #require(store.snapshot.transactions[paid.id])
        #expect(refunded.state == .refunded)
        #expect(store.snapshot.refundMoney(of: refunded).moneyBack == price - atUpgrade)
        #expect(text.refundedAfterUpgradeText(refunded, replacement: upgrade, money: store.snapshot.refundMoney(of: refunded))
                == "\(text.format(price - atUpgrade, currency: "USD")) refunded; \(text.format(atUpgrade, currency: "USD")) of its price "
                    + "came back at the upgrade that replaced it")
        let comic = try #require(try store.purchase(Rage.nightly, buyer: phone, storefront: "USA").transaction)
        let comicRefunded = try store.refund(comic.id).transaction
        #expect(store.snapshot.refundMoney(of: comicRefunded).moneyBack == comic.price, "no upgrade: the whole price")
        #expect(text.refundedAfterUpgradeText(comicRefunded, replacement: nil, money: store.snapshot.refundMoney(of: comicRefunded)) == nil)
    }

    @Test("A revoked subscription says when its access ended: at the refund, or at its end when it had expired before")
    func aRevokedSubscriptionSaysWhenItsAccessEnded() throws {
        let monthly = { try #require(self.store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.monthly }) }
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA") // a free week, then monthly periods
        try store.advance(by: try #require(StoreDuration("P10D")), buyer: phone)
        let running = try monthly()
        let runningEnd = try #require(running.expiresDate)
        let refundedAt = try store.advance(by: try #require(StoreDuration("P3D")), buyer: phone)
        _ = try store.refund(running.transactionID)
        let revoked = try monthly()
        #expect(revoked.state == .revoked && revoked.revocationDate == refundedAt && revoked.accessEndDate == refundedAt)
        #expect(revoked.expiresDate == runningEnd, "its last period's end stays as the App Store keeps it")
        #expect(text.entitlementDetails(of: revoked) == "Rage Pro (Monthly), access ended \(text.date(refundedAt)) (refunded then)")

        // Expired first, then its last period refunded: the access had ended at the expiry.
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let yearly = { try #require(self.store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.yearly }) }
        let ended = try store.expire(Rage.yearly, buyer: phone).expiresDate
        let lateRefund = try store.advance(by: try #require(StoreDuration("P20D")), buyer: phone)
        _ = try store.refund(try yearly().transactionID)
        let late = try yearly()
        #expect(late.state == .revoked && late.revocationDate == lateRefund && late.accessEndDate == ended)
        #expect(text.entitlementDetails(of: late)
                == "Rage Pro (Yearly), access ended \(text.date(ended)) (refunded \(text.date(lateRefund)))")
    }

    @Test("A period paid ahead between others: its money comes back and the message says the subscription stays active through it")
    func aPeriodPaidAheadBetweenOthers() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.renew(Rage.yearly, buyer: phone)
        let last = try store.renew(Rage.yearly, buyer: phone)
        let periods = store.transactions(for: "tester").filter { $0.productID == Rage.yearly }.sorted { $0.purchaseDate < $1.purchaseDate }
        try #require(periods.count == 3)
        let middle = periods[1]
        let result = try store.refund(middle.id)
        #expect(!result.endedSubscription && result.keptActiveUntil == last.expiresDate)
        #expect(text.refundMessage(result).hasSuffix(" The subscription stays active until \(text.date(last.expiresDate)),"
                                                     + " through this period too: a period paid ahead after it keeps it."),
                "\(text.refundMessage(result))")
        let yearly = try #require(store.entitlements(for: phone).subscriptions.first { $0.productID == Rage.yearly })
        #expect(yearly.state == .subscribed && yearly.expiresDate == last.expiresDate)
        // The running period, refunded the same way, keeps the words it had.
        let running = try store.refund(periods[0].id)
        #expect(text.refundMessage(running).hasSuffix(" The subscription stays active until \(text.date(last.expiresDate)):"
                                                      + " a period paid ahead after this one keeps it."), "\(text.refundMessage(running))")
    }

    @Test("Periods paid ahead that an upgrade replaced came back whole then: a refund or expire of the upgrade does not call them unrefunded (before: it advised refunds that gave back nothing)")
    func periodsAnUpgradeReplacedAreNotUnrefunded() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P10D")), buyer: phone)
        _ = try store.renew(Rage.monthly, buyer: phone) // a month paid ahead
        let upgrade = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let result = try store.refund(upgrade.id)
        #expect(result.endedSubscription)
        #expect(result.paidAheadLeft.isEmpty, "the month paid ahead came back whole at the upgrade")
        #expect(!text.refundMessage(result).contains("paid ahead"), "\(text.refundMessage(result))")

        let other = try StoreFixture()
        let again = try other.store()
        _ = try again.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try again.advance(by: try #require(StoreDuration("P10D")), buyer: phone)
        _ = try again.renew(Rage.monthly, buyer: phone)
        _ = try again.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let expired = try again.expire(Rage.yearly, buyer: phone)
        #expect(again.periodsPaidAheadNeverBegun(of: expired).isEmpty)
    }

    @Test("A plan whose whole price came back at the upgrade that replaced it is refused a refund, which would give and change nothing (before: \"Refunded $0.00\" and a REFUND notification)")
    func aPlanGivenBackWholeAtTheUpgradeHasNothingLeftToRefund() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P10D")), buyer: phone)
        let ahead = try store.renew(Rage.monthly, buyer: phone).latestTransactionID // a month paid ahead
        let upgrade = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let replaced = try #require(store.snapshot.transactions[ahead])
        #expect(replaced.replacedBy == upgrade.id && replaced.refundedAtUpgrade(by: upgrade) == replaced.price)
        let events = store.snapshot.eventCount
        #expect(throws: StoreError.nothingLeftToRefund(ahead, productID: Rage.monthly, replacementProductID: Rage.yearly)) {
            try store.refund(ahead)
        }
        #expect(store.snapshot.eventCount == events && store.snapshot.transactions[ahead]?.state == .purchased, "nothing recorded")
        #expect(StoreError.nothingLeftToRefund(ahead, productID: Rage.monthly, replacementProductID: Rage.yearly).description
                == "transaction \(ahead) (\(Rage.monthly)) has nothing left to refund: its whole price came back when the change to "
                    + "\(Rage.yearly) replaced it; nothing was changed")
        // The month that ran gave back only its unused part at the upgrade: the rest still comes back.
        let running = try #require(store.snapshot.transactions(of: phone.account).first {
            $0.productID == Rage.monthly && $0.id != ahead && ($0.price ?? 0) > 0
        })
        let result = try store.refund(running.id)
        #expect((result.moneyBack ?? 0) > 0)
    }

    @Test("An upgrade bought in a storefront of another currency is refused: it refunds the old plan in that plan's currency (before: the refund was shown in the new one, ¥6 for $5.69)")
    func anUpgradeInAnotherCurrencyIsRefused() throws {
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("P10D")), buyer: phone)
        let refused = try store.purchase(Rage.yearly, buyer: phone, storefront: "JPN")
        guard case .refused(let refusal) = refused else {
            Issue.record("bought: \(refused)")
            return
        }
        #expect(refusal == .upgradeInOtherCurrency(productID: Rage.yearly, current: Rage.monthly, currentCurrency: "USD",
                                                   currentStorefront: "USA"))
        #expect(text.message(for: refused, product: try #require(store.catalog.product(id: Rage.yearly)))
                == "Rage Pro (Monthly) was paid in USD, and an upgrade refunds its unused part in that currency: buy Rage Pro (Yearly) "
                    + "in a storefront that charges USD (United States, `--storefront USA`, or l in the storefront). Nothing was charged.")
        #expect(store.transactions(for: "tester").allSatisfy { $0.productID != Rage.yearly }, "nothing was recorded")
        guard case .purchased(let record) = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA") else {
            Issue.record("the upgrade in USD was not bought")
            return
        }
        #expect(record.currency == "USD" && (record.proratedRefund ?? 0) > 0)
    }

    @Test("A refund in billing retry revokes the subscription without saying its access ends now: it had ended with the failed renewal")
    func aRefundInBillingRetry() throws {
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        try store.set(.billingRetry, to: "true", for: phone)
        try store.advance(by: try #require(StoreDuration("P1Y5D")), buyer: phone)
        #expect(try #require(store.subscription(Rage.yearly, for: "tester")).status == .inBillingRetryPeriod)
        let result = try store.refund(bought.id)
        #expect(result.endedSubscription && !result.endedAccess)
        #expect(text.refundMessage(result).hasSuffix("Rage Pro (Yearly) is revoked; its access had ended already, with its billing problem."),
                "\(text.refundMessage(result))")
    }

    @Test("A free period says no money came back; a non-consumable names its price")
    func aFreePeriodAndANonConsumable() throws {
        let trial = try #require(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA").transaction)
        #expect(trial.price == 0)
        let refundedTrial = try store.refund(trial.id)
        #expect(text.refundMessage(refundedTrial) == "Refunded Rage Pro (Monthly) (transaction \(trial.id)); it was free, so no money came back."
            + " Rage Pro (Monthly) is revoked: its access ends now.")
        let comic = try #require(try store.purchase(Rage.nightly, buyer: phone, storefront: "USA").transaction)
        #expect(text.refundMessage(try store.refund(comic.id)) == "Refunded $1.99 for Nightly Rage (transaction \(comic.id)).")
    }

    @Test("Refunding the period paid ahead of a running subscription says the subscription is revoked and its access ends now; the question says the running period goes too")
    func aPeriodPaidAheadOfARunningSubscription() throws {
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let ahead = try store.renew(Rage.yearly, buyer: phone).latestTransactionID
        let record = try #require(store.snapshot.transactions[ahead])
        let question = StorefrontPaneText.refundQuestion(record, replacedBy: nil, now: store.now(), text: text).question
        #expect(question.hasSuffix("It was paid ahead and has not begun; refunding it revokes the subscription now, so the period "
            + "running until \(text.date(record.purchaseDate)) ends too."), "\(question)")
        let result = try store.refund(ahead)
        #expect(result.endedSubscription)
        #expect(text.refundMessage(result) == "Refunded $19.99 for Rage Pro (Yearly) (transaction \(ahead)). "
            + "Rage Pro (Yearly) is revoked: its access ends now.")
        #expect(try #require(store.subscription(Rage.yearly, for: "tester")).status == .revoked)
        // Refunding a period that is over says nothing of the subscription.
        #expect(!(try store.refund(bought.id)).endedSubscription)
    }

    @Test("Refunding a period paid ahead into a switch's plan says the plan running ends and the one paid ahead never begins (before: that the plan paid ahead was revoked, as if it ran)")
    func aPeriodPaidAheadIntoASwitchNamesThePlanRunning() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")   // a downgrade, at the renewal
        let ahead = try store.renew(Rage.yearly, buyer: phone).latestTransactionID
        let result = try store.refund(ahead)
        #expect(result.endedSubscription && result.endedPlanRunning == Rage.yearly)
        #expect(text.refundMessage(result) == "Refunded $2.99 for Rage Pro (Monthly) (transaction \(ahead)). The subscription is revoked: "
            + "Rage Pro (Yearly), which was running, ends now, and Rage Pro (Monthly) never begins.", "\(text.refundMessage(result))")
    }

    @Test("Refunding the latest of several periods paid ahead revokes the subscription and names the earlier ones, which will never begin and stay paid, with how to get them back (before: not a word)")
    func periodsPaidAheadLeftByARevokingRefund() throws {
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        let first = try store.renew(Rage.yearly, buyer: phone).latestTransactionID
        let second = try store.renew(Rage.yearly, buyer: phone).latestTransactionID
        let latest = try store.renew(Rage.yearly, buyer: phone).latestTransactionID
        let result = try store.refund(latest)
        #expect(result.endedSubscription)
        #expect(result.paidAheadLeft.map(\.id) == [first, second])
        let firstStart = text.date(try #require(store.snapshot.transactions[first]).purchaseDate)
        let secondStart = text.date(try #require(store.snapshot.transactions[second]).purchaseDate)
        let message = text.refundMessage(result)
        #expect(message.hasSuffix("Rage Pro (Yearly) is revoked: its access ends now. The periods paid ahead were not refunded and will never "
            + "begin: $19.99 for the period from \(firstStart) (transaction \(first)), $19.99 for the period from \(secondStart) "
            + "(transaction \(second)); `storefront refund \(first)` and `storefront refund \(second)` give them back."), "\(message)")
        #expect(text.refundMessage(result, inStorefront: true).hasSuffix("refund them on the transactions screen (t, then R) to get them back."))
        // Refunded in turn, the last of them leaves none to name.
        _ = try store.refund(first)
        #expect(try store.refund(second).paidAheadLeft.isEmpty)
    }

    @Test("A consumable whose credits were all spent: none taken back, all spent (before: \"Took back 0 of …\")")
    func everyCreditSpent() throws {
        let bought = try #require(try store.purchase(Rage.face, buyer: phone, storefront: "USA").transaction)
        _ = try store.spend("rage-faces", amount: 5, buyer: phone)
        #expect(text.refundMessage(try store.refund(bought.id)) == "Refunded $0.99 for Random Rage Face (transaction \(bought.id))."
            + " Took back none of the 5 Rage Faces it granted: all had already been spent.")
        // Refunded before it was delivered, it granted nothing (before: "Took back 0 of the Rage Faces it granted").
        let unfinished = try #require(try store.purchase(Rage.face, buyer: phone, storefront: "USA", options: .init(finish: false)).transaction)
        #expect(text.refundMessage(try store.refund(unfinished.id)).hasSuffix(
            " It had not been delivered, so it granted no Rage Faces to take back."))
    }

    @Test("Refunding the period running while a later one is paid ahead says the subscription stays active until that one ends; after an expire, the question of a period that never began promises only the money")
    func runningPeriodWithOnePaidAheadAndNeverBegunAfterExpire() throws {
        let bought = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        try store.advance(by: try #require(StoreDuration("P1D")), buyer: phone)
        let ahead = try store.renew(Rage.yearly, buyer: phone)
        let result = try store.refund(bought.id)
        #expect(!result.endedSubscription && result.keptActiveUntil == ahead.expiresDate)
        #expect(text.refundMessage(result).hasSuffix("The subscription stays active until \(text.date(ahead.expiresDate)): "
            + "a period paid ahead after this one keeps it."), "\(text.refundMessage(result))")

        let other = Buyer(account: "other", device: "phone")
        _ = try store.purchase(Rage.yearly, buyer: other, storefront: "USA")
        let otherAhead = try store.renew(Rage.yearly, buyer: other).latestTransactionID
        _ = try store.expire(Rage.yearly, buyer: other)
        let record = try #require(store.snapshot.transactions[otherAhead])
        let question = StorefrontPaneText.refundQuestion(record, replacedBy: nil, subscriptionOngoing: false, now: store.now(), text: text)
        #expect(question.question.hasSuffix("It was paid ahead and never began (the subscription ended first), so only the money comes back."),
                "\(question.question)")
    }
}
