import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// Switching plans in a subscription group: the payment sheet says it is a plan change, and
/// after it is scheduled the row, the details and Enter say what will happen.
@Suite("Update: plan changes in a subscription group")
struct PlanChangeUpdateTests {
    typealias F = StorefrontFixture
    static let yearly = "com.example.rage.pro.yearly"

    static func screen(_ state: AppState) -> String {
        render(state, size: state.size).rowTexts.joined(separator: "\n")
    }

    /// Searches for the monthly plan and presses Enter on it; returns what Enter asked for.
    static func enterOnMonthly(in state: inout AppState) -> [Effect] {
        state.type("/Monthly")
        return update(&state, .keyPressed(.enter))
    }

    @Test("The upgrade sheet from a free trial says nothing of it is refunded, as none is (before: it promised the unused part back)")
    func upgradeSheetFromAFreeTrialPromisesNoRefund() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)   // its free week runs
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.type("/Yearly")
        _ = update(&state, .keyPressed(.enter))
        let sheet = Self.screen(state)
        #expect(sheet.contains("nothing of it is") && sheet.contains("refunded, as its period running was not paid for") && !sheet.contains("unused part"), "\(sheet)")
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        try fixture.run(state.send(.enter), on: &state)
        let upgrade = try #require(fixture.store.transactions(for: fixture.buyer.account).first { $0.productID == Self.yearly })
        #expect(upgrade.proratedRefund == nil || upgrade.proratedRefund == 0, "the store refunded something after all")
    }

    @Test("The sheet of a lower plan while the current one is in billing retry says the switch comes once billing is resolved (before: at its renewal on a date already past)")
    func downgradeSheetInBillingRetryNamesNoPastDate() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        _ = try fixture.store.advance(by: try StoreDuration.parse("P17D"), buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.refresh(from: fixture)
        #expect(state.snapshot.entitlements.subscriptions.first?.state == .inBillingRetryPeriod)
        _ = Self.enterOnMonthly(in: &state)
        let sheet = Self.screen(state)
        #expect(sheet.contains("switches to this") && sheet.contains("once its billing is resolved; nothing is charged")
                    && !sheet.contains("at its renewal on"), "\(sheet)")
    }

    @Test("An upgrade in a storefront of another currency than the plan's opens no sheet: it says at once that the store refuses it, and why (before: a sheet due today in yen, refused on Enter)")
    func anUpgradeInAnotherCurrencyOpensNoSheet() throws {
        let fixture = try F()
        try fixture.buy(F.monthly) // paid in USD
        var state = fixture.state(storefront: "JPN", size: Size(width: 100, height: 30))
        state.type("/Yearly")
        #expect(update(&state, .keyPressed(.enter)).isEmpty, "nothing is sent to the store")
        #expect(state.top != .buySheet(productID: Self.yearly))
        #expect(state.topAlert?.message.contains("was paid in USD, and an upgrade refunds its unused part in that currency") == true,
                "\(String(describing: state.topAlert))")
    }

    @Test("The payment sheet for a lower plan says it switches at renewal and charges nothing now")
    func sheetSaysPlanChange() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        #expect(state.top == .buySheet(productID: F.monthly))
        let screen = Self.screen(state)
        #expect(screen.contains("A plan change"))
        #expect(screen.contains("nothing is charged now"))
    }

    @Test("Once scheduled, the row and details say so, and Enter does not offer to buy it again")
    func scheduledChangeIsShown() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(state.snapshot.status(of: F.monthly).name == "changeScheduled")
        state.type("/Monthly")
        let screen = Self.screen(state)
        #expect(screen.contains("Switches"))
        #expect(screen.contains("Plan change scheduled"))
        #expect(!screen.contains("Available"))
        let effects = update(&state, .keyPressed(.enter))
        #expect(effects == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil, changesNothing: true)])
        #expect(state.top == nil, "no payment sheet offering to buy it again")
    }

    @Test("Enter on a switch on hold opens a sheet that turns renewal back on (before: no sheet, and it said it switched)")
    func heldSwitchAsksToTurnRenewalOn() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly)
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty, "nothing is asked of the store before the sheet is confirmed")
        #expect(state.top == .buySheet(productID: F.monthly))
        let screen = Self.screen(state)
        #expect(screen.contains("Turns auto-renew back on:") && screen.contains("Enter Confirm"), "\(screen)")
        // The footer says it as the sheet does (before: "Enter buy").
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        #expect(KeyHelp.footerHints(for: state).first == KeyHelp.Hint("Enter", "confirm"), "\(KeyHelp.footerHints(for: state))")
        var cancelled = state
        #expect(update(&cancelled, .keyPressed(.escape)).isEmpty, "cancelling records nothing")
        let renews = fixture.store.entitlements(for: fixture.buyer).subscriptions.first { $0.productID == Self.yearly }?.expiresDate
        #expect(renews != nil)
        #expect(state.send(.enter) == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil, shownCharge: 0,
                                                 shownStartingNow: false, shownRenewalDate: renews)],
                "turning renewal on is no new start, and it takes effect at the renewal shown")
    }

    @Test("Enter on the current plan with a switch scheduled opens a sheet naming the switch it cancels (before: dropped at once)")
    func keepingThePlanAsksFirst() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.type("/Yearly")
        #expect(update(&state, .keyPressed(.enter)).isEmpty, "nothing is asked of the store before the sheet is confirmed")
        #expect(state.top == .buySheet(productID: Self.yearly))
        let screen = Self.screen(state)
        #expect(screen.contains("Keeps this plan and cancels the switch to"), "\(screen)")
        let product = try #require(state.catalog.product(id: Self.yearly))
        guard case .keepsPlan(_, turnsRenewalOn: false, droppedSwitchTo: F.monthly) = BuySheetCharge.of(product, state: state) else {
            Issue.record("\(BuySheetCharge.of(product, state: state))"); return
        }
        #expect(!screen.contains("Due today") && screen.contains("Enter Confirm"), "\(screen)")
        var cancelled = state
        #expect(update(&cancelled, .keyPressed(.escape)).isEmpty, "cancelling records nothing")
    }

    /// The account's other device subscribes in the group and the subscription ends: the free
    /// trial the monthly plan's sheet offered is gone.
    static func trialTakenElsewhere(_ fixture: F) throws {
        let tablet = Buyer(account: fixture.buyer.account, device: "tablet")
        try fixture.buy(Self.yearly, buyer: tablet)
        _ = try fixture.store.expire(Self.yearly, buyer: tablet)
    }

    @Test("A sheet that showed a free trial, confirmed after another device subscribed to the yearly plan, is refused and schedules nothing (before: a downgrade was scheduled that the sheet never named)")
    func startShownThenSwitchIsRefused() throws {
        let fixture = try F()
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        try fixture.buy(Self.yearly, buyer: Buyer(account: fixture.buyer.account, device: "tablet"))
        let events = fixture.log.allEvents.count
        // Enter before the storefront has read the change: the sheet still says a trial starts now.
        let effects = state.send(.enter)
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("What buying Rage Pro (Monthly) does changed while it was being confirmed") == true,
                "\(String(describing: state.shownOutcome))")
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.pendingProductID == nil)
    }

    @Test("A switch sheet confirmed after another device renewed the plan ahead is refused, naming both renewal dates, and schedules nothing (before: the switch was scheduled for a renewal the sheet never named)")
    func switchShownThenRenewedIsRefused() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        #expect(Self.screen(state).contains("switches to this at"), "\(Self.screen(state))")
        let yearly = try #require(fixture.store.entitlements(for: fixture.buyer).subscriptions.first { $0.productID == Self.yearly })
        _ = try fixture.store.renew(yearly.originalTransactionID, buyer: Buyer(account: fixture.buyer.account, device: "tablet"))
        let events = fixture.log.allEvents.count
        // Enter before the storefront has read the renewal: the sheet still names the first one.
        let effects = state.send(.enter)
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("it was shown taking effect when the current period ends, on") == true,
                "\(String(describing: state.shownOutcome))")
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.pendingProductID == nil)
    }

    @Test("A sheet that showed a free trial, confirmed after another device took the trial away, is refused and charges nothing (before: $2.99 was charged)")
    func changedChargeIsRefused() throws {
        let fixture = try F()
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        #expect(Self.screen(state).contains("$0.00"), "the sheet shows the trial: \(Self.screen(state))")
        try Self.trialTakenElsewhere(fixture)
        // Enter before the storefront has read the change: the sheet still says $0.00.
        let effects = state.send(.enter)
        #expect(effects == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil, shownCharge: 0,
                                      shownStartingNow: true)])
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("Nothing was charged") == true, "\(String(describing: state.shownOutcome))")
        #expect(!fixture.store.transactions(for: fixture.buyer.account).contains { $0.productID == F.monthly && $0.state == .purchased })
    }

    @Test("The upgrade sheet of a free trial with a month paid ahead says what was paid ahead is refunded, not the period running (before: 'the period running and any paid ahead')")
    func upgradeSheetOfAFreeTrialWithAPeriodPaidAhead() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)   // its free week runs
        _ = try fixture.store.renew(F.monthly, buyer: fixture.buyer)   // a month paid ahead, $2.99
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.type("/Yearly")
        _ = update(&state, .keyPressed(.enter))
        let said = Self.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(said.contains("Replaces Rage Pro (Monthly) now; what was paid ahead is refunded (its period running was not paid for)."), "\(said)")
    }

    /// The yearly plan's sheet, open where the monthly plan was bought and has ended: it says
    /// the yearly plan starts a new subscription (no trial: the group was subscribed to).
    static func yearlySheetAfterMonthlyEnded(_ fixture: F) throws -> AppState {
        try fixture.buy(F.monthly)
        _ = try fixture.store.expire(F.monthly, buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.type("/Yearly")
        _ = update(&state, .keyPressed(.enter))
        return state
    }

    @Test("A sheet that becomes an upgrade under it, due the same amount, says to read it again, not that the amount was what it is (before: 'due today was $19.99' beside $19.99)")
    func aSheetChangedWithTheSameAmountSaysToReadItAgain() throws {
        let fixture = try F()
        var state = try Self.yearlySheetAfterMonthlyEnded(fixture)
        #expect(state.top == .buySheet(productID: Self.yearly))
        _ = try fixture.store.purchase(F.monthly, buyer: Buyer(account: fixture.buyer.account, device: "phone"), storefront: "USA")
        state.refresh(from: fixture)
        let said = Self.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(said.contains("Replaces Rage Pro (Monthly) now") && said.contains("$19.99"), "now an upgrade: \(said)")
        #expect(said.contains("Changed while this sheet was open; read it again.") && !said.contains("due today was"), "\(said)")
    }

    @Test("A new subscription's sheet confirmed after another device bought a lower plan, due the same amount, is refused and charges nothing; read again, it buys the upgrade it shows (before: an upgrade its sheet never named)")
    func newSubscriptionSheetBecomingAnUpgradeIsRefused() throws {
        let fixture = try F()
        var state = try Self.yearlySheetAfterMonthlyEnded(fixture)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let yearlyPrice = try #require(fixture.store.catalog.product(id: Self.yearly)?.price(in: "USA"))
        _ = try fixture.store.purchase(F.monthly, buyer: Buyer(account: fixture.buyer.account, device: "phone"), storefront: "USA")
        // Enter before the storefront has read it: the sheet still says a new subscription.
        let effects = update(&state, .keyPressed(.enter))
        #expect(effects == [.purchase(productID: Self.yearly, buyer: fixture.buyer, storefront: "USA", simulate: nil,
                                      shownCharge: yearlyPrice, shownStartingNow: true, shownUpgradeFrom: nil)])
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("its sheet named no plan it replaces, as a new subscription, and it would now replace Rage Pro (Monthly)") == true,
                "\(String(describing: state.shownOutcome))")
        #expect(!fixture.store.transactions(for: fixture.buyer.account).contains { $0.productID == Self.yearly })
        // Read again, the sheet names the upgrade, and Enter buys it.
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        _ = update(&state, .keyPressed(.escape))
        #expect(state.overlays.isEmpty && state.notice == nil, "the alert closed, the list still found Yearly")
        _ = update(&state, .keyPressed(.enter))
        #expect(state.top == .buySheet(productID: Self.yearly))
        let again = state.send(.enter)
        #expect(again == [.purchase(productID: Self.yearly, buyer: fixture.buyer, storefront: "USA", simulate: nil,
                                    shownCharge: yearlyPrice, shownStartingNow: true, shownUpgradeFrom: F.monthly)])
    }

    @Test("Enter on a subscription held on another device with its renewal off opens the sheet that turns it back on, and buying it brings it here (before: no sheet, and the store refused a change 'made meanwhile')")
    func aPlanHeldElsewhereWithRenewalOffOpensItsSheet() throws {
        let fixture = try F()
        let tablet = Buyer(account: fixture.buyer.account, device: "tablet")
        let monthly = try #require(try fixture.store.purchase(F.monthly, buyer: tablet, storefront: "USA").transaction)
        _ = try fixture.store.cancelRenewal(F.monthly, buyer: tablet)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(state.snapshot.status(of: F.monthly) == .restoreToUnlock)
        SheetsAndPanesTests.select(F.monthly, in: &state)
        #expect(state.send(.enter).isEmpty)
        #expect(state.top == .buySheet(productID: F.monthly), "\(Self.screen(state))")
        let said = Self.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(said.contains("Turns auto-renew back on"), "\(said)")
        let effects = state.send(.enter)
        #expect(effects == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil, shownCharge: 0,
                                      shownStartingNow: false, shownRenewalDate: monthly.expiresDate)])
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.hasPrefix("Auto-renew is on again for Rage Pro (Monthly)") == true, "\(String(describing: state.shownOutcome))")
        #expect(state.snapshot.status(of: F.monthly) != .restoreToUnlock, "bought here, it is here")
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.willAutoRenew == true)
    }

    @Test("An upgrade's sheet that said nothing of the plan in billing retry comes back is refused once another device resolved its billing, which an upgrade would now refund (before: bought, with a refund the sheet denied)")
    func upgradeSheetRefundingNothingIsHeld() throws {
        let fixture = try F()
        try fixture.store.set(.billingRetry, to: "true", for: fixture.buyer)
        try fixture.buy(F.monthly)
        _ = try fixture.store.advance(by: try StoreDuration.parse("8d"), buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        SheetsAndPanesTests.select(Self.yearly, in: &state)
        _ = state.send(.enter)
        let said = Self.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(said.contains("nothing of it is refunded"), "\(said)")
        try fixture.store.set(.billingRetry, to: "false", for: fixture.buyer)
        _ = try fixture.store.resolveBilling(F.monthly, buyer: Buyer(account: fixture.buyer.account, device: "tablet"))
        let effects = state.send(.enter)
        guard case let .purchase(_, _, _, _, _, _, _, _, _, shownUpgradeFrom, shownNothingRefunded)? = effects.first else {
            Issue.record("\(effects)")
            return
        }
        #expect(shownUpgradeFrom == F.monthly && shownNothingRefunded)
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("it was shown refunding nothing of Rage Pro (Monthly)") == true,
                "\(String(describing: state.shownOutcome))")
        #expect(!fixture.store.transactions(for: fixture.buyer.account).contains { $0.productID == Self.yearly })
    }

    @Test("A sheet whose amount due changes under it is armed anew: an Enter pressed as it changes buys nothing")
    func sheetIsArmedAgainWhenItsChargeChanges() throws {
        let fixture = try F()
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        #expect(state.isConfirmationArmed(at: state.keyTime), "armed a moment after it opened")
        try Self.trialTakenElsewhere(fixture)
        state.refresh(from: fixture)
        #expect(Self.screen(state).contains("$2.99"), "the sheet shows the new amount: \(Self.screen(state))")
        let said = Self.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(said.contains("Changed while this sheet was open: due today was $0.00."),
                "and says it changed, from what (before: no mark): \(Self.screen(state))")
        #expect(update(&state, .keyPressed(.enter)).isEmpty, "Enter as the amount changed buys nothing")
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(0.1)))
        #expect(update(&state, .keyPressed(.enter)).isEmpty, "nor a moment later")
        let effects = state.send(.enter)
        #expect(effects == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil,
                                      shownCharge: Decimal(string: "2.99"), shownStartingNow: true)], "once read, Enter buys at what is shown")
    }

    @Test("A sheet that would turn auto-renew back on closes saying another process turned it on, not that the plan was bought (before: 'Already yours … bought elsewhere')",
          arguments: [true, false])
    func sheetOfAutoRenewTurnedOnElsewhere(withSwitch: Bool) throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        if withSwitch { try fixture.buy(F.monthly) }   // a switch to monthly at the yearly plan's renewal
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.type(withSwitch ? "/Monthly" : "/Yearly")
        _ = update(&state, .keyPressed(.enter))
        #expect(state.overlays.contains { if case .buySheet = $0 { true } else { false } }, "\(Self.screen(state))")
        _ = try fixture.store.resumeRenewal(Self.yearly, buyer: fixture.buyer)
        state.refresh(from: fixture)
        #expect(!state.overlays.contains { if case .buySheet = $0 { true } else { false } }, "the sheet closed")
        let expected = withSwitch ? "so Rage Pro (Yearly) switches to Rage Pro (Monthly) at its renewal again" : "so Rage Pro (Yearly) renews again"
        #expect(state.topAlert?.title == "Auto-renew is on" && state.topAlert?.message.contains(expected) == true
                && state.topAlert?.message.contains("nothing was charged here") == true, "\(String(describing: state.topAlert))")
        #expect(fixture.store.transactions(for: "tester").count == 1, "nothing was bought (a switch makes no transaction)")
    }

    @Test("A lower plan's sheet says scheduling the switch turns auto-renew back on, when it is off, and is armed anew saying it changed when auto-renew is turned off elsewhere (before: 'A plan change', unchanged)")
    func lowerPlanSheetSaysItTurnsAutoRenewOn() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        let said = { Self.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ") }
        #expect(said().contains("A plan change: Rage Pro (Yearly) switches to this at its renewal"), "\(said())")
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        state.refresh(from: fixture)
        #expect(said().contains("Turns auto-renew back on for a plan change: Rage Pro (Yearly) switches to this"), "\(said())")
        #expect(said().contains("Changed while this sheet was open"), "\(said())")
        #expect(update(&state, .keyPressed(.enter)).isEmpty, "Enter as the words changed confirms nothing")
    }

    @Test("A sheet of a lower plan closes saying a switch to it was scheduled elsewhere, not that it was bought (before: 'Already yours … bought elsewhere')")
    func sheetOfASwitchScheduledElsewhere() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        #expect(state.overlays.contains { if case .buySheet = $0 { true } else { false } })
        try fixture.buy(F.monthly)   // elsewhere: a switch at the yearly plan's renewal
        state.refresh(from: fixture)
        #expect(!state.overlays.contains { if case .buySheet = $0 { true } else { false } }, "the sheet closed")
        #expect(state.topAlert?.title == "Switch scheduled" && state.topAlert?.message.contains("A switch to Rage Pro (Monthly) was scheduled elsewhere") == true
                && state.topAlert?.message.contains("nothing was charged here") == true, "\(String(describing: state.topAlert))")
    }

    @Test("A sheet whose plan the account bought elsewhere while it was open closes and says so (before: it went on offering it at $2.99)")
    func sheetOfAPlanBoughtElsewhereCloses() throws {
        let fixture = try F()
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        try fixture.buy(F.monthly, buyer: Buyer(account: fixture.buyer.account, device: "ipad"))
        state.refresh(from: fixture)
        #expect(!state.overlays.contains { if case .buySheet = $0 { true } else { false } }, "the sheet closed")
        #expect(state.topAlert?.title == "Already yours", "\(String(describing: state.topAlert))")
        #expect(state.topAlert?.message.contains("nothing was charged here") == true)
        let events = fixture.log.allEvents.count
        let heldBack = state.holdsBackEnterForAMoment()
        #expect(heldBack, "the Enter meant for the sheet leaves the alert to be read")
        state.send(.enter)
        #expect(state.overlays.isEmpty && state.activity == nil, "once read, Enter closes the alert only")
        #expect(fixture.log.allEvents.count == events, "nothing recorded")
    }

    @Test("A sheet opened anew after its charge changed shows no change mark: it shows the charge from the start")
    func reopenedSheetHasNoChangeMark() throws {
        let fixture = try F()
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(Self.enterOnMonthly(in: &state).isEmpty)
        try Self.trialTakenElsewhere(fixture)
        state.refresh(from: fixture)
        #expect(Self.screen(state).contains("Changed while this sheet was open"))
        try fixture.run(state.send(.escape), on: &state)
        #expect(!state.overlays.contains { if case .buySheet = $0 { true } else { false } }, "the sheet closed")
        #expect(update(&state, .keyPressed(.enter)).isEmpty)
        #expect(Self.screen(state).contains("$2.99") && !Self.screen(state).contains("Changed while"), "\(Self.screen(state))")
    }

    @Test("Enter on a plan the storefront shows as held asks the store to change nothing: after another device ended it, nothing is bought (before: $2.99 was charged with no sheet)")
    func enterWithoutASheetChangesNothing() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.type("/Monthly")
        let tablet = Buyer(account: fixture.buyer.account, device: "tablet")
        _ = try fixture.store.expire(F.monthly, buyer: tablet)
        // The storefront has not read the change yet: the row still says the plan is held.
        let effects = update(&state, .keyPressed(.enter))
        #expect(effects == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil, changesNothing: true)])
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("Nothing was done") == true, "\(String(describing: state.shownOutcome))")
        let monthlies = fixture.store.transactions(for: fixture.buyer.account).filter { $0.productID == F.monthly && $0.state == .purchased }
        #expect(monthlies.count == 1, "only the first purchase: \(monthlies.map(\.id))")
    }
}
