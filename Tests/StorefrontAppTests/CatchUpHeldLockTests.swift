import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StorefrontRuntime
@testable import StorefrontTesting

/// A session sitting on the store's writer lock while renewals fall due: the storefront's
/// catch-up gives up at once instead of freezing the screen for the lock's timeout, says so in
/// a banner (no alert, still writable), and records the renewals once the lock is free.
@Suite("Storefront: renewals due while another session holds the writer lock")
struct CatchUpHeldLockTests {
    typealias F = StorefrontFixture

    static let banner = "Renewals due wait: another session has held the store's writer or table lock over 100 ms (pg_locks shows it). "
        + "Retrying each second; changes wait too."

    /// The fixture with a monthly subscription whose renewal fell due, the lock held elsewhere.
    private static func heldWithRenewalDue() throws -> F {
        let fixture = try F()
        try fixture.buy(F.monthly)
        fixture.clock.advance(by: 40 * 86_400)
        fixture.log.isWriterLockHeld = true
        return fixture
    }

    @Test("The banner shows, the store stays writable, nothing is written and no alert is raised")
    func heldLockShowsBanner() throws {
        let fixture = try Self.heldWithRenewalDue()
        let events = fixture.log.allEvents.count
        let (loop, frames) = DamageWhileOpenTests.run(fixture, script: [.pause, .pause])
        #expect(loop.state.heldCatchUpReason == Self.banner, "\(loop.state.heldCatchUpReason ?? "(none)")")
        #expect(loop.state.readOnlyReason == nil, "a held lock is not a refusal to write")
        #expect(frames.last?.contains("changes wait too.") == true, "the banner is cut at 80 columns")
        #expect(!frames.contains { $0.contains("Read-only") || $0.contains("Could not complete") })
        #expect(fixture.log.allEvents.count == events, "nothing was written")
        #expect(fixture.store.hasDueEvents)
    }

    @Test("The transactions window is drawn under the banner, which still says renewals due are not recorded yet")
    func transactionsKeepBannerInSight() throws {
        let fixture = try Self.heldWithRenewalDue()
        let (_, frames) = DamageWhileOpenTests.run(fixture, script: [.pause, .key(.character("t")), .pause])
        let lines = try #require(frames.last).split(separator: "\n", omittingEmptySubsequences: false)
        let banner = try #require(lines.firstIndex { $0.contains("changes wait too.") }, "\(frames.last ?? "")")
        let title = try #require(lines.firstIndex { $0.contains("Transactions of tester") }, "\(frames.last ?? "")")
        #expect(banner < title, "the window covers the banner")
    }

    @Test("Once the lock is free, the next catch-up records the renewal and the banner goes")
    func freedLockRecordsRenewal() throws {
        let fixture = try Self.heldWithRenewalDue()
        let events = fixture.log.allEvents.count
        let script: [ScriptedTerminal.Step] = [
            .pause,
            // The catch-up is tried once a second of real time.
            .noKey { fixture.log.isWriterLockHeld = false; Thread.sleep(forTimeInterval: 1.1) },
            .pause, .pause,
        ]
        let (loop, frames) = DamageWhileOpenTests.run(fixture, script: script)
        #expect(frames.contains { $0.contains("Renewals due wait") }, "the banner never showed")
        #expect(loop.state.heldCatchUpReason == nil)
        #expect(frames.last?.contains("Renewals due wait") == false)
        #expect(fixture.log.allEvents.count > events, "the renewal was not recorded")
        #expect(!fixture.store.hasDueEvents)
    }

    @Test("When another process records the renewal meanwhile, the banner goes without a catch-up of its own")
    func recordedElsewhereClearsBanner() throws {
        let fixture = try Self.heldWithRenewalDue()
        let other = try Store(catalog: fixture.catalog, log: fixture.log.connection(), clock: fixture.clock)
        let script: [ScriptedTerminal.Step] = [
            .pause,
            .noKey {
                fixture.log.isWriterLockHeld = false
                _ = try? other.catchUp()
            },
            .pause, .pause,
        ]
        let (loop, frames) = DamageWhileOpenTests.run(fixture, script: script)
        #expect(frames.contains { $0.contains("Renewals due wait") }, "the banner never showed")
        #expect(loop.state.heldCatchUpReason == nil, "\(loop.state.heldCatchUpReason ?? "")")
        #expect(frames.last?.contains("Renewals due wait") == false)
    }

