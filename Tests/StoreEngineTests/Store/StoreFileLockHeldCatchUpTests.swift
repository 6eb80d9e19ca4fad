import Foundation
import Glibc
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// A storefront records renewals that fell due once a second without waiting for an
/// entitlements file's lock that another process sits on: the screen would not answer meanwhile.
@Suite("Store: a catch-up that does not wait for the entitlements file's lock")
struct StoreFileLockHeldCatchUpTests {
    @Test("held by another, the catch-up gives up after 100 ms naming the lock file, records nothing, and records once it is free (before: it waited, and the storefront froze)")
    func catchUpGivesUpWhileTheLockIsHeld() throws {
        let directory = try LedgerTestDirectory()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let store = try Store(catalog: try CatalogLoader.loadBundled(), log: try LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
        _ = try store.purchase(Rage.yearly, buyer: phone, storefront: "USA")
        clock.advance(by: 400 * 86_400)
        #expect(store.hasDueEvents)
        // Another open file description holds the lock, as another process's would.
        let lockPath = directory.ledgerPath + ".lock"
        let holder = open(lockPath, O_RDWR)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let held = #expect(throws: StoreWriterLockHeld.self) { try store.catchUp(waitingForLock: false) }
        #expect(held?.lockFile == lockPath && held?.waitedMilliseconds == 100, "\(String(describing: held))")
        #expect(held.map { "\($0)" }?.contains("has held the lock \(lockPath) of the entitlements file") == true)
        #expect(store.hasDueEvents, "nothing was recorded")
        close(holder)
        #expect(try store.catchUp(waitingForLock: false))
        #expect(!store.hasDueEvents)
    }
}
