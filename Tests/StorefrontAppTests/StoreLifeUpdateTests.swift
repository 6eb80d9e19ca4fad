import Foundation
import StoreEngine
import Testing
import StorefrontText
import TerminalUI
@testable import StorefrontApp

/// The transactions screen's actions on waiting purchases and subscriptions, the store-wide
/// settings, announcements of decisions made elsewhere, and countdowns in fast store time.
@Suite("Update: Ask to Buy, subscriptions, store settings and store time")
struct StoreLifeUpdateTests {
    typealias F = StorefrontFixture

    static let yearly = "com.example.rage.pro.yearly"

    func transactionsOpen(_ fixture: F) -> AppState {
        var state = fixture.state()
        state.send(.character("t"))
        return state
    }

    @Test("The transactions list shows a quantity bought, as `transactions` does: its price is for all of them")
    func aQuantityShowsInTheList() throws {
        let fixture = try F()
        _ = try fixture.store.purchase(F.facePack, quantity: 3, buyer: fixture.buyer, storefront: "USA")
        let state = transactionsOpen(fixture)
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(screen.contains("3 × Random Rage Face") && screen.contains("$2.97"), "\(screen)")
    }

    @Test("An interrupted pass shows no end on the transactions screen until it is completed, as transactions --json (before: the end it planned)")
    func anInterruptedPassShowsNoEnd() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        _ = try fixture.buy(F.season)
        let state = transactionsOpen(fixture)
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(screen.contains("needsAction") && !screen.contains("until"), "\(screen)")
    }

    @Test("A pending request can be approved with A, which completes the purchase")
    func approve() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let request = try #require(try fixture.buy(F.facePack).transaction)
        var state = transactionsOpen(fixture)
        let effects = state.send(.character("A"))
        #expect(effects == [.settle(.approve, transactionID: request.id, buyer: fixture.buyer)])
        #expect(state.activity == .settling(.approve))
        try fixture.run(effects, on: &state)
        #expect(state.snapshot.balance(of: "rage-faces") == 5)
        // Titled and led as `approve` says it (before: "Purchase complete", and the grant alone).
        #expect(state.notice?.title == "Request approved")
        #expect(state.notice?.message.hasPrefix("Approved the request. Added 5 Rage Faces with Random Rage Face") == true,
                "\(String(describing: state.notice))")
        #expect(state.activity == nil)
    }

    @Test("An approved request for a plan change says it was approved, as approve does (before: \"The request was not approved.\" over the switch it scheduled)")
    func approvedPlanChangeSaysApproved() throws {
        let (fixture, request) = try yearlyWithMonthlyRequested()
        #expect(request.state == .pending)
        let said = try approveInTransactions(request.id, fixture)
        #expect(said.hasPrefix("Approved the request. ") && said.contains("at its next renewal"), "\(said)")
    }

    /// A yearly subscriber whose request (Ask to Buy) to switch to monthly waits.
    private func yearlyWithMonthlyRequested() throws -> (F, TransactionRecord) {
        let fixture = try F()
        _ = try fixture.buy(SheetsAndPanesTests.yearly)
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        return (fixture, try #require(try fixture.buy(F.monthly).transaction))
    }

    /// Approves `id` with `A` in the transactions pane; what the storefront then says.
    private func approveInTransactions(_ id: String, _ fixture: F) throws -> String {
        var state = transactionsOpen(fixture)
        while TransactionsReducer.selectedRecord(in: state)?.id != id, state.snapshot.transactions.count > 1 { state.send(.down) }
        let effects = state.send(.character("A"))
        try fixture.run(effects, on: &state)
        return [state.notice, state.topAlert].compactMap { $0?.message }.first ?? ""
    }

    @Test("Approving a request for a switch scheduled meanwhile says the request was closed, as approve does (before: \"Approved the request\" over a second record of the switch)")
    func approvingASwitchScheduledMeanwhileSaysClosed() throws {
        let (fixture, request) = try yearlyWithMonthlyRequested()
        try fixture.store.set(.askToBuy, to: "false", for: fixture.buyer)
        _ = try fixture.buy(F.monthly)
        let eventsBefore = fixture.store.snapshot.eventCount
        let said = try approveInTransactions(request.id, fixture)
        #expect(said.hasPrefix("Closed the request without a charge. Already scheduled, nothing changed: "), "\(said)")
        #expect(fixture.store.snapshot.eventCount == eventsBefore + 1, "only the request's closing is recorded")
    }

    @Test("A refused approval says nothing was charged and that the request still waits (before: only the refusal)")
    func refusedApprovalSaysTheRequestStillWaits() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let request = try #require(try fixture.buy(F.facePack).transaction)
        try fixture.store.set(.askToBuy, to: "false", for: fixture.buyer)
        for _ in 0..<10 { try fixture.buy(F.facePack) }
        var state = transactionsOpen(fixture)
        // Newest first: the request is the last row.
        for _ in 0..<10 { state.send(.down) }
        let effects = state.send(.character("A"))
        #expect(effects == [.settle(.approve, transactionID: request.id, buyer: fixture.buyer)])
        try fixture.run(effects, on: &state)
        let alert = try #require(state.topAlert)
        #expect(alert.title == "Request not approved")
        #expect(alert.message.hasPrefix("The request was not approved. Refused: the balance of Rage Faces"), "\(alert.message)")
        #expect(alert.message.hasSuffix(", or u in the storefront). "
                                        + "The request still waits for a parent (transaction \(request.id)): approve it again after that."),
                "\(alert.message)")
    }

    @Test("C on an interrupted purchase made on another device of the account says it goes to that device and this one restores it (before: \"Unlocked\" alone)")
    func completingAnotherDevicesPurchaseSaysWhereItGoes() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        let tablet = Buyer(account: fixture.buyer.account, device: "tablet")
        let interrupted = try #require(try fixture.buy(F.noAds, buyer: tablet).transaction)
        var state = transactionsOpen(fixture)
        let effects = state.send(.character("C"))
        #expect(effects == [.settle(.complete, transactionID: interrupted.id, buyer: fixture.buyer)])
        try fixture.run(effects, on: &state)
        let message = try #require(state.notice?.message ?? state.topAlert?.message)
        #expect(message == "Unlocked Remove Ads. It goes to tablet, the device it was bought on; restore purchases on "
                + "\(fixture.buyer.device) (`storefront restore`, or r in the storefront) to get it there.", "\(message)")
    }

    @Test("A consumable's row keeps its balance beside a purchase of it that waits, in the fewest words that fit (before: the waiting words alone)",
          arguments: [(StoreSetting.askToBuy, "5 left · Requested"), (.interruptedPurchases, "5 left · Needs action")])
    func aWaitingConsumableKeepsItsBalanceInItsRow(setting: StoreSetting, said: String) throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        try fixture.store.set(setting, to: "true", for: fixture.buyer)
        try fixture.buy(F.facePack)
        let rows = SheetsAndPanesTests.rowTexts(fixture.state())
        let row = try #require(rows.first { $0.contains("Random Rage Face") }, "\(rows.joined(separator: "\n"))")
        #expect(row.contains(said), "\(row)")
    }

    @Test("A on a pass requested on another device, while a pass runs here already, gives no restore advice (before: \"restore purchases\" though it was in force here)")
    func approvingAnotherDevicesPassGivesNoRestoreAdvice() throws {
        let fixture = try F()
        try fixture.buy(F.season)
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let request = try #require(try fixture.buy(F.season, buyer: Buyer(account: fixture.buyer.account, device: "tablet")).transaction)
        var state = transactionsOpen(fixture)
        let effects = state.send(.character("A"))
        #expect(effects == [.settle(.approve, transactionID: request.id, buyer: fixture.buyer)])
        try fixture.run(effects, on: &state)
        let message = try #require(state.notice?.message ?? state.topAlert?.message)
        #expect(message.hasPrefix("Approved the request. Bought") && !message.contains("restore purchases"), "\(message)")
        #expect(state.snapshot.status(of: F.season) != .restoreToUnlock)
    }

    @Test("D declines a pending request; keys that do not apply explain themselves")
    func decline() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        try fixture.buy(F.noAds)
        var state = transactionsOpen(fixture)
        #expect(state.send(.character("N")).isEmpty)
        #expect(state.topAlert?.title == "Not possible")
        state.send(.escape)
        try fixture.run(state.send(.character("D")), on: &state)
        #expect(state.notice?.title == "Request declined")
        #expect(state.snapshot.transactions.first?.state == .declined)
    }

    @Test("C completes an interrupted purchase")
    func complete() throws {
        let fixture = try F()
        try fixture.store.set(.interruptedPurchases, to: "true", for: fixture.buyer)
        try fixture.buy(F.drummer)
        var state = transactionsOpen(fixture)
        try fixture.run(state.send(.character("C")), on: &state)
        #expect(state.snapshot.status(of: F.drummer) == .owned(since: F.start))
    }

    @Test("X cancels renewal, N renews now, E expires (each asks first), B is only offered during a billing problem")
    func subscriptionActions() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = transactionsOpen(fixture)
        #expect(state.send(.character("B")).isEmpty)
        #expect(state.topAlert?.title == "Not possible")
        state.send(.escape)
        #expect(state.send(.character("X")).isEmpty, "X asks before turning renewal off")
        let record = try #require(state.snapshot.transactions.first)
        #expect(state.top == .cancelRenewalConfirmation(transactionID: record.id))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.notice?.message.contains("will not renew") == true)
        // N charges: it asks first, saying what and for which period, and Esc keeps things as they are.
        #expect(state.send(.character("N")).isEmpty, "N asks before charging")
        #expect(state.top == .renewNowConfirmation(transactionID: record.id))
        let question = try #require(state.renewNowQuestion(of: record.id)?.question)
        #expect(question.contains("$19.99 is charged now, for the period from"), "\(question)")
        state.send(.escape)
        #expect(state.snapshot.entitlements.subscriptions.first?.renewalCount == 0)
        state.send(.character("N"))
        let renewing = state.send(.enter)
        #expect(renewing == [.renewNow(transactionID: record.id, buyer: fixture.buyer, shown: state.snapshot.renewalsNow[record.id])]
                    && state.snapshot.renewalsNow[record.id]?.price == Decimal(string: "19.99"),
                "the store is told what the question showed")
        try fixture.run(renewing, on: &state)
        #expect(state.snapshot.entitlements.subscriptions.first?.renewalCount == 1)
        #expect(TransactionsFollowTests.selectedID(state) == record.id, "the selection stays on the transaction picked")
        state.send(.home)
        #expect(state.send(.character("E")).isEmpty, "E asks before ending what was paid for")
        #expect(state.expireQuestion(of: state.snapshot.transactions[0].id)?.question.hasSuffix(
            "Nothing is refunded, the period paid ahead included (R refunds a transaction).") == true)
        state.send(.escape)
        #expect(state.snapshot.entitlements.subscriptions.first?.state == .subscribed)
        state.send(.character("E"))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.snapshot.entitlements.subscriptions.first?.state == .expired)
        // Its result names the period paid ahead it ended unrefunded, and how to get it back, as `expire` does.
        let ahead = try #require(state.snapshot.transactions.first { $0.purchaseDate > record.purchaseDate && $0.state == .purchased })
        let said = state.notice?.message ?? ""
        #expect(said.hasSuffix("Nothing was refunded, the period paid ahead included: $19.99 for the period from "
                               + "\(state.text.date(ahead.purchaseDate)) (transaction \(ahead.id)); refund it on the "
                               + "transactions screen (t, then R) to get it back."), "\(said)")
    }

    @Test("E after the period running was refunded, with a period paid ahead, says that period is not refunded (before: that nothing was refunded of the period running, refunded already, and not a word of the one paid ahead)")
    func expireAfterTheRunningPeriodWasRefunded() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        let running = try #require(fixture.store.transactions(for: "tester").first)
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        _ = try fixture.store.refund(running.id)
        let state = transactionsOpen(fixture)
        let question = try #require(state.expireQuestion(of: running.id)?.question)
        #expect(question.hasSuffix("The period running was refunded already; nothing is refunded of the period paid ahead "
            + "(R refunds a transaction)."), "\(question)")
    }

    @Test("E on a plan with a switch scheduled says the switch is cancelled too, before and after (before: it dropped the switch without a word)")
    func expireSaysTheSwitchGoes() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly)
        var state = transactionsOpen(fixture)
        let latest = try #require(state.snapshot.transactions.first { $0.productID == Self.yearly })
        #expect(state.expireQuestion(of: latest.id)?.question.contains(
            "The switch to Rage Pro (Monthly) scheduled for its renewal is cancelled too.") == true,
                "\(String(describing: state.expireQuestion(of: latest.id)))")
        // A switch records no transaction: the yearly plan's is the one selected.
        #expect(TransactionsFollowTests.selectedID(state) == latest.id)
        #expect(state.send(.character("E")).isEmpty, "E asks first")
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.snapshot.entitlements.subscriptions.first?.state == .expired)
        #expect(state.notice?.message.hasSuffix("The switch to Rage Pro (Monthly) scheduled for its renewal is cancelled with it.") == true,
                "\(String(describing: state.notice?.message))")
        // With nothing scheduled, nothing of the kind is said; a switch scheduled elsewhere before the
        // storefront saw it makes the store refuse the expire, which would cancel a switch not named.
        try fixture.buy(Self.yearly)
        var unseen = transactionsOpen(fixture)
        #expect(unseen.send(.character("E")).isEmpty)
        _ = try fixture.store.purchase(F.monthly, buyer: fixture.buyer, storefront: "USA")
        _ = update(&unseen, .keyClockTicked(unseen.keyTime.addingTimeInterval(1)))
        try fixture.run(unseen.send(.enter), on: &unseen)
        #expect(unseen.topAlert?.message.hasPrefix("The switch scheduled for the renewal of Rage Pro (Yearly) changed while the "
            + "question was open (on another device or in another shell): ending it now would also cancel the switch to Rage Pro "
            + "(Monthly), which the question did not name.") == true, "\(String(describing: unseen.topAlert))")
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.state == .subscribed, "not ended")
        _ = try fixture.store.purchase(Self.yearly, buyer: fixture.buyer, storefront: "USA")   // the switch dropped again
        let fresh = try #require(fixture.store.entitlements(for: fixture.buyer).subscriptions.first { $0.state == .subscribed })
        let question = transactionsOpen(fixture).expireQuestion(of: fresh.transactionID)?.question
        #expect(question?.hasPrefix("End Rage Pro (Yearly) now?") == true && question?.contains("switch") == false, "\(String(describing: question))")
    }

    @Test("The renew-now question while auto-renew is off names the plan renewed as it is, and the switch left waiting (before: it renewed into the switch's plan)")
    func renewNowWhileRenewalIsOff() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.buy(F.monthly) // a downgrade at the next renewal
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        var state = transactionsOpen(fixture)
        let latest = try #require(state.snapshot.subscription(latest: state.snapshot.transactions[0].id))
        let question = try #require(state.renewNowQuestion(of: latest.transactionID)?.question)
        #expect(question.contains("$19.99 is charged now") && !question.contains("It renews as"), "\(question)")
        #expect(question.hasSuffix("Auto-renew stays off: it ends after that period. The switch to Rage Pro (Monthly) waits until "
                                   + "auto-renew is turned on."), "\(question)")
        state.send(.character("N"))
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.notice?.message.hasPrefix("Charged $19.99 for Rage Pro (Yearly) from ") == true, "\(state.notice?.message ?? "")")
        #expect(state.snapshot.subscription(latest: state.snapshot.transactions[0].id)?.pendingProductID == F.monthly)
    }

    @Test("The expire question in a billing problem says the grace period stops and was never charged, or that billing retry gives no access (before: \"Nothing is refunded for the rest of the period running\", with none running)")
    func expireQuestionInABillingProblem() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        var state = transactionsOpen(fixture)
        let latest = try #require(state.snapshot.transactions.first?.id)
        let graceEnds = try #require(state.snapshot.entitlements.subscriptions.first?.gracePeriodExpiresDate)
        let inGrace = try #require(state.expireQuestion(of: latest)?.question)
        #expect(inGrace == "End Rage Pro (Yearly) now? Its grace period stops at once instead of running until "
                + "\(state.text.date(graceEnds)), and billing is not tried again. Nothing was charged for the grace period, "
                + "and nothing is charged to end it.", "\(inGrace)")
        _ = try fixture.store.advance(by: try StoreDuration.parse("P17D"), buyer: fixture.buyer)
        state.refresh(from: fixture)
        #expect(state.snapshot.entitlements.subscriptions.first?.state == .inBillingRetryPeriod)
        // In billing retry the period paid for starts when it is paid: no date that store time
        // running fast would leave behind before Enter (before: the failed renewal's dates).
        let renewInRetry = try #require(state.renewNowQuestion(of: latest)?.question)
        #expect(renewInRetry.contains("$19.99 is charged now, for 1 year from the moment it is paid.")
                    && !renewInRetry.contains("the period from"), "\(renewInRetry)")
        let inRetry = try #require(state.expireQuestion(of: latest)?.question)
        #expect(inRetry == "End Rage Pro (Yearly) now? It has no access while its billing is retried, and billing is not tried again. "
                + "Nothing is charged to end it.", "\(inRetry)")
    }

    @Test("A renew-now refused because auto-renew was turned on elsewhere says so, not two identical charges (before: \"would charge $19.99 … not $19.99 …\")")
    func renewNowRefusedForAutoRenewSaysSo() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        var state = transactionsOpen(fixture)
        let latest = try #require(state.snapshot.transactions.first)
        state.send(.character("N"))
        _ = try fixture.store.resumeRenewal(Self.yearly, buyer: fixture.buyer)   // elsewhere, not read yet
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.topAlert?.message.hasPrefix("Auto-renew was turned on while the question was open") == true,
                "\(String(describing: state.topAlert)) \(latest.id)")
    }

    @Test("B asks before it charges, as N does, in the words of fixing billing; Enter charges what it said (before: one key charged $19.99 unasked)")
    func fixBillingAsksFirst() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        var state = transactionsOpen(fixture)
        let latest = try #require(state.snapshot.transactions.first)
        let charged = fixture.store.transactions(for: fixture.buyer.account).count
        #expect(state.send(.character("B")).isEmpty, "B asks first")
        #expect(state.top == .renewNowConfirmation(transactionID: latest.id))
        let asked = try #require(state.renewNowQuestion(of: latest.id))
        #expect(asked.title == "Fix billing" && asked.question.hasPrefix("Fix the billing of Rage Pro (Yearly) now? $19.99 is charged now"),
                "\(asked)")
        #expect(fixture.store.transactions(for: fixture.buyer.account).count == charged, "nothing charged yet")
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        try fixture.run(state.send(.enter), on: &state)
        #expect(fixture.store.entitlements(for: fixture.buyer).subscriptions.first?.state == .subscribed)
        #expect(fixture.store.transactions(for: fixture.buyer.account).count == charged + 1)
    }

    @Test("B's question refused or closed by a change elsewhere says so in the words of fixing billing (before: it spoke of renewing now)")
    func fixBillingRefusedInItsOwnWords() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        var state = transactionsOpen(fixture)
        let latest = try #require(state.snapshot.transactions.first)
        #expect(state.send(.character("B")).isEmpty, "B asks first")
        _ = try fixture.store.purchase(F.monthly, buyer: fixture.buyer, storefront: "USA")   // a switch elsewhere, not read yet
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let confirmed = state.send(.enter)
        #expect(state.activity == .settling(.resolveBilling), "it spins as fixing billing: \(String(describing: state.activity))")
        try fixture.run(confirmed, on: &state)
        #expect(state.topAlert?.message.hasPrefix("Fixing the billing now would charge ") == true
                && state.topAlert?.message.hasSuffix("look at it again and fix the billing if you still want to.") == true,
                "\(String(describing: state.topAlert))")
        state.send(.escape)

        #expect(state.send(.character("B")).isEmpty)
        #expect(state.top == .renewNowConfirmation(transactionID: latest.id))
        // Opened anew, it is not marked as changed under the reader (before: the mark of the refused one stayed).
        #expect(state.changeNote(of: .renewNowConfirmation(transactionID: latest.id)) == nil)
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)   // elsewhere: billing is no longer tried
        state.refresh(from: fixture)
        #expect(state.topAlert?.title == "No longer applies")
        #expect(state.topAlert?.message.contains("so fix billing no longer applies") == true, "\(String(describing: state.topAlert))")
    }

    @Test("B's question whose billing problem is resolved elsewhere closes, and confirmed before the storefront saw it charges nothing (before: it became a renew-now question, and Enter paid a year ahead)")
    func fixBillingResolvedElsewhereChargesNothing() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        var state = transactionsOpen(fixture)
        #expect(state.send(.character("B")).isEmpty, "B asks first")
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        #expect(KeyHelp.footerHints(for: state).first == KeyHelp.Hint("Enter", "fix billing"), "\(KeyHelp.footerHints(for: state))")
        let dialog = SheetsAndPanesTests.rowTexts(state).joined(separator: "\n")
        #expect(dialog.contains("Enter Fix billing") && !dialog.contains("Renew now"), "\(dialog)")
        _ = try fixture.store.resolveBilling(Self.yearly, buyer: fixture.buyer)   // elsewhere, not read yet
        let charged = fixture.store.transactions(for: fixture.buyer.account).count
        try fixture.run(state.send(.enter), on: &state)
        #expect(fixture.store.transactions(for: fixture.buyer.account).count == charged, "nothing charged: the billing was fixed already")
        #expect(state.topAlert?.message.hasPrefix("The billing of Rage Pro (Yearly) was fixed while this question was open") == true,
                "\(String(describing: state.topAlert))")
        state.send(.escape)

        // Seen while the question is open: it closes rather than turning into a renew-now question.
        let second = try F()
        try second.buyYearlyIntoGracePeriod()
        var open = transactionsOpen(second)
        #expect(open.send(.character("B")).isEmpty)
        _ = try second.store.resolveBilling(Self.yearly, buyer: second.buyer)
        open.refresh(from: second)
        #expect(!open.overlays.contains { if case .renewNowConfirmation = $0 { true } else { false } }, "the question closed")
        #expect(open.topAlert?.message.hasSuffix("so there is no billing problem left to fix; the question closed and nothing was charged here.") == true,
                "\(String(describing: open.topAlert))")
    }

    @Test("B confirmed after auto-renew was turned off elsewhere, or E after the plan was expired elsewhere, unseen: the alert names the plan and what happened, in the storefront's words (before: the command line's, with the product id)")
    func changesRefusedAsEndedOrOffSayWhatHappened() throws {
        let fixture = try F()
        try fixture.buyYearlyIntoGracePeriod()
        var state = transactionsOpen(fixture)
        #expect(state.send(.character("B")).isEmpty)
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)   // elsewhere, not read yet
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let charged = fixture.store.transactions(for: fixture.buyer.account).count
        try fixture.run(state.send(.enter), on: &state)
        #expect(fixture.store.transactions(for: fixture.buyer.account).count == charged)
        #expect(state.topAlert?.message.hasPrefix("Auto-renew of Rage Pro (Yearly) was turned off meanwhile") == true,
                "\(String(describing: state.topAlert))")
        state.send(.escape)

        #expect(state.send(.character("E")).isEmpty)
        _ = try fixture.store.expire(Self.yearly, buyer: fixture.buyer)   // elsewhere, not read yet
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.topAlert?.message.hasPrefix("Rage Pro (Yearly) is expired now: it ended meanwhile") == true,
                "\(String(describing: state.topAlert))")
    }

    @Test("A refund confirmed after another process paid a period ahead (before the storefront read it) is refused as changed, as E, X and N are (before: refunded, with another consequence than the question said)")
    func refundConfirmedAfterARenewalElsewhereIsRefused() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = transactionsOpen(fixture)
        let yearly = try #require(state.snapshot.transactions.first)
        state.send(.character("R"))
        #expect(state.top == .refundConfirmation(transactionID: yearly.id))
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)   // elsewhere, not read yet
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        let effects = state.send(.enter)
        try fixture.run(effects, on: &state)
        #expect(fixture.store.transactions(for: fixture.buyer.account).allSatisfy { $0.state == .purchased }, "nothing was refunded")
        #expect(state.topAlert?.message.hasPrefix("Transaction \(yearly.id) changed while the question was open: a period or pass of "
            + "it was bought or refunded") == true, "\(String(describing: state.topAlert))")
        // Asked again on what is shown now, it goes through.
        state.send(.escape)
        state.send(.character("R"))
        _ = update(&state, .keyClockTicked(state.keyTime.addingTimeInterval(1)))
        try fixture.run(state.send(.enter), on: &state)
        #expect(fixture.store.transactions(for: fixture.buyer.account).contains { $0.state == .refunded })
    }

    @Test("An expire question whose words change because store time moved (the period running ended, the one paid ahead began) is armed anew and says it changed (before: no note)")
    func expireQuestionChangedByStoreTime() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        var state = transactionsOpen(fixture)
        state.send(.character("E"))
        let asked = try #require(state.top)
        let before = try #require(state.expireQuestion(of: state.snapshot.transactions[0].id)?.question)
        _ = update(&state, .clockTicked(fixture.clock.now().addingTimeInterval(60)))
        #expect(state.changeNote(of: asked) == nil, "nothing changed in a minute")
        _ = update(&state, .clockTicked(fixture.clock.now().addingTimeInterval(400 * 86_400)))
        let after = try #require(state.expireQuestion(of: state.snapshot.transactions[0].id)?.question)
        #expect(after != before, "the period paid ahead runs now: \(after)")
        #expect(state.top == asked && state.changeNote(of: asked) == StorefrontPaneText.questionChanged)
    }

    @Test("The expire question says what it gives up: the rest of a paid period, a period paid ahead, or a free one (before: a period paid ahead in every case)")
    func expireQuestionSaysWhatWasCharged() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = transactionsOpen(fixture)
        let yearly = try #require(state.snapshot.transactions.first?.id)
        #expect(state.expireQuestion(of: yearly)?.question.hasSuffix(
            "Nothing is refunded for the rest of the period running (R refunds a transaction).") == true, "\(state.expireQuestion(of: yearly) ?? ("", ""))")
        // Another account, to whom the monthly plan's free week is still offered.
        let newcomer = try F()
        state = transactionsOpen(newcomer)
        let trial = try #require(newcomer.buy(F.monthly).transaction)
        #expect(trial.price == 0, "the monthly plan starts with a free week")
        state.refresh(from: newcomer)
        #expect(state.expireQuestion(of: trial.id)?.question.hasSuffix(
            "Nothing was charged for the period running, and nothing is charged to end it.") == true, "\(state.expireQuestion(of: trial.id) ?? ("", ""))")
        let paidAhead = try newcomer.store.renew(trial.id, buyer: newcomer.buyer)
        state.refresh(from: newcomer)
        #expect(state.expireQuestion(of: paidAhead.latestTransactionID)?.question.hasSuffix(
            "The period running is free; nothing is refunded of the period paid ahead (R refunds a transaction).") == true,
                "a free week with a month paid ahead: \(state.expireQuestion(of: paidAhead.latestTransactionID) ?? ("", ""))")
        let twoAhead = try newcomer.store.renew(trial.id, buyer: newcomer.buyer)
        state.refresh(from: newcomer)
        #expect(state.expireQuestion(of: twoAhead.latestTransactionID)?.question.hasSuffix(
            "The period running is free; nothing is refunded of the 2 periods paid ahead (R refunds a transaction).") == true)
    }

    @Test("Enter on a refund or cancel-renewal question whose plan was upgraded elsewhere, not yet shown, is refused in words (before: a plan refunded twice, the new plan's renewal turned off)",
          arguments: ["R", "X"])
    func staleRefundAndCancelQuestionsAreRefused(key: String) throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        try fixture.store.advance(by: try #require(StoreDuration("P8D")), buyer: fixture.buyer) // past the free week
        var state = transactionsOpen(fixture)
        let paid = try #require(state.snapshot.transactions.first)
        #expect(paid.price == Decimal(string: "2.99"))
        state.send(.character(Character(key)))
        // An upgrade in another shell refunds the unused part of the monthly plan; the storefront has not read it yet.
        _ = try fixture.store.purchase(Self.yearly, buyer: fixture.buyer, storefront: "USA")
        try fixture.run(state.send(.enter), on: &state)
        let message = try #require(state.topAlert?.message)
        #expect(state.topAlert?.title == "Changed meanwhile", "a refusal of the store's own, not a failure (before: \"Could not complete\")")
        if key == "R" {
            #expect(message.hasPrefix("Transaction \(paid.id) was replaced by an upgrade while the question was open"), "\(message)")
            #expect(fixture.store.snapshot.transactions[paid.id]?.state == .purchased, "not refunded")
        } else {
            #expect(message.hasPrefix("Rage Pro (Monthly) renewed or changed plan while the question was open")
                        && message.contains("its renewal was not turned off"), "\(message)")
            #expect(state.snapshot.entitlements.subscriptions.first?.willAutoRenew == true, "the yearly plan still renews")
        }
    }

    @Test("E, N and X on an earlier period of a subscription act on the subscription, through its latest transaction, as the command line's do (before: \"does not apply\" to the period running)")
    func subscriptionKeysOnAnEarlierPeriodActOnTheSubscription() throws {
        let fixture = try F()
        let first = try #require(fixture.buy(Self.yearly).transaction)
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        let latest = try fixture.store.renew(Self.yearly, buyer: fixture.buyer).latestTransactionID
        var state = transactionsOpen(fixture)
        state.send(.end) // the oldest: the period running
        #expect(TransactionsFollowTests.selectedID(state) == first.id)
        #expect(state.send(.character("E")).isEmpty)
        #expect(state.top == .expireConfirmation(transactionID: latest))
        state.send(.escape)
        state.send(.up) // the period paid ahead before the latest
        let middle = try #require(TransactionsFollowTests.selectedID(state))
        #expect(middle != latest && middle != first.id)
        #expect(TransactionsReducer.standing(of: try #require(state.snapshot.transactions.first { $0.id == middle }),
                                             in: state.snapshot, now: state.storeNow) == "paid ahead, not begun")
        state.send(.character("N"))
        #expect(state.top == .renewNowConfirmation(transactionID: latest))
        state.send(.escape)
        state.send(.character("X"))
        #expect(state.top == .cancelRenewalConfirmation(transactionID: latest))
        try fixture.run(state.send(.enter), on: &state)
        #expect(state.snapshot.entitlements.subscriptions.first?.willAutoRenew == false)
        // A period refunded while later ones keep the subscription going is one of its periods too.
        _ = try fixture.store.refund(middle)
        state.refresh(from: fixture)
        #expect(TransactionsFollowTests.selectedID(state) == middle)
        state.send(.character("E"))
        #expect(state.top == .expireConfirmation(transactionID: latest), "\(String(describing: state.top))")
    }

    @Test("A renew-now question the storefront sees renewed elsewhere is asked again of the new latest transaction, armed anew and marked changed (before: it closed, calling its period running); a free subscription's standing has no auto-renew; N with auto-renew off says it stays off")
    func renewNowQuestionWords() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = transactionsOpen(fixture)
        let record = try #require(state.snapshot.transactions.first)
        _ = try fixture.store.cancelRenewal(Self.yearly, buyer: fixture.buyer)
        state.refresh(from: fixture)
        state.send(.character("N"))
        #expect(state.renewNowQuestion(of: record.id)?.question.hasSuffix("Auto-renew stays off: it ends after that period.") == true)
        let renewed = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        state.refresh(from: fixture)
        #expect(state.top == .renewNowConfirmation(transactionID: renewed.latestTransactionID), "\(String(describing: state.top))")
        #expect(state.questionChangedUnder == state.top, "marked as changed under the buyer")
        // Its period still runs, with the next one paid ahead (before: "superseded by a renewal", as if it had ended).
        #expect(TransactionsReducer.standing(of: record, in: state.snapshot, now: state.storeNow) == "running, renewed ahead")
        state.send(.escape)
        try fixture.buy(F.newsletter)
        state.refresh(from: fixture)
        let free = try #require(state.snapshot.transactions.first { $0.productID == F.newsletter })
        #expect(TransactionsReducer.standing(of: free, in: state.snapshot, now: state.storeNow) == "subscribed", "a free subscription has no renewal to be off")
    }

    @Test("A cancel-renewal question overtaken by a renewal elsewhere says under its words that it changed, as the others do (before: new words, unmarked)")
    func cancelRenewalQuestionSaysItChanged() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = transactionsOpen(fixture)
        state.send(.character("X"))
        let asked = try #require(state.top)
        #expect(state.changeNote(of: asked) == nil)
        let renewed = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        state.refresh(from: fixture)
        let moved = Overlay.cancelRenewalConfirmation(transactionID: renewed.latestTransactionID)
        #expect(state.top == moved)
        #expect(state.changeNote(of: moved) == StorefrontPaneText.questionChanged)
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(screen.contains("Changed while this question was open"), "the note is drawn: \(screen)")
    }

    @Test("A renew-now question whose charge changes elsewhere is armed anew")
    func renewNowChargeChangedElsewhere() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = transactionsOpen(fixture)
        let record = try #require(state.snapshot.transactions.first)
        state.send(.character("N"))
        let before = try #require(state.renewNowQuestion(of: record.id)?.question)
        #expect(state.changeNote(of: .renewNowConfirmation(transactionID: record.id)) == nil)
        // Another process makes the renewal charge something else: an offer of the monthly plan it switches to.
        _ = try fixture.store.purchase(F.monthly, buyer: fixture.buyer, storefront: "USA")
        state.refresh(from: fixture)
        let after = try #require(state.renewNowQuestion(of: record.id)?.question)
        #expect(after != before && after.contains("It renews as Rage Pro (Monthly), the plan it switches to"), "\(after)")
        let heldBack = state.holdsBackEnterForAMoment()
        #expect(heldBack, "an Enter pressed as the charge changed renews nothing")
        #expect(state.changeNote(of: .renewNowConfirmation(transactionID: record.id)) == StorefrontPaneText.questionChanged,
                "it says that it changed, as a payment sheet does")
        #expect(state.snapshot.entitlements.subscriptions.first?.renewalCount == 0, "nothing was charged")
    }

    @Test("Enter on a renew-now or expire question the store has not yet shown changed (it renewed elsewhere) is refused in the question's words (before: a year charged that was never shown)")
    func staleQuestionsAreRefused() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        var state = transactionsOpen(fixture)
        let record = try #require(state.snapshot.transactions.first)
        state.send(.character("N"))
        let shown = try #require(state.snapshot.renewalsNow[record.id])
        // Another shell renews; the storefront has not read it yet when Enter is pressed.
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        try fixture.run(state.send(.enter), on: &state)
        let message = try #require(state.topAlert?.message)
        #expect(message.hasPrefix("Renewing now would charge $19.99 for Rage Pro (Yearly) from \(state.text.date(shown.end))")
                    && message.contains("not $19.99 for Rage Pro (Yearly) from \(state.text.date(shown.start))"), "\(message)")
        #expect(state.snapshot.entitlements.subscriptions.first?.renewalCount == 1, "only the other shell's renewal")
        state.send(.escape)
        // The same for E: the question is of the transaction shown, which a renewal elsewhere has passed.
        state.send(.home)
        let latest = try #require(state.snapshot.transactions.first)
        state.send(.character("E"))
        #expect(state.top == .expireConfirmation(transactionID: latest.id))
        _ = try fixture.store.renew(Self.yearly, buyer: fixture.buyer)
        let expiring = state.send(.enter)
        #expect(expiring == [.settle(.expire, transactionID: latest.id, buyer: fixture.buyer, switchShown: .some(nil))])
        try fixture.run(expiring, on: &state)
        #expect(state.topAlert?.message.hasPrefix("Rage Pro (Yearly) renewed or changed plan while the question was open") == true,
                "\(String(describing: state.topAlert))")
        #expect(state.snapshot.entitlements.subscriptions.first?.state == .subscribed, "not ended")
    }

    @Test("The footer of the transactions screen lists only the actions that apply")
    func hints() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        let state = transactionsOpen(fixture)
        let labels = KeyHelp.footerHints(for: state).map(\.label)
        #expect(labels == ["move", "refund", "renew now", "expire", "cancel renewal", "close", "help"])
    }

    @Test("Settings: store rows toggle Ask to Buy, cycle the time rate and injected errors")
    func storeSettings() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("s"), .down, .down)
        let effects = state.send(.enter)
        #expect(effects == [.setSetting(.askToBuy, value: "true", buyer: fixture.buyer)])
        try fixture.run(effects, on: &state)
        #expect(state.snapshot.settings.askToBuy)
        state.send(.down, .down, .down, .down, .down)
        #expect(state.send(.enter).isEmpty, "the first Enter only shows the next rate")
        #expect(state.send(.enter) == [.setTimeRate(.monthEveryHour, buyer: fixture.buyer)])
        state.activity = nil
        state.send(.down)
        #expect(state.send(.enter) == [.injectFailure(.loadProducts, InjectedFailure(error: .network, once: false), buyer: fixture.buyer)])
    }

    @Test("A decision made in another process is announced when the snapshot arrives")
    func announcedApproval() throws {
        let fixture = try F()
        try fixture.store.set(.askToBuy, to: "true", for: fixture.buyer)
        let request = try #require(try fixture.buy(F.facePack).transaction)
        var state = fixture.state()
        _ = try fixture.store.approve(request.id)
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.notice == Alert(title: "Request approved",
                                      message: "Your request to buy Random Rage Face was approved. +5 Rage Faces: you have 5.",
                                      tone: .success))
    }

    @Test("While store time runs fast, subscriptions count down in real time and the header shows the store clock")
    func countdown() throws {
        let fixture = try F()
        try fixture.buy(Self.yearly)
        try fixture.store.setTimeRate(.renewalEvery10Seconds, buyer: fixture.buyer)
        var state = fixture.state(size: Size(width: 100, height: 30))
        _ = update(&state, .clockTicked(F.start))
        let yearly = try #require(fixture.catalog.product(id: Self.yearly))
        let status = AppText.status(state.snapshot.status(of: Self.yearly), state: state)
        #expect(status == "Renews in 2:02")
        _ = update(&state, .clockTicked(F.start + 60))
        #expect(AppText.status(state.snapshot.status(of: yearly.id), state: state) == "Renews in 1:02")
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(screen.contains("Store time"))
        #expect(screen.contains("renewal-every-10-seconds"))
        // A switch scheduled: both rows count down to it (before: the plan switched to showed a date).
        try fixture.buy(F.monthly)
        state.refresh(from: fixture)
        #expect(AppText.status(state.snapshot.status(of: Self.yearly), state: state) == "Switches in 1:02")
        #expect(AppText.status(state.snapshot.status(of: F.monthly), state: state) == "Switches in 1:02")
    }
}
