import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontText
@testable import StorefrontApp
@testable import StoreCatalog

/// Honest sheets and panes: what a subscription costs now and after, offers only where they
/// apply, free subscriptions, injected load errors, and text that is never cut where it matters.
@Suite("Render: sheets and panes say what applies, uncut")
struct SheetsAndPanesTests {
    typealias F = StorefrontFixture

    static let yearly = "com.example.rage.pro.yearly"
    static let newsletter = "com.example.rage.newsletter"

    /// The Rage catalog with a pay-up-front intro offer on the yearly plan, moved to its own group.
    static func twoGroupCatalog() throws -> Catalog {
        var catalog = try CatalogLoader.loadBundled("Rage")
        catalog.subscriptionGroups.append(SubscriptionGroup(id: "rage-max", names: ["en": "Rage Max"]))
        let index = try #require(catalog.products.firstIndex { $0.id == yearly })
        catalog.products[index].subscription?.group = "rage-max"
        catalog.products[index].subscription?.introOffer = IntroOffer(
            paymentMode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), prices: ["USA": Decimal(string: "0.49")!])
        return catalog
    }

    static func rowTexts(_ state: AppState) -> [String] { render(state, size: state.size).rowTexts }

    static func select(_ id: String, in state: inout AppState) {
        state.send(.home)
        while state.selectedID != id, state.list.scroll.selectedIndex != state.list.entries.count - 1 { state.send(.down) }
    }

    @Test("The refund question of a subscription period that is over says the buyer keeps what they have (before: that they lose what it unlocked)")
    func refundOfAnEndedPeriodTakesNothingAway() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        let record = try #require(fixture.state().snapshot.transactions.first { $0.productID == Self.yearly })
        let expiry = try #require(record.expiresDate)
        let text = fixture.state().text
        let during = StorefrontPaneText.refundQuestion(record, replacedBy: nil, now: expiry.addingTimeInterval(-60), text: text).question
        #expect(during.hasSuffix("The buyer loses what it unlocked."), "\(during)")
        let after = StorefrontPaneText.refundQuestion(record, replacedBy: nil, now: expiry, text: text).question
        #expect(after.hasSuffix("Its period is over, so the buyer keeps what they have now; only the money comes back."), "\(after)")
        var replaced = record
        replaced.replacedBy = "2000000000000099"
        let switched = StorefrontPaneText.refundQuestion(replaced, replacedBy: nil, now: expiry.addingTimeInterval(-60), text: text).question
        #expect(switched == after, "a period replaced by another plan is over too")

        // The storefront asks it at the store's time.
        fixture.clock.advance(by: expiry.timeIntervalSince(fixture.clock.now()) + 60)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.now = fixture.clock.now()
        let ended = try #require(state.snapshot.transactions.firstIndex { $0.id == record.id })
        state.send(.character("t"))
        for _ in 0..<ended { state.send(.down) }
        state.send(.character("R"))
        #expect(state.top == .refundConfirmation(transactionID: record.id))
        let sheet = Self.rowTexts(state).joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(sheet.contains("Its period is over"), "\(Self.rowTexts(state).joined(separator: "\n"))")
    }

    @Test("The refund question of a plan replaced by an upgrade says what came back at the upgrade and what comes back now (before: its full price alone)")
    func refundOfAnUpgradedAwayPlanCountsWhatCameBack() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        fixture.clock.advance(by: 15 * 86_400)
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.now = fixture.clock.now()
        let monthly = try #require(state.snapshot.transactions.first { $0.productID == F.monthly })
        let yearly = try #require(state.snapshot.transactions.first { $0.productID == Self.yearly })
        let refunded = try #require(yearly.proratedRefund)
        let paid = try #require(monthly.price)
        #expect(monthly.replacedBy == yearly.id && refunded > 0 && refunded < paid)
        let row = try #require(state.snapshot.transactions.firstIndex { $0.id == monthly.id })
        state.send(.character("t"))
        for _ in 0..<row { state.send(.down) }
        state.send(.character("R"))
        #expect(state.top == .refundConfirmation(transactionID: monthly.id))
        // The question's lines read as one text without the borders of the dialog and the screen beneath it.
        let sheet = Self.rowTexts(state).joined(separator: " ").replacingOccurrences(of: "│", with: " ")
            .split(separator: " ").joined(separator: " ")
        let text = state.text
        #expect(sheet.contains("for \(text.format(paid, currency: "USD"))? \(text.format(refunded, currency: "USD")) of it came back "
            + "at the upgrade to Rage Pro (Yearly), so \(text.format(paid - refunded, currency: "USD")) comes back now"),
            "\(Self.rowTexts(state).joined(separator: "\n"))")
        let other = StorefrontPaneText.refundQuestion(yearly, replacedBy: nil, now: fixture.clock.now(), text: text).question
        #expect(!other.contains("came back"), "the plan bought at the upgrade is refunded in full: \(other)")
    }

    /// A fixture whose account bought a season pass, then another after each of `daysApart`
    /// but the last, which only passes.
    static func seasonPasses(daysApart: [Int]) throws -> F {
        let fixture = try F()
        try fixture.buy(F.season)
        for (index, days) in daysApart.enumerated() {
            fixture.clock.advance(by: TimeInterval(days * 86_400))
            if index < daysApart.count - 1 { try fixture.buy(F.season) }
        }
        return fixture
    }

    @Test("A refunded pass's line under the transactions says no end date it no longer runs to (before: 'until' its old end)")
    func refundedPassHasNoEndInItsDetails() throws {
        let fixture = try F()
        try fixture.buy(F.season)
        var state = fixture.state(size: Size(width: 120, height: 30))
        let pass = try #require(state.snapshot.transactions.first { $0.productID == F.season })
        state.send(.character("t"))
        let running = Self.rowTexts(state).joined(separator: "\n")
        #expect(running.contains("until \(state.text.date(try #require(pass.expiresDate)))"), "\(running)")
        _ = try fixture.store.refund(pass.id)
        state.refresh(from: fixture)
        let refunded = Self.rowTexts(state).joined(separator: "\n")
        #expect(refunded.contains("Transaction \(pass.id)") && !refunded.contains("until "), "\(refunded)")
    }

    @Test("The refund question of a pass in a run says until when the passes left keep it active, as the refund then does (before: nothing of the time the run loses)")
    func refundQuestionOfAPassInARun() throws {
        // The first pass's own three months are over when the third is bought.
        let fixture = try Self.seasonPasses(daysApart: [10, 100])
        try fixture.buy(F.season)
        var state = fixture.state()
        let passes = state.snapshot.transactions.filter { $0.productID == F.season }.sorted { $0.purchaseDate < $1.purchaseDate }
        #expect(passes.count == 3)
        let first = passes[0]
        let left = try #require(first.passesEndAfterRefund(among: state.snapshot.transactions))
        let question = try #require(state.refundQuestion(of: first.id)?.question)
        #expect(question.hasSuffix("Rage Season Pass then stays active until \(state.text.date(left)), on the passes left."), "\(question)")
        let result = try fixture.store.refund(first.id)
        #expect(result.passesActiveUntil == left, "the refund dates the passes left as its question said")
        state.refresh(from: fixture)
        #expect(state.snapshot.entitlements.nonRenewing.first?.expiresDate == left)
    }

    @Test("The refund question says a pass stops now when the passes left ran out without its time, and that a subscription in a billing problem is revoked (before: the buyer keeps what they have)")
    func refundQuestionsThatEndAccessNow() throws {
        let fixture = try Self.seasonPasses(daysApart: [31, 120])
        let state = fixture.state()
        let first = try #require(state.snapshot.transactions.filter { $0.productID == F.season }.min { $0.purchaseDate < $1.purchaseDate })
        let left = try #require(first.passesEndAfterRefund(among: state.snapshot.transactions))
        let pass = StorefrontPaneText.refundQuestion(first, replacedBy: nil, passesLeftUntil: left, passActiveNow: true,
                                                     now: fixture.clock.now(), text: state.text).question
        #expect(pass.hasSuffix("Rage Season Pass is no longer active after the refund: without this pass, the passes left ran out \(state.text.date(left))."),
                "\(pass)")

        let billing = try F()
        try billing.buyYearlyIntoGracePeriod()
        var inGrace = billing.state()
        let latest = try #require(inGrace.snapshot.entitlements.subscriptions.first?.transactionID)
        let question = try #require(inGrace.refundQuestion(of: latest)?.question)
        #expect(question.hasSuffix("Refunding it revokes Rage Pro (Yearly), in its grace period: its access ends now, and billing is not tried again."),
                "\(question)")
        _ = try billing.store.advance(by: try StoreDuration.parse("P17D"), buyer: billing.buyer)
        inGrace.refresh(from: billing)
        let retry = try #require(inGrace.refundQuestion(of: latest)?.question)
        // Access ended with the grace period, not at the failed renewal: no date is named.
        #expect(retry.hasSuffix("its access had ended already, with its billing problem, and billing is not tried again."), "\(retry)")
    }

    @Test("A period paid ahead and the period running, both ended by one upgrade: each question counts its own part of the refund, and a replaced free trial has nothing to refund")
    func refundQuestionsSplitTheUpgradesRefund() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        fixture.clock.advance(by: 7 * 86_400)   // the free week is over: a paid month runs
        _ = try fixture.store.renew(F.monthly, buyer: fixture.buyer)   // a month paid ahead
        fixture.clock.advance(by: 5 * 86_400)
        try fixture.buy(Self.yearly)
        let state = fixture.state()
        let records = state.snapshot.transactions
        let yearly = try #require(records.first { $0.productID == Self.yearly })
        let total = try #require(yearly.proratedRefund)
        let paid = records.filter { $0.productID == F.monthly && $0.price == Decimal(string: "2.99") }
        #expect(paid.count == 2 && paid.allSatisfy { $0.replacedBy == yearly.id })
        let parts = paid.compactMap { $0.refundedAtUpgrade(by: yearly) }
        #expect(parts.count == 2 && parts.reduce(0, +) == total, "the parts add up to what the upgrade refunded: \(parts) of \(total)")
        let ahead = try #require(paid.max { $0.purchaseDate < $1.purchaseDate })
        #expect(ahead.refundedAtUpgrade(by: yearly) == Decimal(string: "2.99"), "a month paid ahead came back whole")
        // Nothing is left to refund of the month paid ahead, so R does not ask (before: it asked
        // and then refunded $0.00); the month that ran still has its part to give back.
        #expect(!TransactionAction.refund.isAvailable(for: ahead, in: state.snapshot))
        let running = try #require(paid.min { $0.purchaseDate < $1.purchaseDate })
        #expect(TransactionAction.refund.isAvailable(for: running, in: state.snapshot))
        var pressed = state
        pressed.send(.character("t"))
        while TransactionsReducer.selectedRecord(in: pressed)?.id != ahead.id, pressed.snapshot.transactions.count > 1 { pressed.send(.down) }
        #expect(TransactionsReducer.selectedRecord(in: pressed)?.id == ahead.id)
        pressed.send(.character("R"))
        #expect(pressed.topAlert?.message.hasPrefix("Refund does not apply to transaction \(ahead.id) (replaced, its whole price given back then).") == true,
                "\(String(describing: pressed.topAlert))")
        for record in paid where record.id != ahead.id {
            let question = StorefrontPaneText.refundQuestion(record, replacedBy: yearly, now: fixture.clock.now(), text: state.text).question
            let part = try #require(record.refundedAtUpgrade(by: yearly))
            #expect(question.contains("\(state.text.format(part, currency: "USD")) of it came back at the upgrade")
                && question.contains("so \(state.text.format(Decimal(string: "2.99")! - part, currency: "USD")) comes back now"),
                "\(question)")
        }

        let trialFixture = try F()
        try trialFixture.buy(F.monthly)
        trialFixture.clock.advance(by: 2 * 86_400)
        try trialFixture.buy(Self.yearly)
        let trialState = trialFixture.state()
        let upgrade = try #require(trialState.snapshot.transactions.first { $0.productID == Self.yearly })
        let trial = try #require(trialState.snapshot.transactions.first { $0.productID == F.monthly })
        #expect(trial.price == 0 && trial.replacedBy == upgrade.id && trial.refundedAtUpgrade(by: upgrade) == nil)
        // A replaced free trial charged nothing and its access went to the upgrade: R does not
        // ask (before: it asked, and the refund then gave and revoked nothing).
        #expect(!TransactionAction.refund.isAvailable(for: trial, in: trialState.snapshot))
        #expect(throws: StoreError.nothingLeftToRefund(trial.id, productID: F.monthly, replacementProductID: Self.yearly, wasFree: true)) {
            try trialFixture.store.refund(trial.id)
        }
    }

    @Test("A refund or cancel-renewal question whose transaction another process changed closes and says so; a change elsewhere that leaves it applying keeps it (before: Enter was refused)",
          arguments: ["R", "X"])
    func questionOfATransactionChangedElsewhereCloses(key: String) throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        let record = try #require(state.snapshot.transactions.first)
        state.send(.character("t"))
        state.send(.character(Character(key)))
        let question: Overlay = key == "R" ? .refundConfirmation(transactionID: record.id) : .cancelRenewalConfirmation(transactionID: record.id)
        #expect(state.top == question)

        try fixture.buy(F.facePack)
        state.refresh(from: fixture)
        #expect(state.top == question, "another purchase leaves the question as it was")

        if key == "R" { _ = try fixture.store.refund(record.id) } else { _ = try fixture.store.cancelRenewal(F.monthly, buyer: fixture.buyer) }
        state.refresh(from: fixture)
        #expect(!state.overlays.contains(question), "the question closed")
        let alert = try #require(state.topAlert)
        #expect(alert.title == "No longer applies")
        #expect(alert.message.contains("Transaction \(record.id) changed while this question was open (it is "
            + (key == "R" ? "refunded" : "subscribed, auto-renew off") + " now), so " + (key == "R" ? "refund" : "cancel renewal")
            + " no longer applies; the question closed and nothing was done here."), "\(alert.message)")
        let events = fixture.log.allEvents.count
        let heldBack = state.holdsBackEnterForAMoment()
        #expect(heldBack, "the Enter meant for the question leaves the alert to be read")
        state.send(.enter)
        let onTransactions = if case .transactions? = state.top { true } else { false }
        #expect(state.overlays.count == 1 && onTransactions, "once read, Enter closes the alert only: \(state.overlays)")
        #expect(state.activity == nil && fixture.log.allEvents.count == events, "nothing recorded")
    }

    @Test("A refund question whose words change under it (an upgrade elsewhere refunded part of the period) takes Enter only a moment later (before: an Enter as it changed refunded on terms never read)")
    func refundQuestionChangedUnderItIsArmedAnew() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        fixture.clock.advance(by: 10 * 86_400)   // the free week is over: a paid month runs
        try fixture.buy(F.facePack)               // a change, which records the renewal that came due
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.now = fixture.clock.now()
        let month = try #require(state.snapshot.transactions.first { $0.productID == F.monthly && $0.price != 0 })
        let row = try #require(state.snapshot.transactions.firstIndex { $0.id == month.id })
        state.send(.character("t"))
        for _ in 0..<row { state.send(.down) }
        state.send(.character("R"))
        #expect(state.top == .refundConfirmation(transactionID: month.id))
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let before = try #require(state.refundQuestion(of: month.id)?.question)
        #expect(before.hasSuffix("The buyer loses what it unlocked."), "\(before)")

        try fixture.buy(Self.yearly)
        state.refresh(from: fixture)
        let after = try #require(state.refundQuestion(of: month.id)?.question)
        #expect(after.contains("came back at the upgrade"), "\(after)")
        let events = fixture.log.allEvents.count
        let heldBack = state.holdsBackEnterForAMoment()
        #expect(heldBack, "an Enter as the words changed refunds nothing, nor one a moment later")
        #expect(fixture.log.allEvents.count == events && state.top == .refundConfirmation(transactionID: month.id))
        let effects = state.send(.enter)
        #expect(!effects.isEmpty, "once read, Enter refunds")
    }

    /// The transactions screen (`t`) opened with `id` selected, as text.
    static func transactionsScreen(_ state: inout AppState, selecting id: String) throws -> String {
        let row = try #require(state.snapshot.transactions.firstIndex { $0.id == id })
        state.send(.character("t"))
        for _ in 0..<row { state.send(.down) }
        return render(state, size: state.size).rowTexts.joined(separator: "\n")
    }

    @Test("the period running when the refund of a period paid ahead revoked its subscription says so under the transactions, not until when it runs (before: 'until' its old end)")
    func aPeriodRevokedWithItsSubscriptionSaysSo() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        fixture.clock.advance(by: 10 * 86_400)   // the free week is over: a paid month runs
        _ = try fixture.store.renew(F.monthly, buyer: fixture.buyer)   // a month paid ahead
        let periods = fixture.store.transactions(for: "tester").filter { $0.productID == F.monthly }   // newest first
        let ahead = try #require(periods.first)
        let running = try #require(periods.dropFirst().first)
        _ = try fixture.store.refund(ahead.id)
        let revokedAt = try #require(fixture.store.snapshot.transactions[ahead.id]?.revocationDate)
        var state = fixture.state(size: Size(width: 120, height: 30))
        #expect(state.snapshot.revokedWithSubscription == [running.id: revokedAt], "only the period running then: \(state.snapshot.revokedWithSubscription)")
        let screen = try Self.transactionsScreen(&state, selecting: running.id)
        #expect(screen.contains("Transaction \(running.id) · revoked \(state.text.date(revokedAt)) with its subscription · order "), "\(screen)")
        #expect(!screen.contains(" · until "), "\(screen)")
    }

    @Test("a period paid ahead that an expire ended before it began says under the transactions that it never begins, not until when it runs")
    func aPeriodThatNeverBeginsSaysSo() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        _ = try fixture.store.expire(Self.yearly, buyer: fixture.buyer)
        let ahead = try #require(fixture.store.transactions(for: "tester").first)   // newest first
        let ended = try #require(fixture.store.snapshot.neverBegins(ahead))
        var state = fixture.state(size: Size(width: 120, height: 30))
        #expect(state.snapshot.neverBegins == [ahead.id: ended])
        let screen = try Self.transactionsScreen(&state, selecting: ahead.id)
        #expect(screen.contains("Transaction \(ahead.id) · never begins (ended \(state.text.date(ended))) · order "), "\(screen)")
        #expect(!screen.contains(" · until "), "\(screen)")
    }

    @Test("A refunded plan an upgrade had replaced shows, under the transactions, what its refund gave back (before: only its full price)")
    func refundedReplacedPlanSaysTheMoney() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        fixture.clock.advance(by: 10 * 86_400)   // the free week is over: a paid month runs
        try fixture.buy(F.facePack)               // records the renewal that came due
        try fixture.buy(Self.yearly)              // the upgrade refunds the month's unused part
        let month = try #require(fixture.store.transactions(for: "tester").first { $0.productID == F.monthly && $0.price != 0 })
        var before = fixture.state(size: Size(width: 120, height: 30))
        let monthRow = try #require(before.snapshot.transactions.firstIndex { $0.id == month.id })
        before.send(.character("t"))
        let yearlyLine = render(before, size: before.size).rowTexts.joined(separator: "\n")
        #expect(yearlyLine.contains("of the previous plan refunded"), "the upgrade, selected first, says what it gave back: \(yearlyLine)")
        for _ in 0..<monthRow { before.send(.down) }
        let replacedLine = render(before, size: before.size).rowTexts.joined(separator: "\n")
        #expect(replacedLine.contains("Transaction \(month.id) · replaced by \(try #require(month.replacedBy ?? fixture.store.snapshot.transactions[month.id]?.replacedBy))"),
                "\(replacedLine)")
        _ = try fixture.store.refund(month.id)
        var state = fixture.state(size: Size(width: 120, height: 30))
        let screen = try Self.transactionsScreen(&state, selecting: month.id)
        let refunded = try #require(fixture.store.snapshot.transactions[month.id])
        let back = try #require(fixture.store.snapshot.refundMoney(of: refunded).moneyBack)
        let atUpgrade = try #require(fixture.store.snapshot.refundMoney(of: refunded).cameBackAtUpgrade)
        #expect(screen.contains("Transaction \(month.id) · refunded \(state.text.format(back, currency: "USD")) of $2.99 "
            + "(\(state.text.format(atUpgrade, currency: "USD")) at the upgrade) · order "), "\(screen)")
    }

    @Test("The plan running before a period paid ahead into another plan reads as followed by that plan: neither renewing nor ending (before: \"Renews\" on the day it switches)")
    func thePlanRunningBeforeAPeriodPaidAhead() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly) // a downgrade, at the next renewal
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer) // ahead, into the monthly plan
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.refresh(from: fixture)
        let yearly = try #require(state.catalog.product(id: Self.yearly))
        guard case .runningBeforeSwitch(let until, let next, true) = state.snapshot.status(of: Self.yearly) else {
            Issue.record("the yearly plan reads \(state.snapshot.status(of: Self.yearly))")
            return
        }
        #expect(next == F.monthly)
        let pane = DetailView.lines(for: yearly, state: state, width: 60).map { $0.map(\.text).joined() }.joined(separator: " ")
        #expect(pane.contains("Active until \(state.text.date(until)); then Rage Pro (Monthly), paid ahead, takes over"), "\(pane)")
        #expect(pane.contains("Period 1 year; Rage Pro (Monthly) follows, paid ahead") && !pane.contains("Renews every"), "\(pane)")
        #expect(AppText.shortStatus(state.snapshot.status(of: Self.yearly), state: state) == "Switching",
                "buying it again is an upgrade, so it does not read as plainly yours (before: Subscribed)")
        #expect(!state.alreadyHas(yearly), "buying it again upgrades from the plan paid ahead, as the store decides it")
        // Enter opens the upgrade's sheet, charged now, which buys it as the command line does
        // (before: no sheet, and the store refused the purchase as changed under it, every time).
        Self.select(Self.yearly, in: &state)
        state.send(.enter)
        guard case .buySheet(Self.yearly, _)? = state.top else {
            Issue.record("Enter on the plan running opened \(String(describing: state.top))")
            return
        }
        #expect(BuySheetCharge.of(yearly, state: state) == .now)
        // E asks to end the plan that stops, the one running, as `expire` names it.
        let latest = try #require(state.snapshot.entitlements.subscriptions.first?.transactionID)
        #expect(try #require(state.expireQuestion(of: latest)?.question).hasPrefix("End Rage Pro (Yearly) now?"),
                "\(String(describing: state.expireQuestion(of: latest)))")
    }

    @Test("A sheet keeping a plan whose switch is scheduled, when another process pays ahead into the switch's plan, becomes the upgrade's sheet and is armed anew (before: closed as bought elsewhere)")
    func aKeepPlanSheetBecomesTheUpgradesWhenPaidAheadElsewhere() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly) // a downgrade, at the next renewal
        var state = fixture.state(size: Size(width: 100, height: 30))
        Self.select(Self.yearly, in: &state)
        state.send(.enter)
        let yearly = try #require(state.catalog.product(id: Self.yearly))
        guard case .keepsPlan = BuySheetCharge.of(yearly, state: state), case .buySheet(Self.yearly, _)? = state.top else {
            Issue.record("the sheet keeping the plan was not opened: \(String(describing: state.top))")
            return
        }
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer) // elsewhere: ahead, into the monthly plan
        state.refresh(from: fixture)
        guard case .buySheet(Self.yearly, _)? = state.top else {
            Issue.record("the sheet was closed: \(String(describing: state.top))")
            return
        }
        #expect(BuySheetCharge.of(yearly, state: state) == .now && state.sheetChangedUnder?.productID == Self.yearly)
    }

    @Test("The refund question of the latest of two periods paid ahead names the period running now, and the other period paid ahead that stays paid (before: it called that one running)")
    func refundQuestionOfTheLatestOfTwoPeriodsPaidAhead() throws {
        let fixture = try F()
        let first = try #require(fixture.buy(Self.yearly).transaction)
        let middle = try fixture.store.renew(first.id, buyer: fixture.buyer)
        let latest = try fixture.store.renew(first.id, buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.refresh(from: fixture)
        let middleRecord = try #require(state.snapshot.transactions.first { $0.id == middle.latestTransactionID })
        let question = try #require(state.refundQuestion(of: latest.latestTransactionID)?.question)
        #expect(question.contains("so the period running until \(state.text.date(try #require(first.expiresDate))) ends too, and "
                                  + "\(state.text.listedPeriods([middleRecord])) stays paid and never begins unless refunded too."), "\(question)")
    }

    @Test("The details say a credit's maximum in the locale's digits, as its grant (before: \"+٥ … (hold at most 50)\" in ar_EG)")
    func detailsCountInTheLocalesDigits() throws {
        let fixture = try F()
        let state = fixture.state(locale: "ar_EG", size: Size(width: 100, height: 30))
        let face = try #require(state.catalog.product(id: F.facePack))
        let pane = DetailView.lines(for: face, state: state, width: 60).map { $0.map(\.text).joined() }.joined(separator: " ")
        #expect(pane.contains("+٥") && pane.contains("(hold at most ٥٠)"), "\(pane)")
    }

    @Test("The details of a product whose purchase waits say how many it asks for, where more than one (before: only that it waits)",
          arguments: [StoreSetting.askToBuy, .interruptedPurchases])
    func aWaitingPurchasesDetailsSayHowMany(setting: StoreSetting) throws {
        let fixture = try F()
        try fixture.store.set(setting, to: "true", for: fixture.buyer)
        _ = try #require(try fixture.store.purchase(F.facePack, quantity: 3, buyer: fixture.buyer, storefront: "USA").transaction)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.refresh(from: fixture)
        let face = try #require(state.catalog.product(id: F.facePack))
        let pane = DetailView.lines(for: face, state: state, width: 60).map { $0.map(\.text).joined() }.joined(separator: " ")
        #expect(pane.contains(setting == .askToBuy ? "Asked for 3 × Random Rage Face: waiting for a parent's approval (Ask to Buy)"
                                                   : "Purchase of 3 × Random Rage Face interrupted: needs your action (t to resolve)"), "\(pane)")
        // One asked for is not counted.
        let single = try F()
        try single.store.set(setting, to: "true", for: single.buyer)
        _ = try single.buy(F.noAds)
        var singleState = single.state(size: Size(width: 100, height: 30))
        singleState.refresh(from: single)
        let noAds = try #require(singleState.catalog.product(id: F.noAds))
        let singlePane = DetailView.lines(for: noAds, state: singleState, width: 60).map { $0.map(\.text).joined() }.joined(separator: " ")
        #expect(singlePane.contains(setting == .askToBuy ? "Waiting for a parent's approval" : "Interrupted: needs"), "\(singlePane)")
    }

    @Test("A payment sheet says when Enter only asks a parent (Ask to Buy) or leaves the purchase for the buyer's action; not otherwise (before: it read as a purchase)",
          arguments: [StoreSetting.askToBuy, .interruptedPurchases, nil])
    func aSheetSaysWhenThePurchaseWaits(setting: StoreSetting?) throws {
        let fixture = try F()
        if let setting { try fixture.store.set(setting, to: "true", for: fixture.buyer) }
        var state = fixture.state(size: Size(width: 100, height: 30))
        SheetsAndPanesTests.select(F.noAds, in: &state)
        _ = state.send(.enter)
        #expect(state.top == .buySheet(productID: F.noAds))
        let said = PlanChangeUpdateTests.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(said.contains("Ask to Buy is on: Enter sends a request to a parent; nothing is charged until it is approved.") == (setting == .askToBuy), "\(said)")
        #expect(said.contains("Interrupted purchases are on:") == (setting == .interruptedPurchases), "\(said)")
        #expect(said.contains("Enter Ask") == (setting == .askToBuy), "Enter asks a parent: \(said)")
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        #expect(KeyHelp.footerHints(for: state).contains { $0.key == "Enter" && $0.label == (setting == .askToBuy ? "ask" : "buy") },
                "\(KeyHelp.footerHints(for: state))")
        // Turning renewal back on is done at once, not asked for: no such note there.
        guard setting == .askToBuy else { return }
        try fixture.store.set(.askToBuy, to: "false", for: fixture.buyer)
        try fixture.buy(F.monthly)
        _ = try fixture.store.cancelRenewal(F.monthly, buyer: fixture.buyer)
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        try fixture.run(state.send(.escape), on: &state)   // the sheet's cancel, recorded
        state.refresh(from: fixture)
        #expect(state.overlays.isEmpty && state.activity == nil)
        SheetsAndPanesTests.select(F.monthly, in: &state)
        _ = state.send(.enter)
        let keep = PlanChangeUpdateTests.screen(state).split(whereSeparator: { " │\n".contains($0) }).joined(separator: " ")
        #expect(keep.contains("Turns auto-renew back on") && !keep.contains("Ask to Buy is on") && keep.contains("Enter Confirm"), "\(keep)")
    }

    @Test("The details of a product with an interrupted purchase and a request both waiting name both (before: the interrupted one alone)")
    func aRequestBesideAnInterruptedPurchaseIsNamed() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        _ = try fixture.buy(F.noAds)
        try fixture.store.set(.interruptedPurchases, to: "false", for: fixture.buyer)
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        _ = try fixture.buy(F.noAds)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.refresh(from: fixture)
        let noAds = try #require(state.catalog.product(id: F.noAds))
        let pane = DetailView.lines(for: noAds, state: state, width: 60).map { $0.map(\.text).joined() }.joined(separator: " ")
        #expect(pane.contains("Interrupted: needs your action (t to resolve); a request to buy it waits for a parent's approval too"), "\(pane)")
    }

    @Test("A revoked subscription's details say when its access ended, and that buying it again starts anew (before: no date, and \"no longer available\" of a plan still sold)")
    func aRevokedSubscriptionsDetails() throws {
        let fixture = try F()
        let bought = try #require(fixture.buy(Self.yearly).transaction)
        _ = try fixture.store.refund(bought.id)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.refresh(from: fixture)
        let yearly = try #require(state.catalog.product(id: Self.yearly))
        let pane = DetailView.lines(for: yearly, state: state, width: 60).map { $0.map(\.text).joined() }.joined(separator: " ")
        let refunded = try #require(state.snapshot.entitlements.subscriptions.first?.revocationDate)
        #expect(pane.contains("Refunded: its access has ended (buying it again starts a new subscription)"), "\(pane)")
        #expect(pane.contains("access ended \(state.text.date(refunded)) (refunded then)"), "\(pane)")
    }

    @Test("The refund question of a period with a later one paid ahead says the subscription stays active until that one ends, as the store keeps it (before: that the buyer loses what it unlocked)")
    func refundQuestionWithAPeriodPaidAhead() throws {
        let fixture = try F()
        let first = try #require(fixture.buy(Self.yearly).transaction)
        var state = fixture.state(size: Size(width: 100, height: 30))
        #expect(try #require(state.refundQuestion(of: first.id)?.question).hasSuffix("The buyer loses what it unlocked."))
        let renewed = try fixture.store.renew(first.id, buyer: fixture.buyer)
        state.refresh(from: fixture)
        let question = try #require(state.refundQuestion(of: first.id)?.question)
        #expect(question.hasSuffix("A period paid ahead after it keeps the subscription active until \(state.text.date(renewed.expiresDate)); "
                                   + "only this period's money comes back."), "\(question)")
        // The period paid ahead is dated when it begins: it says it was paid ahead, not "bought" that day.
        let aheadQuestion = try #require(state.refundQuestion(of: renewed.latestTransactionID)?.question)
        #expect(aheadQuestion.hasPrefix("Refund Rage Pro (Yearly), paid ahead for the period from \(state.text.date(renewed.periodStart)), for "),
                "\(aheadQuestion)")
        // Once expired, the periods paid ahead keep nothing active (before: the question said they did).
        let expiring = try F()
        let bought = try #require(expiring.buy(Self.yearly).transaction)
        let ahead = try expiring.store.renew(bought.id, buyer: expiring.buyer)
        _ = try expiring.store.expire(Self.yearly, buyer: expiring.buyer)
        var expired = expiring.state(size: Size(width: 100, height: 30))
        expired.refresh(from: expiring)
        for id in [bought.id, ahead.latestTransactionID] {
            let asked = try #require(expired.refundQuestion(of: id)?.question)
            #expect(!asked.contains("keeps the subscription active"), "\(asked)")
            #expect(!asked.contains("The buyer loses what it unlocked"), "its access ended with the expire: \(asked)")
        }
        // What the question says is what the store does.
        _ = try fixture.store.refund(first.id)
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.state == .subscribed)
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.expiresDate == renewed.expiresDate)
    }

    @Test("The refund question of a free trial says it was bought at no charge (before: \"for $0.00\", where the list says Free)")
    func refundQuestionOfAFreeTrial() throws {
        let fixture = try F()
        let trial = try #require(fixture.buy(F.monthly).transaction)
        #expect(trial.price == 0)
        let state = fixture.state(size: Size(width: 100, height: 30))
        let question = try #require(state.refundQuestion(of: trial.id)?.question)
        #expect(question.hasPrefix("Refund Rage Pro (Monthly), bought \(state.text.date(trial.purchaseDate)) at no charge?"), "\(question)")
        #expect(!question.contains("$0.00"), "\(question)")
    }

    @Test("A refund question open while the period paid ahead is refunded elsewhere says the subscription ended already (before: that the buyer loses what it unlocked)")
    func refundQuestionAfterTheSubscriptionEndedElsewhere() throws {
        let fixture = try F()
        let first = try #require(fixture.buy(Self.yearly).transaction)
        let renewed = try fixture.store.renew(first.id, buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.send(.character("t"))
        let row = try #require(state.snapshot.transactions.firstIndex { $0.id == first.id })
        for _ in 0..<row { state.send(.down) }
        state.send(.character("R"))
        #expect(state.top == .refundConfirmation(transactionID: first.id))
        _ = try fixture.store.refund(renewed.latestTransactionID)   // elsewhere: revokes the subscription
        state.refresh(from: fixture)
        #expect(state.top == .refundConfirmation(transactionID: first.id), "its money can still come back")
        let question = try #require(state.refundQuestion(of: first.id)?.question)
        #expect(question.hasSuffix("The subscription has ended already, so the buyer has nothing more to lose; only the money comes back."),
                "\(question)")
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.state == .revoked, "what the question says holds")
    }

    @Test("The cancel-renewal question of a plan whose renewal failed on billing says so, not that it stays active until a past date")
    func cancelRenewalQuestionAfterABillingFailure() throws {
        let text = try F().state().text
        let expiry = Date(timeIntervalSince1970: 1_800_000_000)
        let running = StorefrontPaneText.cancelRenewalQuestion(productID: Self.yearly, expiry: expiry, now: expiry.addingTimeInterval(-60), text: text)
        #expect(running.contains("It stays active until"), "\(running)")
        let failed = StorefrontPaneText.cancelRenewalQuestion(productID: Self.yearly, expiry: expiry, now: expiry.addingTimeInterval(60), text: text)
        #expect(!failed.contains("stays active") && failed.contains("Its renewal failed on billing"), "\(failed)")
    }

    @Test("A plan whose earlier subscription was refunded, upgraded away from since, has no state in its details (before: 'Available', then 'State revoked')")
    func anEndedEarlierSubscriptionIsNotThePlansDetail() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        let first = try #require(fixture.store.snapshot.transactions.values.first { $0.productID == F.monthly })
        _ = try fixture.store.refund(first.id)
        try fixture.buy(F.monthly)
        try fixture.buy(Self.yearly)
        var state = fixture.state(size: Size(width: 100, height: 30))
        Self.select(F.monthly, in: &state)
        let screen = Self.rowTexts(state).joined(separator: "\n")
        #expect(!screen.contains("State revoked") && !screen.contains("access ended"), "\(screen)")
        Self.select(Self.yearly, in: &state)
        #expect(Self.rowTexts(state).joined(separator: "\n").contains("State subscribed"), "the running plan's state stays")
    }

    @Test("A plan switched to at the next renewal: the sheet shows its price, no charge today and no offer to choose (before: \"Due today $0.99\" with an offer that was never applied)")
    func planSwitchSheetChargesNothingNow() throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        var state = fixture.state(size: Size(width: 100, height: 30))
        Self.select(F.monthly, in: &state)
        state.send(.enter)
        #expect(BuySheetOffers.choices(for: F.monthly, state: state) == [nil])
        state.send(.right)
        let sheet = Self.rowTexts(state).joined(separator: "\n")
        #expect(!sheet.contains("Due today") && !sheet.contains("Offer ") && !sheet.contains("‹"), "\(sheet)")
        #expect(sheet.contains("Price") && sheet.contains("$2.99/month │") && sheet.contains("nothing is charged now"), "\(sheet)")
        #expect(sheet.contains("Enter Confirm") && !sheet.contains("Enter Buy"), "\(sheet)")
    }

    @Test("A free subscription's sheet says Free and its key Subscribe, in the sheet and the footer (before: Enter Buy, then the footer's 'Enter buy')")
    func freeSubscriptionSheetSubscribes() throws {
        let fixture = try F()
        var state = fixture.state(size: Size(width: 100, height: 30))
        Self.select("com.example.rage.newsletter", in: &state)
        state.send(.enter)
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let sheet = Self.rowTexts(state).joined(separator: "\n")
        #expect(sheet.contains("Free") && sheet.contains("Enter Subscribe") && !sheet.contains("Enter Buy"), "\(sheet)")
        #expect(KeyHelp.footerHints(for: state).first == KeyHelp.Hint("Enter", "subscribe"), "\(KeyHelp.footerHints(for: state))")
    }

    @Test("Enter on the current plan with auto-renew off opens the sheet, which says it turns renewal back on (before: turned it on at once)")
    func resumingRenewalAsksFirst() throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        _ = try fixture.store.cancelRenewal("com.example.rage.pro.yearly", buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        Self.select("com.example.rage.pro.yearly", in: &state)
        let effects = state.send(.enter)
        #expect(effects.isEmpty, "nothing is asked of the store before the sheet is confirmed: \(effects)")
        guard case .buySheet = state.overlays.last else { Issue.record("no sheet: \(state.overlays)"); return }
        let sheet = Self.rowTexts(state).joined(separator: "\n")
        #expect(sheet.contains("Turns auto-renew back on: it renews on") && !sheet.contains("Due today"), "\(sheet)")
        // Esc, n, q and Ctrl-C record nothing (a cancel recorded as a purchase of the plan turned renewal on).
        for key in [Key.escape, .character("n"), .character("q"), .ctrl("c")] {
            var asked = state
            let effects = asked.send(key).filter { $0 != .quit }
            #expect(effects.isEmpty, "\(key): \(effects)")
        }
    }

    @Test("At 60 columns the payment sheet shows a 40-character account and its device whole (before: both cut on one line)")
    func longAccountNameIsShownWhole() throws {
        let account = String(repeating: "q", count: 36) + "-end"
        let fixture = try F(buyer: Buyer(account: account, device: "phone-7"))
        var state = fixture.state(size: Size(width: 60, height: 16))
        Self.select(F.facePack, in: &state)
        state.send(.enter)
        let screen = Self.rowTexts(state).joined(separator: "\n")
        #expect(screen.contains(account) && screen.contains("on phone-7"), "\(screen)")
        #expect(screen.contains("Enter Buy"), "the sheet's keys are still shown: \(screen)")
    }

    @Test("At 60x16 a subscription's long payment sheet keeps its keys in view (before: pushed off by its text)")
    func longSheetKeepsItsKeys() throws {
        let fixture = try F(buyer: Buyer(account: String(repeating: "q", count: 40), device: "phone-7"))
        try fixture.buy("com.example.rage.pro.yearly")
        try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
        var state = fixture.state(size: Size(width: 60, height: 16))
        Self.select(F.monthly, in: &state)
        state.send(.enter)
        let rows = Self.rowTexts(state)
        let sheetRows = rows.filter { $0.contains("│") && $0.contains("Esc Cancel") }
        #expect(!sheetRows.isEmpty && sheetRows.first?.contains("Enter Confirm") == true, "\(rows.joined(separator: "\n"))")
        // What does not fit is said to be left out (before: the text just stopped).
        #expect(rows.contains { $0.contains("… (a taller window shows the rest)") }, "\(rows.joined(separator: "\n"))")
        state.size = Size(width: 100, height: 30)
        #expect(!Self.rowTexts(state).contains { $0.contains("a taller window") }, "a sheet that fits has no mark")
    }

    @Test("The payment sheet of a free trial says what is charged now and after; after the trial is used, the regular price")
    func freeTrialSheet() throws {
        let fixture = try F()
        var state = fixture.state()
        Self.select(F.monthly, in: &state)
        state.send(.enter)
        let sheet = Self.rowTexts(state).joined(separator: "\n")
        #expect(sheet.contains("Due today"))
        #expect(sheet.contains("$0.00"))
        #expect(sheet.contains("1 week free, then $2.99/month"))
        RenderSnapshotTests.verify(state, named: "buy-sheet-free-trial-80x24")

        try fixture.buy(F.monthly)
        try fixture.store.expire(F.monthly, buyer: fixture.buyer)
        var after = fixture.state()
        Self.select(F.monthly, in: &after)
        #expect(!Self.rowTexts(after).joined().contains("Intro offer"), "the pane stops advertising a used offer")
        after.send(.enter)
        let again = Self.rowTexts(after).joined(separator: "\n")
        #expect(again.contains("$2.99/month"))
        #expect(!again.contains("free"))
    }

    @Test("A past subscriber chooses a promotional offer on the payment sheet and buys it as `buy --offer` does")
    func promotionalOffer() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        try fixture.store.expire(F.monthly, buyer: fixture.buyer)
        var state = fixture.state()
        Self.select(F.monthly, in: &state)
        state.send(.enter)
        #expect(Self.rowTexts(state).last?.contains("← → offer") == true)
        state.send(.right)
        #expect(state.top == .buySheet(productID: F.monthly, offerID: "rage.pro.comeback"))
        let sheet = Self.rowTexts(state).joined(separator: "\n")
        #expect(sheet.contains("‹ rage.pro.comeback ›"))
        #expect(sheet.contains("$0.99/month for 3 months, then $2.99/month"))
        RenderSnapshotTests.verify(state, named: "buy-sheet-offer-80x24")
        let effects = state.send(.enter)
        #expect(effects == [.purchase(productID: F.monthly, buyer: fixture.buyer, storefront: "USA", simulate: nil,
                                      offerID: "rage.pro.comeback", shownCharge: Decimal(string: "0.99"), shownStartingNow: true)])
        try fixture.run(effects, on: &state)
        let record = try #require(state.snapshot.transactions.first)
        #expect(record.offer == .promotional(id: "rage.pro.comeback"))
        #expect(record.price == Decimal(string: "0.99"))
        Self.select(F.nightly, in: &state)
        state.send(.enter, .right)
        #expect(state.top == .buySheet(productID: F.nightly), "a product with no offers has nothing to choose")
    }

    @Test("A pay-up-front offer: \"$0.49 for 3 months, then $19.99/year\"")
    func payUpFrontSheet() throws {
        let fixture = try F(catalog: Self.twoGroupCatalog())
        var state = fixture.state()
        Self.select(Self.yearly, in: &state)
        state.send(.enter)
        let sheet = Self.rowTexts(state).joined(separator: "\n")
        #expect(sheet.contains("$0.49 for 3 months, then $19.99/year"))
        #expect(sheet.contains("$0.49"))
    }

    @Test("Subscriptions of different groups get a group heading, rows show the period, and the heading stays on top")
    func groupHeadings() throws {
        let fixture = try F(catalog: Self.twoGroupCatalog())
        let whole = fixture.state(size: Size(width: 80, height: 30))
        let rows = Self.rowTexts(whole)
        #expect(rows.contains { $0.contains("  Rage Pro ") && !$0.contains("$") }, "a Rage Pro group heading: \(rows)")
        #expect(rows.contains { $0.contains("Rage Max") && !$0.contains("$") })
        #expect(rows.contains { $0.contains("$2.99/mo") })
        RenderSnapshotTests.verify(whole, named: "main-groups-80x30")
        var state = fixture.state(size: Size(width: 60, height: 16))
        Self.select(F.monthly, in: &state)
        let scrolled = Self.rowTexts(state)
        #expect(!scrolled.contains { $0.contains("│Non-consumables") }, "the heading has scrolled away")
        #expect(scrolled[2].contains("Products · Non-consumables"), "the heading of the top row stays in sight: \(scrolled[2])")
    }

    @Test("The status column stays put when a status changes")
    func stableStatusColumn() throws {
        let fixture = try F()
        var state = fixture.state()
        let row = { (title: String) in Self.rowTexts(state).first { $0.contains(title) } ?? "" }
        let end = { (status: String, row: String) in row.range(of: status).map { row[..<$0.upperBound].displayWidth } }
        let before = row("Nightly Rage")
        let faceStatusEnd = end("0 left", row("Random Rage Face"))
        try fixture.buy(F.monthly)
        state.refresh(from: fixture)
        #expect(row("Nightly Rage") == before, "other rows do not move")
        let renews = row("Rage Pro (Monthly)")
        #expect(renews.contains("Renews"))
        #expect(end("Renews Dec 7, 2026", renews) == faceStatusEnd, "statuses end in one column:\n\(renews)")
    }

    @Test("A billing problem is said in fewer words rather than cut")
    func billingProblemNotCut() throws {
        let fixture = try F()
        try fixture.store.set(.billingRetry, to: "true", for: fixture.buyer)
        try fixture.buy(F.monthly)
        fixture.clock.advance(by: 8 * 86_400)
        _ = try fixture.store.catchUp()
        let state = fixture.state()
        let row = Self.rowTexts(state).first { $0.contains("Rage Pro (Monthly)") } ?? ""
        #expect(row.contains("Billing problem"), "\(row)")
        #expect(!row.contains("…"), "\(row)")
    }

    @Test("Header balances shorten names, never numbers")
    func balancesNeverCut() throws {
        let line = CreditLine.spans([("Rage Faces", "50"), ("Extra Lives", "12345")], width: 20).map(\.text).joined()
        #expect(line.displayWidth <= 20)
        #expect(line.hasSuffix("12345"))
        #expect(line.contains(" 50 · "))
    }

    @Test("In the smallest window with warnings showing, the header's balances keep their numbers")
    func headerBalancesWithBadges() throws {
        let fixture = try F()
        for _ in 0..<10 { try fixture.buy(F.facePack) }
        try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
        try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
        let state = fixture.state(size: Size(width: 60, height: 16))
        let header = Self.rowTexts(state)[1]
        #expect(header.contains(": 50 · "), "\(header)")
        #expect(header.contains(": 0 "), "\(header)")
        #expect(header.contains("Purchases off"), "the first warning that fits stays: \(header)")
    }

    @Test("In Japanese, with every badge, each balance keeps a letter of its name at every width (before: \"…: 0 · +1 mo…\" at 70 columns)",
          arguments: 60...80)
    func wideNamesKeepALetter(width: Int) throws {
        let fixture = try F()
        try fixture.store.setTimeRate(.dayEverySecond, buyer: fixture.buyer)
        try fixture.store.set(.purchasesAllowed, to: "false", for: fixture.buyer)
        try fixture.store.set(.nextPurchaseOutcome, to: "fail", for: fixture.buyer)
        try fixture.store.set(.environment, to: "Production", for: fixture.buyer)
        let state = fixture.state(locale: "ja_JP", storefront: "JPN", size: Size(width: width, height: 20))
        let header = Self.rowTexts(state)[1]
        #expect(!header.contains(" …:") && !header.contains("more"), "\(width): \(header)")
        #expect(header.contains("レ") && header.contains("エ"), "\(width): \(header)")
        #expect(header.contains(": 0 · "), "both balances show: \(width): \(header)")
    }

    @Test("Transaction states are never cut: needsAction shows whole")
    func transactionStates() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        try fixture.buy(F.noAds)
        var state = fixture.state()
        state.send(.character("t"))
        #expect(Self.rowTexts(state).contains { $0.contains("needsAction") })
    }

    @Test("The detail pane wraps offer terms and ids and scrolls at 80x24 so the offer id can be read")
    func detailScrolls() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        var state = fixture.state()
        Self.select(F.monthly, in: &state)
        #expect(!Self.rowTexts(state).joined().contains("rage.pro.comeback"))
        #expect(Self.rowTexts(state).contains { $0.contains("▼ more below: ] scrolls down") })
        var seen = ""
        for _ in 0..<12 {
            state.send(.character("]"))
            seen += Self.rowTexts(state).joined(separator: "\n")
        }
        #expect(seen.contains("Offer rage.pro.comeback"))
        #expect(seen.contains("com.example.rage.pro.monthly"))
        #expect(!seen.contains("…"), "nothing in the pane is cut")
        // At the end, the pane says there is more above (before: nothing did).
        let scrolledToEnd = Self.rowTexts(state).joined(separator: "\n")
        #expect(scrolledToEnd.contains("▲ more above: [ scrolls up") && !scrolledToEnd.contains("▼ more below"), "\(scrolledToEnd)")
        RenderSnapshotTests.verify(state, named: "detail-scrolled-80x24")
        state.send(.down)
        #expect(state.detailScroll.offset(for: state.list.selectedProductIndex) == 0, "another product starts at the top")
    }

    @Test("A detail pane scrolled part way says there is more above and more below; at its end its last line shows under the mark above")
    func detailPaneMarksBothWays() {
        let all: [[Span]] = (1...10).map { [Span("line \($0)")] }
        let text = { (rows: [[Span]]) in rows.map { $0.map(\.text).joined() } }
        #expect(text(DetailView.visible(all, offset: 0, height: 4)) == ["line 1", "line 2", "line 3", DetailView.moreBelow])
        #expect(text(DetailView.visible(all, offset: 3, height: 4)) == [DetailView.moreAbove, "line 4", "line 5", DetailView.moreBelow])
        #expect(DetailView.maximumOffset(lineCount: 10, height: 4) == 7)
        #expect(text(DetailView.visible(all, offset: 7, height: 4)) == [DetailView.moreAbove, "line 8", "line 9", "line 10"])
        #expect(text(DetailView.visible(all, offset: 99, height: 4)) == [DetailView.moreAbove, "line 8", "line 9", "line 10"])
        #expect(text(DetailView.visible(all, offset: 5, height: 2)) == ["line 6", DetailView.moreBelow], "two rows keep only the mark below")
        #expect(text(DetailView.visible(all, offset: 0, height: 20)).count == 10)
    }

    @Test("At 60 columns the transactions footer keeps Esc and ? in view, dropping actions instead (before: they were dropped, the way back unsaid)")
    func narrowTransactionsFooterKeepsTheWayBack() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        var state = fixture.state(size: Size(width: 60, height: 16))
        state.send(.character("t"))
        let footer = Self.rowTexts(state).last ?? ""
        #expect(footer.contains("Esc close") && footer.contains("? help"), "\(footer)")
        #expect(footer.contains("N renew now"), "the actions still come first, as many as fit: \(footer)")
    }

    @Test("At 60 columns, with renewal off, the transactions footer names U resume renewal first (before: dropped for the others)")
    func narrowTransactionsFooterKeepsTheRemedy() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        _ = try fixture.store.cancelRenewal(F.monthly, buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 60, height: 16))
        state.send(.character("t"))
        let footer = Self.rowTexts(state).last ?? ""
        #expect(footer.hasPrefix(" U resume renewal") && footer.contains("Esc close") && footer.contains("? help"), "\(footer)")
    }

    @Test("A free subscription offers only unsubscribe in the transactions footer, which asks first (before: ended at once), and unsubscribing works")
    func freeSubscription() throws {
        let fixture = try F()
        try fixture.buy(Self.newsletter)
        var state = fixture.state()
        state.send(.character("t"))
        let footer = Self.rowTexts(state).last ?? ""
        #expect(footer.contains("X unsubscribe"), "\(footer)")
        for absent in ["N renew", "E expire", "R refund", "X cancel"] { #expect(!footer.contains(absent), "\(footer)") }
        #expect(state.send(.character("X")).isEmpty, "nothing is asked of the store before the question is answered")
        let question = Self.rowTexts(state).joined(separator: "\n")
        #expect(question.contains("Unsubscribe from Rage Weekly? It ends now"), "\(question)")
        // The footer says what the dialog says (before: "Enter cancel renewal  Esc keep renewing").
        var armed = state
        _ = update(&armed, .keyClockTicked(armed.keyTime.addingTimeInterval(1)))
        #expect(KeyHelp.footerHints(for: armed).map(\.label).prefix(2) == ["unsubscribe", "stay subscribed"], "\(KeyHelp.footerHints(for: armed))")
        #expect(KeyHelp.footerHints(for: state).first?.label == "stay subscribed", "before it is armed, Esc only")
        state.send(.character("n"))
        guard case .transactions = state.overlays.last else { Issue.record("n did not close the question: \(state.overlays)"); return }
        #expect(fixture.store.transactions(for: fixture.buyer.account).contains { $0.productID == Self.newsletter && $0.isInForce },
                "n keeps the subscription")
        state.send(.character("X"))
        let effects = state.send(.enter)
        try fixture.run(effects, on: &state)
        #expect(state.shownOutcome?.message.contains("Unsubscribed from") == true)
        #expect(state.snapshot.status(of: Self.newsletter) != .active(until: nil, willRenew: false))
        // Unsubscribed elsewhere while the question was open: said as nothing changed (before: "has no subscription").
        var late = state
        _ = late.apply(.unsubscribed(productID: Self.newsletter, changed: false))
        #expect(late.shownOutcome?.message == "You are not subscribed to Rage Weekly any more; nothing changed.", "\(String(describing: late.shownOutcome))")
    }

    @Test("An injected load-products error shows instead of the products; clearing it brings them back")
    func loadProductsFailure() throws {
        let fixture = try F()
        try fixture.store.inject(InjectedFailure(error: .network, once: false), into: .loadProducts, buyer: fixture.buyer)
        var state = fixture.state()
        let screen = Self.rowTexts(state).joined(separator: "\n")
        #expect(screen.contains("Products unavailable"))
        #expect(!screen.contains("Random Rage Face"))
        #expect(state.send(.enter).isEmpty, "nothing to buy while the products are unavailable")
        RenderSnapshotTests.verify(state, named: "products-unavailable-80x24")
        try fixture.store.inject(nil, into: .loadProducts, buyer: fixture.buyer)
        state.refresh(from: fixture)
        #expect(Self.rowTexts(state).joined().contains("Random Rage Face"))
    }

    @Test("Restore and use are offered only when they can do something; a balance reads well")
    func spaceShooterHints() throws {
        let fixture = try F(catalog: CatalogLoader.loadBundled("SpaceShooter"))
        var state = fixture.state()
        #expect(Self.rowTexts(state).last?.contains("r restore") == true)
        try fixture.buy("com.example.spaceshooter.greenship")
        state.refresh(from: fixture)
        #expect(Self.rowTexts(state).last?.contains("r restore") == false, "nothing left to restore")

        let noCredits = try F(catalog: Self.withoutCredits(CatalogLoader.loadBundled("SpaceShooter"))).state()
        #expect(Self.rowTexts(noCredits).last?.contains("u use") == false)
        Self.select("com.example.spaceshooter.lives.5", in: &state)
        let pane = Self.rowTexts(state).joined(separator: "\n")
        #expect(pane.contains("Your balance of Lives: 0"), "the number after the name: \(pane)")
        #expect(Self.rowTexts(state)[1].contains("Lives: 0"))
    }

    static func withoutCredits(_ catalog: Catalog) -> Catalog {
        var catalog = catalog
        catalog.credits = []
        catalog.products = catalog.products.filter { $0.grant == nil }
        return catalog
    }

    @Test("Emoji clusters are one glyph each in the frame: a family, flags, a skin tone, a keycap")
    func emojiClusters() throws {
        var catalog = try CatalogLoader.loadBundled("Rage")
        let title = "Fam \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F3F3}\u{FE0F}\u{200D}\u{1F308} "
            + "\u{1F1E9}\u{1F1EA} \u{1F44D}\u{1F3FE} 1\u{FE0F}\u{20E3}|"
        catalog.products[0].localizations["en"]?.title = title
        let state = try F(catalog: catalog).state()
        let buffer = render(state, size: state.size)
        let row = try #require((0..<buffer.height).first { buffer.rowTexts[$0].contains("Fam ") })
        let glyphs = (0..<buffer.width).compactMap { buffer.cell(column: $0, row: row) }.filter { !$0.isContinuation }.map(\.grapheme)
        for cluster in ["\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
                        "\u{1F1E9}\u{1F1EA}", "\u{1F44D}\u{1F3FE}", "1\u{FE0F}\u{20E3}"] {
            #expect(glyphs.contains(cluster), "\(cluster) is one cell")
        }
        #expect(buffer.rowTexts[row].displayWidth == 80)
        RenderSnapshotTests.verify(state, named: "main-emoji-80x24")
    }

    @Test("The title bar names the app once, and a .storekit file by a readable name")
    func appTitle() {
        #expect(AppTitle.readableName(fromFileName: "RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration") == "Purchase Tester")
        #expect(AppTitle.readableName(fromFileName: "cntrump__SKDemo__Products") == "SK Demo")
        #expect(AppTitle.readableName(fromFileName: "space-code__flare__Flare") == "Flare")
    }
}

