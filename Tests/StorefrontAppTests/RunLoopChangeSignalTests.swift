import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StorefrontRuntime
@testable import StorefrontTesting

/// The run loop over a log that signals changes (as a server connection with notifications
/// does) and that can become unreachable, driven by a scripted terminal.
@Suite("Runtime: following a log that signals")
struct RunLoopChangeSignalTests {
    typealias F = StorefrontFixture

    /// A second process's store over the same log.
    static func otherProcess(_ fixture: F) throws -> Store {
        try Store(catalog: fixture.catalog, log: fixture.log.connection(), clock: fixture.clock)
    }

    static func run(_ fixture: F, script: [ScriptedTerminal.Step]) -> (TUIRunLoop, ScriptedTerminal) {
        let clock = RunLoopTests.SteppingClock()
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: script)
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: fixture.state(), clock: { clock.read() })
        loop.run()
        return (loop, terminal)
    }

    @Test("With a change signal the loop sleeps on it with no timer, and another process's commit shows")
    func waitsOnSignal() throws {
        let fixture = try F(log: InMemoryEventLog(signalsChanges: true))
        let other = try Self.otherProcess(fixture)
        let (loop, terminal) = Self.run(fixture, script: [
            .pause,
            .noKey { _ = try? other.purchase(F.noAds, buyer: fixture.buyer, storefront: "USA") },
            .pause,
        ])
        let signal = try #require(fixture.store.changeSignal)
        #expect(terminal.reads == Array(repeating: ScriptedTerminal.Read(timeoutMilliseconds: nil, wakeDescriptor: signal), count: 3))
        #expect(loop.state.snapshot.transactions.map(\.productID) == [F.noAds])
    }

    @Test("Choosing another storefront loads its snapshot with a short wait, not one that only a change signal would end")
    func switchWaitsBriefly() throws {
        let fixture = try F(log: InMemoryEventLog(signalsChanges: true))
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: [])
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: fixture.state(), clock: { Date() })
        #expect(loop.waitMilliseconds(hasChangeSignal: true) == nil, "idle, the loop sleeps on the signal alone")
        for key in [Key.character("l"), .down, .enter] { loop.dispatch(.keyPressed(key)) }
        #expect(loop.state.storefront == "DEU")
        // No other process announces the new snapshot, so the loop must not sleep until one does.
        #expect(loop.waitMilliseconds(hasChangeSignal: true) == TUIRunLoop.busyTimeoutMilliseconds)
    }

    @Test("While the store is down, a store time running fast still moves in the header: the loop wakes as when idle, not only to reconnect (before: frozen up to 4 s)")
    func fastClockMovesWhileUnreachable() throws {
        let fixture = try F()
        try fixture.store.setTimeRate(.renewalEvery5Minutes, buyer: fixture.buyer)
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: [])
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: fixture.state(), clock: { Date() })
        loop.dispatch(.storeUnreachable(reason: "connection refused"))
        #expect(loop.waitMilliseconds(hasChangeSignal: false) ?? .max <= TUIRunLoop.idleTimeoutMilliseconds)
        let realTime = try F()
        let realLoop = TUIRunLoop(store: realTime.store, terminal: terminal, state: realTime.state(), clock: { Date() })
        realLoop.dispatch(.storeUnreachable(reason: "connection refused"))
        #expect((realLoop.waitMilliseconds(hasChangeSignal: false) ?? 0) > TUIRunLoop.idleTimeoutMilliseconds,
                "at real time the loop sleeps until the next reconnect")
    }

    @Test("Ctrl-L has the terminal repaint the whole screen, over any open sheet, and opens or closes nothing")
    func ctrlLRepaints() throws {
        let fixture = try F()
        let (loop, terminal) = Self.run(fixture, script: [.key(.character("?")), .key(.ctrl("l")), .pause])
        #expect(terminal.wholeRepaints == 1)
        #expect(loop.state.overlays.count == 1, "the help opened before stays open, and nothing else opened")
    }

    @Test("A commit made after the store was opened shows in the first frame, before the loop first waits")
    func looksBeforeFirstWait() throws {
        let fixture = try F(log: InMemoryEventLog(signalsChanges: true))
        let state = fixture.state()
        _ = try Self.otherProcess(fixture).purchase(F.noAds, buyer: fixture.buyer, storefront: "USA")
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: [.pause])
        TUIRunLoop(store: fixture.store, terminal: terminal, state: state, clock: { Date() }).run()
        let firstFrame = try #require(terminal.frames.first)
        #expect((0..<firstFrame.size.height).contains { firstFrame.rowText($0).contains("Owned") },
                "the purchase made after opening must show before the first wait, which no signal may end")
    }

    @Test("Without a change signal (the file) the loop asks between keys, as before")
    func pollsWithoutSignal() throws {
        let fixture = try F()
        let other = try Self.otherProcess(fixture)
        let (loop, terminal) = Self.run(fixture, script: [
            .noKey { _ = try? other.purchase(F.noAds, buyer: fixture.buyer, storefront: "USA") },
        ])
        #expect(terminal.reads == [ScriptedTerminal.Read(timeoutMilliseconds: TUIRunLoop.idleTimeoutMilliseconds, wakeDescriptor: nil)])
        #expect(loop.state.snapshot.transactions.map(\.productID) == [F.noAds])
    }

    @Test("A lost connection shows the banner and makes the storefront read-only; it recovers by itself")
    func unreachableThenRecovers() throws {
        let fixture = try F(log: InMemoryEventLog(signalsChanges: true))
        let other = try Self.otherProcess(fixture)
        let (loop, terminal) = Self.run(fixture, script: [
            .noKey { fixture.log.isReachable = false },
            .pause,
            // Buying while down is refused up front, with the reason.
            .key(.enter),
            .key(.escape),
            .noKey {
                fixture.log.isReachable = true
                _ = try? other.purchase(F.lives, buyer: fixture.buyer, storefront: "USA")
            },
            .pause, .pause, .pause, .pause,
        ])
        let screens = terminal.frames.map { frame in (0..<frame.size.height).map { frame.rowText($0) }.joined(separator: "\n") }
        #expect(screens.contains { $0.contains("The store is unreachable; retrying.") })
        #expect(screens.contains { $0.contains("Read-only") && $0.contains("connection refused") })
        #expect(loop.state.unreadableReason == nil)
        #expect(loop.state.readOnlyReason == nil)
        #expect(!screens.last!.contains("unreachable"))
        #expect(loop.state.snapshot.transactions.map(\.productID) == [F.lives], "Enter while down bought nothing")
        // While down the loop waits for its next attempt rather than on the signal of a dead connection.
        #expect(terminal.reads.contains { $0.wakeDescriptor == nil && $0.timeoutMilliseconds != nil })
    }

    @Test("While the store stays down the banner gives the latest reason, not the first")
    func bannerFollowsTheLatestReason() throws {
        let fixture = try F(log: InMemoryEventLog(signalsChanges: true))
        let (loop, terminal) = Self.run(fixture, script: [
            .noKey { fixture.log.isReachable = false },
            .pause,
            .noKey { fixture.log.unreachableReason = "password authentication failed for user \"tester\"" },
            .pause, .pause, .pause, .pause, .pause, .pause,
        ])
        let screens = terminal.frames.map { frame in (0..<frame.size.height).map { frame.rowText($0) }.joined(separator: "\n") }
        #expect(screens.contains { $0.contains("connection refused") }, "the first reason was shown while it held")
        #expect(loop.state.unreadableReason == "password authentication failed for user \"tester\"")
        #expect(screens.last?.contains("password authentication failed") == true, "\(screens.last ?? "")")
    }
}