    /// The monthly subscription's status on the screen after its renewal fell due during `script`.
    private static func statusAfterRenewalFellDue(_ fixture: F, before: ScriptedTerminal.Step) throws -> (ProductStatus?, Date) {
        try fixture.buy(F.monthly)
        let script: [ScriptedTerminal.Step] = [
            before, .pause,
            .noKey { fixture.clock.advance(by: 40 * 86_400); Thread.sleep(forTimeInterval: 1.1) },
            .pause, .pause,
        ]
        let (loop, _) = DamageWhileOpenTests.run(fixture, script: script)
        return (loop.state.snapshot.statuses[F.monthly], fixture.store.now())
    }

    @Test("While the renewal waits for the lock, the screen shows it applied, as commands do (before: the period shown had passed, its countdown at 0:00)")
    func heldRenewalShowsApplied() throws {
        let fixture = try F()
        let (status, now) = try Self.statusAfterRenewalFellDue(fixture, before: .noKey { fixture.log.isWriterLockHeld = true })
        guard case .active(let until?, true)? = status else { Issue.record("not an active subscription: \(String(describing: status))"); return }
        #expect(until > now, "the period shown ends \(until), before the store's time \(now)")
        #expect(fixture.store.hasDueEvents, "the renewal was recorded though the lock was held")
    }

    @Test("A damaged (read-only) store's renewal that fell due shows applied too, though it is never recorded")
    func readOnlyRenewalShowsApplied() throws {
        let fixture = try F()
        let (status, now) = try Self.statusAfterRenewalFellDue(fixture, before: .noKey { fixture.log.problems = [.tampered(line: 3)] })
        guard case .active(let until?, true)? = status else { Issue.record("not an active subscription: \(String(describing: status))"); return }
        #expect(until > now, "the period shown ends \(until), before the store's time \(now)")
    }

    /// A server side that counts how often the loop read it whole (its notifications take a
    /// round trip to the store, which the lock holding the renewals up may hold up too).
    final class CountingServerSide: ServerSideSource, @unchecked Sendable {
        private let lock = NSLock()
        private var reads = 0
        var readCount: Int { lock.withLock { reads } }
        func read() -> ServerSide { lock.withLock { reads += 1 }; return ServerSide() }
        func servingAddress() -> String? { nil }
    }

    @Test("The once-a-second snapshot while renewals wait keeps the notifications shown, without reading them again (before: each read waited behind the lock too, freezing the screen)")
    func heldSnapshotKeepsServerSide() throws {
        // The renewal falls due only while the storefront is open, so only a snapshot the loop
        // takes can show it applied.
        let fixture = try F()
        try fixture.buy(F.monthly)
        fixture.log.isWriterLockHeld = true
        let serverSide = CountingServerSide()
        let terminal = ScriptedTerminal(size: Size(width: 80, height: 24), script: [
            .pause, .noKey { fixture.clock.advance(by: 40 * 86_400); Thread.sleep(forTimeInterval: 1.1) }, .pause,
            .noKey { Thread.sleep(forTimeInterval: 1.1) }, .pause,
        ])
        let clock = RunLoopTests.SteppingClock()
        let loop = TUIRunLoop(store: fixture.store, terminal: terminal, state: fixture.state(), serverSide: serverSide,
                              clock: { clock.read() })
        loop.run()
        #expect(loop.state.heldCatchUpReason == Self.banner)
        #expect(serverSide.readCount == 0, "read \(serverSide.readCount) times")
        guard case .active(let until?, true)? = loop.state.snapshot.statuses[F.monthly] else {
            Issue.record("not an active subscription: \(String(describing: loop.state.snapshot.statuses[F.monthly]))")
            return
        }
        #expect(until > fixture.store.now(), "the renewal is not shown applied")
    }

