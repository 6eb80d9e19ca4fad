import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// A change that waits long for the entitlements file's writer lock says, under its spinner,
/// whom it waits for, as a command says on stderr.
@Suite("Update: a long wait for the file's lock is said")
struct LockWaitUpdateTests {
    typealias F = StorefrontFixture

    @Test("A purchase waiting for the lock names its holder under the sheet's spinner until it ends (before: only the spinner turned)")
    func purchaseNamesTheHolder() throws {
        let fixture = try F()
        var state = fixture.state()
        let (purchase, _) = ConfirmationArmingTests.confirmPurchase(&state)
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 4242, command: "storefront")))
        let sheet = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(sheet.contains("Waiting for process 4242 (storefront), which is"), "\(sheet)")
        #expect(sheet.contains("Purchasing…"), "\(sheet)")
        try fixture.run(purchase, on: &state)
        let after = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(!after.contains("Waiting for process"), "\(after)")
    }

    @Test("A holder that cannot be told is another process; a spend's box says it under its spinner")
    func unknownHolderInTheActivityBox() throws {
        let fixture = try F()
        var state = fixture.state()
        state.activity = .spending(credit: "rage-faces")
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: nil, command: nil)))
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(screen.contains("Waiting for another process, which is changing the"), "\(screen)")
    }

    @Test("On a PostgreSQL store, the sessions holding the lock up are named under the spinner, or another session when they could not be told (before: only the spinner turned)")
    func databaseWaitNamesTheSessions() throws {
        let fixture = try F()
        var state = fixture.state()
        let (purchase, _) = ConfirmationArmingTests.confirmPurchase(&state)
        _ = update(&state, .writerLockWaited(holder: LockHolderName(sessions: "session 4242 (role alice, application psql)")))
        let sheet = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(sheet.contains("Waiting behind session 4242 (role alice, application") && sheet.contains("psql) for a lock on the store"), "\(sheet)")
        #expect(!sheet.contains("entitlements file"), "\(sheet)")
        try fixture.run(purchase, on: &state)
        state.activity = .spending(credit: "rage-faces")
        _ = update(&state, .writerLockWaited(holder: LockHolderName(sessions: nil)))
        let screen = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(screen.contains("Waiting behind another session for a lock on the store"), "\(screen)")
    }

    @Test("A wait said after its operation ended is dropped, and the next operation starts without it")
    func staleWaitIsDropped() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 7, command: "x")))
        #expect(state.lockWait == nil, "no operation was under way")
        state.activity = .restoring
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 7, command: "x")))
        #expect(state.lockWait != nil)
        state.activity = nil
        let (_, _) = ConfirmationArmingTests.confirmPurchase(&state)
        #expect(state.activity != nil && state.lockWait == nil, "a new operation has waited for nothing yet")
        let sheet = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(!sheet.contains("Waiting for"), "\(sheet)")
    }
}

/// Esc, `q` or quitting while a change still waits for the file's lock drops it: nothing was
/// sent, so nothing is recorded, and the storefront need not wait for the lock.
@Suite("Update: a change still waiting for the lock can be dropped")
struct DropWaitingChangeUpdateTests {
    typealias F = StorefrontFixture

