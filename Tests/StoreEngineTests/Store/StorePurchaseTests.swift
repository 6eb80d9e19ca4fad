import Foundation
import Testing
@testable import StoreEngine
import StorefrontText

/// Runs against every store (`StoreBackend`): memory, the entitlements file and PostgreSQL.
@Suite struct StorePurchaseTests {
    @Test(arguments: StoreBackend.allCases)
    func consumablePurchasesAddCreditsPerPurchase(backend: StoreBackend) throws {
        let fixture = try StoreFixture(backend: backend)
        let store = try fixture.store()
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        #expect(store.balance(of: "rage-faces", for: phone) == 10)
        #expect(store.entitlements(for: phone).credits == ["rage-faces": 10, "extra-lives": 0])
    }

    @Test(arguments: StoreBackend.allCases)
    func quantityMultipliesTheGrantAndTheCharge(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        let outcome = try store.purchase(Rage.lives, quantity: 3, buyer: phone, storefront: "DEU")
        guard case let .purchased(record) = outcome else { Issue.record("expected a purchase, got \(outcome)"); return }
        #expect(record.creditAmount == 9)
        #expect(record.price == Decimal(string: "6.87"))
        #expect(record.currency == "EUR")
        #expect(store.balance(of: "extra-lives", for: phone) == 9)
    }