extension SheetsAndPanesTests {
    @Test("A pass held on another device is bought again here, adding its time, as the command line does (before: refused, \"shown as yours\")")
    func passHeldElsewhereIsBoughtAgain() throws {
        let fixture = try F()
        try fixture.buy(F.season, buyer: Buyer(account: fixture.buyer.account, device: "phone"))
        var state = fixture.state()
        state.refresh(from: fixture)
        let pass = try #require(state.catalog.product(id: F.season))
        #expect(state.snapshot.status(of: F.season) == .restoreToUnlock)
        #expect(!state.alreadyHas(pass), "a pass is never already had: another adds to the run")
        let noAds = try #require(state.catalog.product(id: "com.example.rage.noads"))
        try fixture.buy(noAds.id, buyer: Buyer(account: fixture.buyer.account, device: "phone"))
        state.refresh(from: fixture)
        #expect(state.alreadyHas(noAds), "a non-consumable held elsewhere is restored, not bought again")
    }
}

extension SheetsAndPanesTests {
    @Test("An active pass's row, where its end date does not fit, reads Active, not \"Not renewing\" as if it could renew")
    func activePassRowSaysActive() throws {
        let fixture = try F()
        try fixture.buy(F.season)
        var state = fixture.state(size: Size(width: 100, height: 30))
        state.refresh(from: fixture)
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        let row = try #require(screen.split(separator: "\n").first { $0.contains("Rage Season Pass") && $0.contains("$4.99") })
        #expect(!row.contains("Not renewing") && (row.contains("Active") || row.contains("until")), "\(row)")
    }
}