    @Test("A buy while the banner shows still goes through (a commit waits for the lock as before)")
    func buyingStillWorks() throws {
        let fixture = try Self.heldWithRenewalDue()
        let script: [ScriptedTerminal.Step] = [.pause, .key(.enter), .pause, .key(.enter), .pause, .pause]
        let (loop, _) = DamageWhileOpenTests.run(fixture, script: script)
        #expect(loop.state.readOnlyReason == nil)
        #expect(fixture.store.transactions(for: fixture.buyer.account).contains { $0.productID == F.facePack }, "the buy was not made")
    }
}

/// A change the person asked for waits for another session's lock on the worker; the loop
/// must not wait with it, or the spinner, the clock and every key stand still.
@Suite("Storefront: the loop while a commit waits for a lock")
struct CommitWaitingLoopTests {
    typealias F = StorefrontFixture

    @Test("While a buy's commit waits, the loop goes on drawing without touching the store (before: it queued for the store's lock)")
    func loopRunsWhileCommitWaits() throws {
        let fixture = try F()
        let released = ReleaseRecord()
        var held: [ScriptedTerminal.Step] = [
            .noKey {
                fixture.log.holdsCommits = true
                // Only if the loop stands still: lets the commit go so the test ends, and says so.
                DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
                    if !released.byScript { released.bySafetyTimer = true; fixture.log.holdsCommits = false }
                }
            },
            .key(.enter), .key(.enter),
        ]
        // More than the second after which the loop looks at the store again.
        held += Array(repeating: .noKey { Thread.sleep(forTimeInterval: 0.1) }, count: 15)
        held.append(.noKey { released.byScript = true; fixture.log.holdsCommits = false })
        let (loop, frames) = DamageWhileOpenTests.run(fixture, script: held + [.pause, .pause, .pause])
        #expect(!released.bySafetyTimer, "the loop stood still until the commit went on")
        let spinning = Set(frames.compactMap { frame in frame.split(separator: "\n").first { $0.contains("Purchasing…") } })
        #expect(spinning.count >= 2, "the spinner did not turn: \(spinning)")
        #expect(fixture.store.transactions(for: fixture.buyer.account).contains { $0.productID == F.facePack })
        #expect(loop.state.activity == nil)
    }

    @Test("Ctrl-C while a buy's commit waits: the loop ends once it is made, with its outcome kept to be said (before: dropped, and the storefront closed without a word)")
    func quitWhileCommitWaitsKeepsTheOutcome() throws {
        let fixture = try F()
        let script: [ScriptedTerminal.Step] = [
            .noKey { fixture.log.holdsCommits = true },
            .key(.enter), .key(.enter),
            .noKey {
                // The loop ends at Ctrl-C and then waits for the commit: let it go a moment later.
                DispatchQueue.global().asyncAfter(deadline: .now() + 1) { fixture.log.holdsCommits = false }
            },
            .key(.ctrl("c")),
        ]
        let (loop, frames) = DamageWhileOpenTests.run(fixture, script: script)
        #expect(fixture.store.transactions(for: fixture.buyer.account).count == 1)
        #expect(loop.state.outcomesAfterQuitting.map(\.title) == ["Purchase complete"], "\(loop.state.outcomesAfterQuitting)")
        // Meanwhile the screen said so and the spinner turned (before: it stood still, as if Ctrl-C was lost).
        let waiting = frames.compactMap { $0.split(separator: "\n").first { $0.contains("Purchasing… (quitting once it ends)") } }
        #expect(!waiting.isEmpty, "\(frames.last ?? "")")
        #expect(Set(waiting).count >= 2, "the spinner did not turn while quitting waited: \(Set(waiting))")
    }

    /// Who let the held commit go; set and read on two threads.
    final class ReleaseRecord: @unchecked Sendable {
        private let lock = NSLock()
        private var script = false
        private var safetyTimer = false
        var byScript: Bool {
            get { lock.withLock { script } }
            set { lock.withLock { script = newValue } }
        }
        var bySafetyTimer: Bool {
            get { lock.withLock { safetyTimer } }
            set { lock.withLock { safetyTimer = newValue } }
        }
    }
}