    @Test("Esc at the sheet of a purchase said to wait for the lock asks once to drop it; dropped, the sheet closes saying nothing was recorded (before: too late to cancel)",
          arguments: ["escape", "q"])
    func escDropsAPurchaseThatHasNotBegun(key: String) throws {
        let fixture = try F()
        var state = fixture.state()
        let (purchase, start) = ConfirmationArmingTests.confirmPurchase(&state)
        #expect(!purchase.isEmpty)
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(2)))
        #expect(update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x"))).isEmpty)
        let pressed: Key = key == "q" ? .character("q") : .escape
        #expect(update(&state, .keyPressed(pressed)) == [.dropChangeUnderWay])
        #expect(update(&state, .keyPressed(pressed)).isEmpty, "asked once an operation")
        _ = update(&state, .changeDropped(true))
        #expect(state.activity == nil && state.overlays.isEmpty && state.waitingKeys.isEmpty)
        #expect(state.notice?.title == "Cancelled")
        #expect(state.notice?.message.contains("nothing was sent to the store and nothing was recorded") == true, "\(state.notice?.message ?? "")")
        #expect(fixture.store.transactions(for: "tester").isEmpty, "the purchase effect was never run")
    }

    @Test("Esc typed before the wait was said is acted on when it is: the purchase found waiting is asked to be dropped then")
    func escBeforeTheWaitIsSaid() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = ConfirmationArmingTests.confirmPurchase(&state)
        #expect(update(&state, .keyPressed(.escape)).isEmpty, "typed ahead of a store that may be free: nothing raced")
        #expect(update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x"))) == [.dropChangeUnderWay])
        _ = update(&state, .changeDropped(true))
        #expect(state.activity == nil && state.overlays.isEmpty && state.notice?.title == "Cancelled")
    }

    @Test("A drop refused (the change had begun) leaves the purchase to end, and its result says the key came too late")
    func refusedDropLeavesTheChange() throws {
        let fixture = try F()
        var state = fixture.state()
        let (purchase, start) = ConfirmationArmingTests.confirmPurchase(&state)
        _ = update(&state, .keyClockTicked(start.addingTimeInterval(2)))
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(update(&state, .keyPressed(.escape)) == [.dropChangeUnderWay])
        _ = update(&state, .changeDropped(false))
        let sheet = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(sheet.contains("Purchasing… (too late to cancel)"), "\(sheet)")
        try fixture.run(purchase, on: &state)
        #expect(fixture.store.transactions(for: "tester").count == 1)
        #expect(state.notice?.message.contains("Cancelling came too late") == true)
    }

    @Test("Esc or q pressed again while the sheet's cancel is recorded never drops that cancel: the second q quits, as before")
    func theCancelASheetRecordsIsNeverDropped() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.enter)
        let cancel = state.send(.escape)
        #expect(cancel.count == 1 && state.activity == .cancellingPurchase(productID: F.facePack), "\(cancel)")
        #expect(state.send(.escape).isEmpty)
        #expect(state.send(.character("q")).isEmpty)
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(state.send(.escape).isEmpty, "said to wait, still not dropped by Esc")
    }

    @Test("While a purchase or a question's change waits for the lock, the footer offers Esc to cancel it, and not before or once asked (before: only '? help', though Esc cancels)")
    func theFooterOffersEscWhileAChangeWaitsForTheLock() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = ConfirmationArmingTests.confirmPurchase(&state)
        let escape = { (state: AppState) in KeyHelp.footerHints(for: state).first { $0.key == "Esc" }?.label }
        #expect(escape(state) == nil, "stored, not said to wait: Esc can no longer stop it")
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(escape(state) == "cancel")
        #expect(update(&state, .keyPressed(.escape)) == [.dropChangeUnderWay])
        #expect(escape(state) == nil, "asked once")

        try fixture.buy(SheetsAndPanesTests.yearly)
        var asking = fixture.state()
        asking.send(.character("t"))
        asking.send(.character("X"))
        _ = update(&asking, .keyClockTicked(asking.keyTime.addingTimeInterval(1)))
        #expect(!asking.send(.enter).isEmpty && asking.activity != nil)
        _ = update(&asking, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(escape(asking) == "cancel")
    }

    @Test("Esc pressed again while a sheet's cancel is recorded is not said to come too late: the cancel is what it asked for (before: '(too late to cancel)')")
    func escAgainWhileTheCancelIsRecordedIsNotTooLate() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.enter)
        #expect(state.send(.escape).count == 1 && state.activity == .cancellingPurchase(productID: F.facePack))
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        state.send(.escape)
        let line = try #require(state.activity.map { ActivityView.spinnerLine($0, state: state) })
        #expect(line.contains("Recording the cancel") && !line.contains("too late"), "\(line)")
    }

    @Test("Keys other than Esc and q at the sheet, and Esc with no sheet, ask nothing")
    func otherKeysAskNothing() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = ConfirmationArmingTests.confirmPurchase(&state)
        #expect(update(&state, .keyPressed(.enter)).isEmpty)
        #expect(update(&state, .keyPressed(.character("j"))).isEmpty)
        var spending = fixture.state()
        spending.activity = .spending(credit: "rage-faces")
        #expect(update(&spending, .keyPressed(.escape)).isEmpty, "no sheet or question: the key waits, as before")
    }

    @Test("Quitting while a change is said to wait for the lock asks to drop it first; dropped, leaving says so after the screen and exits 0")
    func quitDropsAWaitingChange() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = ConfirmationArmingTests.confirmPurchase(&state)
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "storefront")))
        #expect(update(&state, .keyPressed(.ctrl("c"))) == [.dropChangeUnderWay, .quit])
        _ = update(&state, .changeDropped(true))
        #expect(state.isQuitting && state.activity == nil)
        #expect(state.outcomesAfterQuitting.map(\.title) == ["Cancelled"])
        #expect(!state.changeFailedAfterQuitting)
    }

    @Test("A restore said to wait for the lock: q leaves at once as Ctrl-C does, Esc drops it and the box says so (before: q waited and left without a word once it was recorded; Esc waited, then closed its result unread)",
          arguments: ["q", "escape"])
    func aRestoreWaitingForTheLockIsLeftOrDropped(key: String) throws {
        let fixture = try F()
        try fixture.buy(F.noAds, buyer: Buyer(account: fixture.buyer.account, device: "phone"))
        var state = fixture.state()
        #expect(state.send(.character("r")) == [.restore(fixture.buyer)] && state.activity == .restoring)
        #expect(update(&state, .keyPressed(.escape)).isEmpty, "not said to wait: the key waits, as before")
        state.waitingKeys.removeAll()
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        // The footer says so, not the list's keys, which would only wait behind the restore.
        #expect(KeyHelp.footerHints(for: state).map(\.key) == ["Esc", "q", "?"])
        if key == "q" {
            #expect(update(&state, .keyPressed(.character("q"))) == [.dropChangeUnderWay, .quit])
            _ = update(&state, .changeDropped(true))
            #expect(state.isQuitting && state.outcomesAfterQuitting.map(\.title) == ["Cancelled"])
        } else {
            #expect(update(&state, .keyPressed(.escape)) == [.dropChangeUnderWay])
            _ = update(&state, .changeDropped(true))
            #expect(!state.isQuitting && state.activity == nil && state.notice?.title == "Cancelled", "\(String(describing: state.notice))")
        }
        #expect(fixture.store.transactions(for: "tester").count == 1, "nothing restored: the effect never ran")
    }

    @Test("Esc typed on the list while a restore runs, before it is said to wait, leaves its result showing, which says the Esc came too late; a key after it is handled (before: the Esc closed the result unread)")
    func anEscTypedAheadOfARestoreLeavesItsResult() throws {
        let fixture = try F()
        try fixture.buy(F.noAds, buyer: Buyer(account: fixture.buyer.account, device: "phone"))
        var state = fixture.state()
        let restore = state.send(.character("r"))
        #expect(restore == [.restore(fixture.buyer)] && state.activity == .restoring)
        #expect(state.sendInOneBurst(.escape, .escape).isEmpty, "not said to wait: the keys wait")
        try fixture.run(restore, on: &state)
        #expect(state.notice?.title == "Restore purchases", "the result stays: \(String(describing: state.notice))")
        #expect(state.notice?.message.hasSuffix("Cancelling came too late: the restore had been sent to the store (a restore charges nothing; "
                                                + "it only brings the account's purchases to this device).") == true)
        #expect(state.waitingKeys.isEmpty)
        // Typed ahead after something else, an Esc is handled in order, as keys typed ahead are.
        let again = state.send(.character("r"))
        #expect(state.sendInOneBurst(.down, .escape).isEmpty)
        try fixture.run(again, on: &state)
        #expect(state.notice == nil && state.selectedID == F.lives, "the arrow was handled, and closed the result as any key does")
    }

    @Test("Esc typed on the list right after r, before the restore is said to wait, drops it once it is said to wait, as at a sheet (before: it waited and came too late)")
    func anEscTypedAheadDropsARestoreFoundWaiting() throws {
        let fixture = try F()
        try fixture.buy(F.noAds, buyer: Buyer(account: fixture.buyer.account, device: "phone"))
        var state = fixture.state()
        #expect(state.sendInOneBurst(.character("r"), .escape) == [.restore(fixture.buyer)])
        #expect(update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x"))) == [.dropChangeUnderWay])
        _ = update(&state, .changeDropped(true))
        #expect(state.activity == nil && state.notice?.title == "Cancelled" && state.waitingKeys.isEmpty, "\(String(describing: state.notice))")
        #expect(fixture.store.transactions(for: "tester").count == 1, "nothing restored: the effect never ran")
    }

    @Test("Keys typed after the Esc that drops a change waiting for the lock, even in one write, are handled once it is dropped; the Esc pressed again goes with it (before: all dropped)")
    func keysAfterTheDroppingEscapeAreKept() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = ConfirmationArmingTests.confirmPurchase(&state)
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(state.sendInOneBurst(.escape, .escape, .down) == [.dropChangeUnderWay])
        _ = update(&state, .changeDropped(true))
        #expect(state.overlays.isEmpty && state.waitingKeys.isEmpty && state.activity == nil)
        #expect(state.selectedID == F.lives, "the arrow after the Esc moved the selection")
        #expect(fixture.store.transactions(for: "tester").isEmpty)
    }

    @Test("While a use on the spend screen waits for the lock, its footer says Esc cancels it, not back (before: 'Esc back')")
    func theSpendFooterSaysEscCancels() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        let escape = { (state: AppState) in KeyHelp.footerHints(for: state).first { $0.key == "Esc" }?.label }
        #expect(escape(state) == "back")
        #expect(!state.send(.character(" ")).isEmpty && state.activity != nil)
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(escape(state) == "cancel")
    }

    @Test("Quit before the wait was said: the change is dropped once it is found waiting for the lock (before: the storefront waited for the lock, however long)")
    func quitBeforeTheNoticeDropsOnceTheWaitIsSaid() throws {
        let fixture = try F()
        var state = fixture.state()
        _ = ConfirmationArmingTests.confirmPurchase(&state)
        #expect(update(&state, .keyPressed(.ctrl("c"))) == [.quit], "a change only just started is waited for")
        #expect(update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x"))) == [.dropChangeUnderWay])
        _ = update(&state, .changeDropped(true))
        #expect(state.outcomesAfterQuitting.map(\.title) == ["Cancelled"] && state.activity == nil)
    }

    @Test("Esc on the spend screen drops a use only once the spinner says it waits for the lock: typed right after Space it means back")
    func spendScreenEscDropsOnlyAWaitingUse() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        let use = state.send(.character(" "))
        #expect(!use.isEmpty && state.activity != nil, "the use was asked of the store")
        #expect(state.send(.escape).isEmpty, "no wait said yet: Esc waits its turn, as before")
        var waiting = fixture.state()
        waiting.send(.character("u"))
        _ = waiting.send(.character(" "))
        _ = update(&waiting, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(waiting.send(.escape) == [.dropChangeUnderWay])
        _ = update(&waiting, .changeDropped(true))
        #expect(waiting.activity == nil && waiting.notice?.title == "Cancelled" && waiting.overlays.isEmpty, "Esc took it back too")
    }

    @Test("Ctrl-C on an open payment sheet records its cancel as a change like any other: found waiting for the lock, it is dropped and the storefront leaves (before: it waited for the lock, silent)")
    func quitOnAnOpenSheetDropsItsWaitingCancel() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.enter)
        let effects = state.send(.ctrl("c"))
        #expect(effects.count == 2 && effects.last == .quit, "\(effects)")
        #expect(state.activity == .cancellingPurchase(productID: F.facePack))
        #expect(update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x"))) == [.dropChangeUnderWay])
        _ = update(&state, .changeDropped(true))
        #expect(state.outcomesAfterQuitting.map(\.title) == ["Cancelled"] && !state.changeFailedAfterQuitting)
    }

    @Test("q on the spend screen while its use is said to wait for the lock quits, dropping the use")
    func qOnTheSpendScreenQuits() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        state.send(.character("u"))
        _ = state.send(.character(" "))
        _ = update(&state, .writerLockWaited(holder: LockHolderName(processID: 9, command: "x")))
        #expect(state.send(.character("q")) == [.dropChangeUnderWay, .quit])
        #expect(state.isQuitting)
    }
}
