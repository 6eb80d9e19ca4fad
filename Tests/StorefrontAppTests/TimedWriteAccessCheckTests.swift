import Foundation
import StoreEngine
import Testing
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif
@testable import StorefrontApp
@testable import StorefrontRuntime
@testable import StorefrontTesting

/// A write check on a timer (a database role's privileges, which move nothing the follower
/// sees): asked only while the storefront is read-only, every few seconds of the loop's clock,
/// so a grant takes the banner away without a restart and a writable store is never asked.
@Suite("Runtime: a write check on a timer while read-only")
struct TimedWriteAccessCheckTests {
    typealias F = StorefrontFixture
    static let interval: TimeInterval = 3

    /// Runs the loop over `script` from `state`, the clock moving a second per reading.
    static func run(_ fixture: F, state: AppState, script: [ScriptedTerminal.Step],
                    writeAccess: WriteAccessCheck) -> (loop: TUIRunLoop, terminal: ScriptedTerminal) {
        let clock = RunLoopTests.SteppingClock()
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: script)
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: state, writeAccess: writeAccess,
                              clock: { clock.read() })
        loop.run()
        return (loop, terminal)
    }

    @Test("Opened read-only: asked on the timer, not on every wait; once writable, the banner goes and changes are taken")
    func grantTakesTheBannerAway() throws {
        let fixture = try F()
        let counting = WriteAccessWhileOpenTests.CountingCheck(fixture.log)
        fixture.log.writeRefusal = EACCES
        var state = fixture.state()
        state.unavailableReason = WriteAccessWhileOpenTests.checkBanner(EACCES)
        let script: [ScriptedTerminal.Step] = Array(repeating: .pause, count: 4) + [.noKey { fixture.log.writeRefusal = nil }]
            + Array(repeating: .pause, count: 6)
        let (loop, terminal) = Self.run(fixture, state: state, script: script,
                                        writeAccess: counting.check(.whileRefused(every: Self.interval)))

        let frames = terminal.frames.map { frame in (0..<frame.size.height).map(frame.rowText).joined(separator: "\n") }
        #expect(frames.first?.contains("Read-only") == true)
        #expect(frames.last?.contains("Read-only") == false, "the badge stayed after the store was writable again")
        #expect(loop.state.readOnlyReason == nil)
        #expect(counting.timesAsked > 0)
        #expect(counting.timesAsked < terminal.reads.count / 2, "asked \(counting.timesAsked) times in \(terminal.reads.count) waits")
    }

    @Test("While read-only with a change signal, the wait ends in time for the timer")
    func waitEndsForTheTimer() throws {
        let log = InMemoryEventLog(signalsChanges: true)
        let fixture = try F(log: log)
        var state = fixture.state()
        state.unavailableReason = WriteAccessWhileOpenTests.checkBanner(EACCES)
        let counting = WriteAccessWhileOpenTests.CountingCheck(log)
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: [.pause])
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: state,
                              writeAccess: counting.check(.whileRefused(every: Self.interval)))
        #expect(loop.waitMilliseconds(hasChangeSignal: true) == Int(Self.interval * 1000))
        var writable = fixture.state()
        writable.unavailableReason = nil
        let open = TUIRunLoop(store: fixture.store, terminal: terminal, state: writable,
                              writeAccess: counting.check(.whileRefused(every: Self.interval)))
        #expect(open.waitMilliseconds(hasChangeSignal: true) == nil, "a writable store with nothing due waits for a key or the signal")
    }

    @Test("Writable: a check on a timer is never asked, not even on a change noticed to the store")
    func writableIsNeverAsked() throws {
        let fixture = try F()
        let counting = WriteAccessWhileOpenTests.CountingCheck(fixture.log)
        // Setting the refusal to nil is a change every connection notices, as a `chmod` would be.
        let script: [ScriptedTerminal.Step] = [.pause, .noKey { fixture.log.writeRefusal = nil }] + Array(repeating: .pause, count: 6)
        let (loop, _) = Self.run(fixture, state: fixture.state(), script: script,
                                 writeAccess: counting.check(.whileRefused(every: Self.interval)))
        #expect(counting.timesAsked == 0)
        #expect(loop.state.readOnlyReason == nil)
    }
}
