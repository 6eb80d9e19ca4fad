import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StorefrontRuntime
@testable import StorefrontTesting

/// The TUI's run loop driven by a scripted terminal and a clock that moves a second per reading.
@Suite("Runtime: the run loop")
struct RunLoopTests {
    typealias F = StorefrontFixture

    /// A clock that is one second later each time it is read, like a person pausing between keys.
    final class SteppingClock: @unchecked Sendable {
        private let lock = NSLock()
        private var time = Date(timeIntervalSince1970: 1_000_000)

        func read() -> Date {
            lock.lock(); defer { lock.unlock() }
            time = time.addingTimeInterval(1)
            return time
        }
    }

    static func run(_ fixture: F, keys: [Key]) -> TUIRunLoop {
        let clock = SteppingClock()
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), keys: keys)
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: fixture.state(), clock: { clock.read() })
        loop.run()
        return loop
    }

    @Test("q on the payment sheet records the cancel; a second q quits")
    func quitOnSheetRecordsCancel() throws {
        let fixture = try F()
        let loop = Self.run(fixture, keys: [.enter, .character("q"), .character("q")])
        #expect(loop.state.isQuitting)
        #expect(fixture.store.transactions(for: "tester").map(\.state) == [.cancelled])
    }

    @Test("Ctrl-C on the payment sheet records the same cancel")
    func controlCOnSheetRecordsCancel() throws {
        let fixture = try F()
        _ = Self.run(fixture, keys: [.enter, .ctrl("c")])
        #expect(fixture.store.transactions(for: "tester").map(\.state) == [.cancelled])
    }

    @Test("Keys stamped with the clock: Enter read a second after the sheet opened buys")
    func stampedKeysBuy() throws {
        let fixture = try F()
        _ = Self.run(fixture, keys: [.enter, .enter, .character("q")])
        #expect(fixture.store.transactions(for: "tester").map(\.state) == [.purchased])
    }

    @Test("A termination signal with the payment sheet open records the cancel too")
    func terminationOnSheetRecordsCancel() throws {
        let fixture = try F()
        // The scripted terminal asks to stop once its keys run out, as SIGTERM would.
        _ = Self.run(fixture, keys: [.enter])
        #expect(fixture.store.transactions(for: "tester").map(\.state) == [.cancelled])
    }
}

@Suite("Runtime: the run loop's catch-up")
struct RunLoopCatchUpTests {
    typealias F = StorefrontFixture

    @Test("A subscription with nothing due takes no writer lock; once a renewal falls due, the catch-up writes")
    func catchUpOnlyWhenSomethingFellDue() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        let longAgo = Date.distantPast
        #expect(!TUIRunLoop.catchUpIsDue(fixture.store, since: longAgo, readOnly: false), "nothing fell due")
        fixture.clock.advance(by: 40 * 86_400)
        #expect(TUIRunLoop.catchUpIsDue(fixture.store, since: longAgo, readOnly: false), "the renewal fell due")
        #expect(!TUIRunLoop.catchUpIsDue(fixture.store, since: Date(), readOnly: false), "not twice in a second")
        #expect(!TUIRunLoop.catchUpIsDue(fixture.store, since: longAgo, readOnly: true), "a read-only storefront writes nothing")
        #expect(try fixture.store.catchUp())
        #expect(!TUIRunLoop.catchUpIsDue(fixture.store, since: longAgo, readOnly: false), "recorded: nothing left due")
    }

    @Test("A pass that runs out while shown is shown ended, though nothing is recorded (before: active, its countdown at 0:00, until another process wrote)")
    func aPassRunningOutIsShownEnded() throws {
        let fixture = try F()
        try fixture.buy(F.season)
        let shown = fixture.state().snapshot
        let ends = try #require(shown.entitlements.nonRenewing.first { $0.productID == F.season }?.expiresDate)
        #expect(shown.nextChangeInTime == ends)
        #expect(!TUIRunLoop.timedChangeIsDue(shown, at: ends.addingTimeInterval(-1)))
        #expect(TUIRunLoop.timedChangeIsDue(shown, at: ends))
        #expect(!fixture.store.hasDueEvents, "no event falls due: the catch-up alone would never look")

        let clock = RunLoopTests.SteppingClock()
        let script: [ScriptedTerminal.Step] = [.pause, .noKey { fixture.clock.advance(by: ends.timeIntervalSince(fixture.store.now()) + 60) }, .pause, .pause]
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: script)
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: fixture.state(), clock: { clock.read() })
        loop.run()
        let pass = try #require(loop.state.snapshot.entitlements.nonRenewing.first { $0.productID == F.season })
        #expect(!pass.isActive, "\(pass)")
        #expect(loop.state.snapshot.nextChangeInTime == nil, "nothing else waits to change")
        #expect(fixture.store.transactions(for: "tester").count == 1, "nothing was recorded")
    }

    @Test("A period paid ahead into a switch's plan begins while shown: the plan running changes, with nothing recorded")
    func aPeriodPaidAheadBeginningIsShown() throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        try fixture.buy(F.monthly)   // a downgrade, at the next renewal
        _ = try fixture.store.renew("com.example.rage.pro.yearly", buyer: fixture.buyer)
        let shown = fixture.state().snapshot
        let running = try #require(shown.entitlements.subscriptions.first?.runningPlan)
        #expect(shown.nextChangeInTime == running.expiresDate)
        fixture.clock.advance(by: running.expiresDate.timeIntervalSince(fixture.store.now()) + 60)
        #expect(TUIRunLoop.timedChangeIsDue(shown, at: fixture.store.now()))
        #expect(fixture.state().snapshot.entitlements.subscriptions.first?.runningPlan == nil, "a fresh snapshot shows the plan paid ahead running")
    }
}
