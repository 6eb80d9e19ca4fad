import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing
@testable import StorefrontTesting

/// A store's life seen in the storefront: a parent's approval made with the CLI, and a
/// subscription lapsing on screen while store time runs fast.
@Suite("TUI in tmux: a store's life", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIStoreLifeTests {
    let cli: StorefrontProcess
    let tui: TUITests

    init() throws {
        tui = try TUITests()
        cli = tui.cli
    }

    @Test("An Ask to Buy request approved with the CLI is announced in the open storefront")
    func approvalFromTheCommandLine() async throws {
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux)
        try tmux.press("Enter")
        try await tmux.waitFor("Asked to buy", "Random Rage Face")
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        let id = try #require(list.first?.transactionId)
        #expect(try cli.run(["approve", id]).status == 0)
        try await tmux.waitFor("Request approved", "was approved.", "Rage Faces: you have 5")
    }

    /// A storefront whose purchase of a face pack waits for the ledger's lock, which this process
    /// holds (as a command or storefront in the middle of a change does): the storefront, the
    /// lock's descriptor (closed by the caller) and the number of events before the purchase.
    private func purchaseWaitingForTheLock() async throws -> (tmux: TmuxSession, lock: Int32, eventsBefore: Int) {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let before = try cli.events().count
        let tmux = try await tui.openStorefront()
        let lock = open(cli.ledger + ".lock", O_RDWR)
        guard lock >= 0, flock(lock, LOCK_EX) == 0 else {
            tmux.kill()
            throw TUILockTestError(description: "could not hold the ledger's lock")
        }
        do {
            try tmux.press("Enter")
            try await TUITests.waitForPaymentSheet(tmux)
            try tmux.press("Enter")
            try await tmux.waitFor("Purchasing…")
        } catch {
            tmux.kill()
            close(lock)
            throw error
        }
        return (tmux, lock, before)
    }

    @Test("A purchase that waits over a second for the file's lock names the lock's holder under its spinner, and is made once the lock is let go (before: only the spinner turned)")
    func purchaseWaitingForTheLockSaysWhom() async throws {
        let (tmux, lock, _) = try await purchaseWaitingForTheLock()
        defer { tmux.kill(); close(lock) }
        try await tmux.waitFor("Waiting for process \(getpid()) (", "Purchasing…")
        #expect((try cli.credits()["rage-faces"] ?? 0) == 0, "nothing is bought while the lock is held")
        _ = flock(lock, LOCK_UN)
        try await tmux.waitFor("Purchase complete", "Added 5 Rage Faces with Random Rage Face")
        #expect(try !tmux.screen().contains("Waiting for process"))
    }

    @Test("Esc at a purchase still waiting for the file's lock drops it: the sheet closes saying nothing was recorded, and nothing is once the lock is let go (before: too late to cancel)")
    func escDropsAPurchaseWaitingForTheLock() async throws {
        let (tmux, lock, before) = try await purchaseWaitingForTheLock()
        defer { tmux.kill(); close(lock) }
        try await tmux.waitFor("Waiting for process \(getpid()) (")
        try tmux.press("Escape")
        try await tmux.waitFor("Cancelled before it began")
        #expect(try !tmux.screen().contains("too late to cancel"))
        _ = flock(lock, LOCK_UN)
        // The storefront goes on: another purchase is made once the lock is free, and only it.
        // The first Enter closes the notice; the second opens the sheet.
        try tmux.press("Enter")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux)
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase complete", "Added 5 Rage Faces with Random Rage Face: you now have")
        let purchases = try cli.events().dropFirst(before).filter { $0["kind"] as? String == "purchase" }
        #expect(purchases.count == 1, "the dropped purchase was never recorded: \(purchases)")
        #expect(try cli.credits()["rage-faces"] == 5)
    }

    @Test("Ctrl-C while a purchase waits for the file's lock leaves while the lock is held, before or after the wait is said, saying after the screen that nothing was recorded (before: it waited for the lock, however long)",
          arguments: [true, false])
    func ctrlCLeavesAPurchaseWaitingForTheLock(afterTheNotice: Bool) async throws {
        let (tmux, lock, before) = try await purchaseWaitingForTheLock()
        defer { tmux.kill(); close(lock) }
        if afterTheNotice { try await tmux.waitFor("Waiting for process \(getpid()) (") }
        try tmux.press("C-c")
        let said = try await tmux.waitFor("EXITED=0")
        #expect(said.contains("storefront: the change under way when you quit was cancelled before it began: it was still waiting"),
                "\(said)")
        _ = flock(lock, LOCK_UN)
        #expect(try cli.events().count == before, "nothing was recorded")
    }

    @Test("Ctrl-C on an open payment sheet while another process holds the file's lock leaves within a second or so, recording nothing (before: it waited silently for the lock to record the cancel)")
    func ctrlCOnAnOpenSheetWhileTheLockIsHeld() async throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let before = try cli.events().count
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux)
        let lock = open(cli.ledger + ".lock", O_RDWR)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        try tmux.press("C-c")
        let said = try await tmux.waitFor("EXITED=0")
        #expect(said.contains("was cancelled before it began"), "\(said)")
        _ = flock(lock, LOCK_UN)
        #expect(try cli.events().count == before, "nothing was recorded")
    }

    @Test("A subscription whose renewal was cancelled lapses on screen at a fast time rate")
    func lapseOnScreen() async throws {
        // The storefront is opened first, so a slow start on a loaded machine uses none of the
        // period: the purchase, the cancellation and the fast clock all reach it by following
        // the file. Five minutes of real time per month make the monthly plan's one-week trial
        // last about 70 s, which commands slowed down by a loaded machine cannot use up.
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        #expect(try cli.run(["settings", "set", "time-rate", "renewal-every-5-minutes"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["cancel-renewal", "com.example.rage.pro.monthly"]).status == 0)
        try await tmux.waitForScreen("a countdown on the monthly row and the store clock in the header", timeout: 60) { screen in
            TUITests.row("Rage Pro (Monthly)", in: screen)?.contains("Ends in ") == true && screen.contains("Store time")
        }
        try await tmux.waitForScreen("the monthly subscription expired", timeout: 120) { screen in
            TUITests.row("Rage Pro (Monthly)", in: screen)?.contains("Expired") == true
        }
        let subscription = try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).subscriptions.first
        #expect(subscription?.state == "expired")
        #expect(subscription?.expirationReason == "autoRenewDisabled")
    }
}

struct TUILockTestError: Error, CustomStringConvertible {
    var description: String
}
