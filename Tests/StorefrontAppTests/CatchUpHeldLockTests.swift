import Foundation
import StoreEngine
import Testing
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

    @Test("A buy while the banner shows still goes through (a commit waits for the lock as before)")
    func buyingStillWorks() throws {
        let fixture = try Self.heldWithRenewalDue()
        let script: [ScriptedTerminal.Step] = [.pause, .key(.enter), .pause, .key(.enter), .pause, .pause]
        let (loop, _) = DamageWhileOpenTests.run(fixture, script: script)
        #expect(loop.state.readOnlyReason == nil)
        #expect(fixture.store.transactions(for: fixture.buyer.account).contains { $0.productID == F.facePack }, "the buy was not made")
    }
}