    @Test(arguments: StoreBackend.allCases)
    func quantityIsRefusedForNonConsumablesAndAboveTen(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        #expect(try store.purchase(Rage.drummer, quantity: 2, buyer: phone, storefront: "USA")
                == .refused(.invalidQuantity(2, productType: .nonConsumable)))
        #expect(try store.purchase(Rage.face, quantity: 11, buyer: phone, storefront: "USA")
                == .refused(.invalidQuantity(11, productType: .consumable)))
        #expect(try store.purchase(Rage.face, quantity: 0, buyer: phone, storefront: "USA")
                == .refused(.invalidQuantity(0, productType: .consumable)))
    }

    @Test(arguments: StoreBackend.allCases)
    func overTheCreditMaximumIsRefusedAndNothingRecorded(backend: StoreBackend) throws {
        let fixture = try StoreFixture(backend: backend)
        let store = try fixture.store()
        for _ in 0..<10 { _ = try store.purchase(Rage.face, buyer: phone, storefront: "USA") }
        #expect(store.balance(of: "rage-faces", for: phone) == 50)
        let events = (try fixture.allEvents()).count
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA")
                == .refused(.overMaximum(credit: "rage-faces", maximum: 50, balance: 50, adding: 5)))
        #expect((try fixture.allEvents()).count == events)
    }

    @Test(arguments: StoreBackend.allCases)
    func nonConsumableIsRecordedOnce(backend: StoreBackend) throws {
        let fixture = try StoreFixture(backend: backend)
        let store = try fixture.store()
        let first = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        let second = try store.purchase(Rage.drummer, buyer: phone, storefront: "USA")
        guard case let .purchased(record) = first else { Issue.record("expected a purchase"); return }
        #expect(second == .alreadyOwned(record, deliveredHere: true))
        #expect((try fixture.allEvents()).filter { $0.kind == .purchase }.count == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func productNotSoldInTheStorefrontIsRefused(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        #expect(try store.purchase(Rage.nightly, buyer: phone, storefront: "JPN")
                == .refused(.notSoldHere(productID: Rage.nightly, storefront: "JPN")))
        #expect(try store.purchase("com.example.nothing", buyer: phone, storefront: "USA") == .refused(.unknownProduct("com.example.nothing")))
        let lookup = store.products(ids: [Rage.drummer, Rage.nightly, "nope"], storefront: "JPN")
        #expect(lookup.products.map(\.id) == [Rage.drummer])
        #expect(lookup.invalidIdentifiers == [Rage.nightly, "nope"])
    }

    @Test(arguments: StoreBackend.allCases)
    func purchasesDisallowedOnADeviceAreRefusedThere(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        try store.set(.purchasesAllowed, to: "false", for: phone)
        #expect(!store.canMakePayments(on: "phone"))
        #expect(store.canMakePayments(on: "tablet"))
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA") == .refused(.purchasesDisallowed(device: "phone")))
        #expect(try store.purchase(Rage.face, buyer: tablet, storefront: "USA").isPurchased)
        try store.set(.purchasesAllowed, to: "true", for: phone)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
    }

    @Test(arguments: StoreBackend.allCases)
    func simulatedCancelAndFailureAreRecordedWithoutGranting(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        let cancelled = try store.purchase(Rage.face, buyer: phone, storefront: "USA", simulate: .cancel)
        let failed = try store.purchase(Rage.face, buyer: phone, storefront: "USA", simulate: .fail)
        #expect(cancelled.name == "cancelled")
        #expect(cancelled.transaction?.state == .cancelled)
        #expect(failed.name == "failed")
        #expect(failed.transaction?.failureReason?.contains("declined") == true)
        #expect(store.balance(of: "rage-faces", for: phone) == 0)
        #expect(store.transactions(for: "tester").map(\.state) == [.failed, .cancelled])
    }

    @Test("a cancelled or failed first subscription is recorded at what it would have charged: nothing, on a free trial (before: the regular price)")
    func attemptAtAFreeTrialChargesNothing() throws {
        let store = try StoreFixture().store()
        let cancelled = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", simulate: .cancel)
        #expect(cancelled.transaction?.price == 0, "\(String(describing: cancelled.transaction))")
        try store.inject(InjectedFailure(error: .network, once: true), into: .purchase, buyer: phone)
        let failed = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(failed.name == "failed" && failed.transaction?.price == 0, "\(String(describing: failed.transaction))")
        // Still eligible: the trial is taken by the purchase that goes through, not by the attempts.
        let bought = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        #expect(bought.transaction?.price == 0 && bought.transaction?.offer == .introductory(.freeTrial))
        // A simulated failure of something free is not said to be a declined payment.
        let freeFailure = try store.purchase(Rage.newsletter, buyer: phone, storefront: "USA", simulate: .fail)
        #expect(freeFailure.transaction?.failureReason == "the purchase did not go through (simulated failure)")
        // A later plan has no trial: its attempt is at the regular price.
        let yearlyAttempt = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", simulate: .fail)
        #expect(yearlyAttempt.transaction?.price == store.catalog.product(id: Rage.yearly)?.price(in: "USA"))
    }

    @Test("a purchase charges what the buyer was shown as due now, or is refused with nothing recorded (before: a sheet said $0.00 and $2.99 was charged)")
    func shownChargeIsChargedOrRefused() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let shownTrial = Store.PurchaseOptions(shownCharge: 0)
        // Another device of the account subscribes in the group and ends it: no trial any more.
        _ = try store.purchase(Rage.yearly, buyer: tablet, storefront: "USA")
        _ = try store.expire(Rage.yearly, buyer: tablet)
        let events = fixture.log.allEvents.count
        let refused = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: shownTrial)
        let price = try #require(store.catalog.product(id: Rage.monthly)?.price(in: "USA"))
        #expect(refused == .refused(.chargeChanged(productID: Rage.monthly, shown: 0, now: price, currency: "USD")))
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: .init(shownCharge: price)).isPurchased)
        // A switch at the next renewal charges nothing now: shown so, it is scheduled; shown a price, refused.
        #expect(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").isPurchased, "an upgrade")
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: .init(shownCharge: price)).name == "refused")
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: shownTrial).name == "changeScheduled")
    }

    @Test("a plan shown starting now (a free trial) is refused when it would now be a switch at the renewal, and the other way round; nothing recorded (before: a downgrade scheduled that nobody was shown)")
    func shownPlanEffectIsHeld() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        // Another device of the account subscribes to the yearly plan meanwhile.
        _ = try store.purchase(Rage.yearly, buyer: tablet, storefront: "USA")
        let events = fixture.log.allEvents.count
        let shownTrial = Store.PurchaseOptions(shownCharge: 0, shownStartingNow: true)
        let refused = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: shownTrial)
        #expect(refused == .refused(.planEffectChanged(productID: Rage.monthly, shownStartingNow: true)))
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        #expect(text.message(for: refused, product: store.catalog.product(id: Rage.monthly))
            .hasPrefix("What buying Rage Pro (Monthly) does changed while it was being confirmed: it was shown starting now"))
        let shownSwitch = Store.PurchaseOptions(shownCharge: 0, shownStartingNow: false)
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: shownSwitch).name == "changeScheduled")
        // The yearly plan ends: a switch shown is now a new subscription, refused.
        _ = try store.expire(Rage.yearly, buyer: tablet)
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: shownSwitch)
                == .refused(.planEffectChanged(productID: Rage.monthly, shownStartingNow: false)))
    }

    @Test("a plan shown starting a new subscription is refused when it would now be an upgrade of a plan bought meanwhile at the same amount due, and the other way round; nothing recorded (before: an upgrade nobody was shown)")
    func shownUpgradeIsHeld() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let yearlyPrice = try #require(store.catalog.product(id: Rage.yearly)?.price(in: "USA"))
        // The yearly plan's sheet said a new subscription; another device buys the monthly plan meanwhile.
        _ = try store.purchase(Rage.monthly, buyer: tablet, storefront: "USA")
        let events = fixture.log.allEvents.count
        let shownNew = Store.PurchaseOptions(shownCharge: yearlyPrice, shownStartingNow: true)
        let refused = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: shownNew)
        #expect(refused == .refused(.upgradeChanged(productID: Rage.yearly, shownFrom: nil, nowFrom: Rage.monthly)))
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        #expect(text.message(for: refused, product: store.catalog.product(id: Rage.yearly))
            == "What buying Rage Pro (Yearly) does changed while it was being confirmed: its sheet named no plan it replaces, as a new "
                + "subscription, and it would now replace Rage Pro (Monthly) at once, as an upgrade: the account's subscription changed "
                + "meanwhile, on another device or in another shell. Nothing was charged; look again and buy if you still want it.")
        // Shown as the upgrade it is, it goes through.
        let shownUpgrade = Store.PurchaseOptions(shownCharge: yearlyPrice, shownStartingNow: true, shownUpgradeFrom: Rage.monthly)
        let upgraded = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: shownUpgrade)
        #expect(upgraded.transaction?.replaces != nil, "an upgrade, as shown")
        // The other way round: an upgrade shown, and the plan it replaced has ended meanwhile.
        let other = try StoreFixture()
        let second = try other.store()
        _ = try second.purchase(Rage.monthly, buyer: tablet, storefront: "USA")
        _ = try second.expire(Rage.monthly, buyer: tablet)
        #expect(try second.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: shownUpgrade)
                == .refused(.upgradeChanged(productID: Rage.yearly, shownFrom: Rage.monthly, nowFrom: nil)))
    }

    @Test("an upgrade shown refunding nothing of the plan it replaces (in billing retry) is refused once that plan's billing was resolved meanwhile and it would refund part of it; nothing recorded (before: bought, with a refund its sheet denied)")
    func shownNothingRefundedIsHeld() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let yearlyPrice = try #require(store.catalog.product(id: Rage.yearly)?.price(in: "USA"))
        try store.set(.billingRetry, to: "true", for: phone)
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        try store.advance(by: try #require(StoreDuration("8d")), buyer: phone)   // the free week's renewal fails
        let shown = Store.PurchaseOptions(shownCharge: yearlyPrice, shownStartingNow: true, shownUpgradeFrom: Rage.monthly,
                                          shownNothingRefunded: true)
        // Another device resolves the billing meanwhile: a paid month runs, whose unused part an upgrade refunds.
        try store.set(.billingRetry, to: "false", for: tablet)
        _ = try store.resolveBilling(Rage.monthly, buyer: tablet)
        let events = fixture.log.allEvents.count
        let refused = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: shown)
        guard case let .refused(.upgradeRefundChanged(productID, from, refund, currency)) = refused else {
            Issue.record("\(refused)")
            return
        }
        #expect(productID == Rage.yearly && from == Rage.monthly && refund > 0 && currency == "USD")
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        #expect(text.message(for: refused, product: store.catalog.product(id: Rage.yearly))
            .hasPrefix("What buying Rage Pro (Yearly) does changed while it was being confirmed: it was shown refunding nothing of Rage Pro (Monthly), and it would now refund $"))
        // Shown as it is now, it goes through, with the refund.
        var asItIs = shown
        asItIs.shownNothingRefunded = false
        let upgraded = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: asItIs).transaction)
        #expect(upgraded.proratedRefundGiven == refund)
    }

    @Test("a switch at the renewal, or a renewal turned back on, shown on one renewal date is refused once the plan renewed meanwhile, with nothing recorded; shown on the date it has, it goes through (before: the switch was scheduled for a renewal nobody was shown)")
    func shownRenewalDateIsHeld() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let yearly = try #require(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA").transaction)
        let shownDate = try #require(yearly.expiresDate)
        // Another device of the account pays the next year ahead meanwhile.
        let renewed = try store.renew(yearly.id, buyer: tablet)
        let newDate = try #require(renewed.expiresDate)
        #expect(newDate > shownDate)
        let events = fixture.log.allEvents.count
        let shownSwitch = Store.PurchaseOptions(shownCharge: 0, shownStartingNow: false, shownRenewalDate: shownDate)
        let refused = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: shownSwitch)
        #expect(refused == .refused(.renewalDateChanged(productID: Rage.monthly, shown: shownDate, now: newDate)))
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
        let text = StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA")
        #expect(text.message(for: refused, product: store.catalog.product(id: Rage.monthly))
            == "What buying Rage Pro (Monthly) does changed while it was being confirmed: it was shown taking effect when the current period "
                + "ends, on \(text.date(shownDate)), and that period now ends on \(text.date(newDate)) (the subscription renewed meanwhile, on another "
                + "device or in another shell). Nothing was changed; look again and buy if you still want it.")
        let asItIs = Store.PurchaseOptions(shownCharge: 0, shownStartingNow: false, shownRenewalDate: newDate)
        #expect(try store.purchase(Rage.monthly, buyer: phone, storefront: "USA", options: asItIs).name == "changeScheduled")
        // Buying the current plan again drops the switch: shown on the old date, refused too.
        let keep = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: shownSwitch)
        #expect(keep == .refused(.renewalDateChanged(productID: Rage.yearly, shown: shownDate, now: newDate)))
        let keepAsItIs = Store.PurchaseOptions(shownCharge: 0, shownStartingNow: false, shownRenewalDate: newDate)
        #expect(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: keepAsItIs).name == "renewalResumed")
    }

    @Test("a purchase the buyer was shown would change nothing is refused when it now would, with nothing recorded")
    func changesNothingShownIsHeld() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        let nothing = Store.PurchaseOptions(changesNothingShown: true)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        #expect(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: nothing).name == "alreadyOwned")
        _ = try store.expire(Rage.yearly, buyer: tablet)
        let events = fixture.log.allEvents.count
        #expect(try store.purchase(Rage.yearly, buyer: phone, storefront: "USA", options: nothing)
            == .refused(.changedSinceShown(productID: Rage.yearly)))
        #expect(fixture.log.allEvents.count == events)
    }

    @Test("a cancel given by the buyer (a sheet closed, --simulate) leaves the device's next-purchase outcome for the purchase it decides (before: used up)")
    func givenOutcomeLeavesTheNextPurchaseSetting() throws {
        let store = try StoreFixture().store()
        try store.set(.nextPurchaseOutcome, to: "fail", for: phone)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA", simulate: .cancel).name == "cancelled")
        #expect(store.snapshot.nextPurchaseOutcome(on: phone.device) == .fail)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").name == "failed", "the setting decides this one")
        #expect(store.snapshot.nextPurchaseOutcome(on: phone.device) == nil)
        #expect(try store.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
    }

    @Test(arguments: StoreBackend.allCases)
    func nextPurchaseOutcomeSettingAppliesOnceAndIsSharedThroughTheLog(backend: StoreBackend) throws {
        let fixture = try StoreFixture(backend: backend)
        let settingsProcess = try fixture.store()
        let buyingProcess = try fixture.store()
        try settingsProcess.set(.nextPurchaseOutcome, to: "fail", for: phone)
        #expect(try buyingProcess.purchase(Rage.face, buyer: phone, storefront: "USA").name == "failed")
        #expect(try buyingProcess.purchase(Rage.face, buyer: phone, storefront: "USA").isPurchased)
        #expect(throws: StoreError.self) { try settingsProcess.set(.nextPurchaseOutcome, to: "explode", for: phone) }
    }

    @Test(arguments: StoreBackend.allCases)
    func pricesAreChargedInTheStorefrontCurrency(backend: StoreBackend) throws {
        let store = try StoreFixture(backend: backend).store()
        let outcome = try store.purchase(Rage.drummer, buyer: phone, storefront: "JPN")
        #expect(outcome.transaction?.price == 160)
        #expect(outcome.transaction?.currency == "JPY")
        #expect(outcome.transaction?.storefront == "JPN")
    }

    @Test(arguments: StoreBackend.allCases)
    func transactionIdsAreUniqueAcrossProcesses(backend: StoreBackend) throws {
        let fixture = try StoreFixture(backend: backend)
        let first = try fixture.store()
        let second = try fixture.store()
        var ids: Set<String> = []
        for index in 0..<6 {
            let store = index.isMultiple(of: 2) ? first : second
            if let id = try store.purchase(Rage.face, buyer: phone, storefront: "USA").transaction?.id { ids.insert(id) }
        }
        #expect(ids.count == 6)
        #expect(first.balance(of: "rage-faces", for: phone) == 25)
        try first.refresh()
        #expect(first.balance(of: "rage-faces", for: phone) == 30)
    }
}
