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
        try await tmux.waitFor("Request approved", "+5 Rage Faces: you have 5")
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
