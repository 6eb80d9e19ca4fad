import Foundation
import StoreCatalog
import StoreEngine
import StorePostgres
import Testing
@testable import StorefrontTesting

/// Several storefronts on one store, each spending and following at once as the storefront's
/// loop does (waiting on the change signal, then looking), through a dropped connection and a
/// server restart: when the spending stops, every one of them must come to the balance a fresh
/// opening reads, woken only by its signal.
@Suite("PostgresEventLog: followers converge", .serialized)
struct PostgresFollowerConvergenceTests {
    static let storefrontCount = 3
    static let rounds = 100
    static let spendsPerRound = 3
    /// A wait this long with nothing on the signal while behind means the wake-up never comes.
    static let silenceMeaningMissed: Int32 = 10_000

    @Test("Storefronts spending at once, across pg_terminate_backend and a restart, each follow to a fresh opening's balance")
    func followersReachAFreshOpening() throws {
        let fixture = try PostgresStoreFixture()
        let first = try fixture.store()
        for _ in 0..<4 { _ = try first.purchase(face, buyer: phone, storefront: "USA") }
        let storefronts = try (0..<Self.storefrontCount).map { _ in try StorefrontUnderTest(store: fixture.store()) }
        defer { storefronts.forEach { $0.stop() } }
        for round in 0..<Self.rounds {
            try Self.spendAtOnce(in: storefronts, during: round, on: fixture)
            let fresh = try fixture.store()
            let target = fresh.snapshot.eventCount
            for (index, storefront) in storefronts.enumerated() {
                let reached = storefront.awaitFollowing(through: target)
                #expect(reached, "round \(round): storefront \(index) stopped at \(storefront.store.snapshot.eventCount) of \(target) events with nothing left to wake it")
                #expect(storefront.store.balance(of: "rage-faces", for: phone) == fresh.balance(of: "rage-faces", for: phone),
                        "round \(round): storefront \(index) shows another balance than a fresh opening")
                guard reached else { return }
            }
        }
    }

    /// Every storefront spends (buying a pack when it runs low) on a thread of its own, all at
    /// once; a third of the way through the connections are ended, two thirds through the server
    /// restarts, while the spending goes on.
    static func spendAtOnce(in storefronts: [StorefrontUnderTest], during round: Int, on fixture: PostgresStoreFixture) throws {
        let group = DispatchGroup()
        for storefront in storefronts {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<spendsPerRound { storefront.spendOrBuy() }
            }
        }
        if round == rounds / 3 {
            try fixture.endOtherSessions()
        }
        if round == 2 * rounds / 3 {
            fixture.server.stop()
            try fixture.server.start()
        }
        group.wait()
    }
}

/// One storefront: a store whose follower runs on its own thread (wait on the change signal,
/// then look), while `spendOrBuy` commits from the caller's thread, as the loop's worker does.
final class StorefrontUnderTest: @unchecked Sendable {
    let store: Store
    private let lock = NSLock()
    /// The event count the follower must reach before it reports back; nil while spending goes on.
    private var target: Int?
    private var reachedTarget: DispatchSemaphore?
    private var missedWake = false
    private var stopping = false
    /// Tells the follower a target was set or it must stop; it never makes the follower look.
    private let wake = ChangePipe()

    init(store: Store) {
        self.store = store
        _ = store.changeSignal
        Thread { [self] in follow() }.start()
    }

    func spendOrBuy() {
        do {
            if store.balance(of: "rage-faces", for: phone) < 2 {
                _ = try store.purchase(face, buyer: phone, storefront: "USA")
            } else {
                _ = try store.spend("rage-faces", buyer: phone)
            }
        } catch {
            // Refused (another storefront spent the last credit) or the server is away: a
            // storefront reports it and goes on; the fresh opening says what was recorded.
        }
    }

    /// Blocks until the follower has folded `count` events; false when it waited on a silent
    /// signal for `silenceMeaningMissed` while still behind.
    func awaitFollowing(through count: Int) -> Bool {
        let reached = DispatchSemaphore(value: 0)
        lock.withLock {
            target = count
            reachedTarget = reached
            missedWake = false
        }
        wake.signal()
        reached.wait()
        return lock.withLock { !missedWake }
    }

    func stop() {
        lock.withLock { stopping = true }
        wake.signal()
    }

    /// What ended a wait of the follower.
    private enum Wake { case signal, told, silence }

    /// The storefront's loop, reduced to following: look, then sleep on the change signal (or,
    /// while the server is away, retry shortly), and report when a target is set and reached.
    private func follow() {
        var mustRetry = true
        while !lock.withLock({ stopping }) {
            if mustRetry || store.hasExternalChanges() {
                do {
                    try store.refresh()
                    mustRetry = false
                } catch {
                    mustRetry = true
                }
            }
            // Only the signal makes it look again (or a retry while the server is away).
            var woken = Wake.told
            while woken != .signal, !lock.withLock({ stopping }) {
                if let count = lock.withLock({ target }), store.snapshot.eventCount >= count { report(missed: false) }
                woken = wait(on: mustRetry ? nil : store.changeSignal)
                if woken == .silence, let count = lock.withLock({ target }), store.snapshot.eventCount < count {
                    report(missed: true)
                }
            }
        }
    }

    /// Waits on the change signal and the wake pipe; while the server is away (no signal) the
    /// wait is short, as the storefront retries on a schedule.
    private func wait(on signal: Int32?) -> Wake {
        var entries = [pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)]
        if let signal { entries.append(pollfd(fd: signal, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&entries, nfds_t(entries.count), signal == nil ? 50 : PostgresFollowerConvergenceTests.silenceMeaningMissed)
        if entries.count > 1, entries[1].revents != 0 { return .signal }
        if entries[0].revents != 0 {
            wake.drain()
            return .told
        }
        return signal == nil || ready != 0 ? .signal : .silence
    }

    private func report(missed: Bool) {
        lock.withLock {
            missedWake = missed
            target = nil
            reachedTarget?.signal()
            reachedTarget = nil
        }
    }
}
