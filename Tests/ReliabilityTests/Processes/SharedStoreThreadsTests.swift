import Foundation
import StoreEngine
import Testing
@testable import StoreLedger

/// Threads of one process sharing store instances, as the interactive storefront's run loop,
/// its file watcher and its effects do: one store shared by several threads, others each with
/// their own, and a follower refreshing meanwhile. Run under ThreadSanitizer in CI.
@Suite("Concurrency: threads sharing stores in one process")
struct SharedStoreThreadsTests {
    @Test("purchases and spends from threads add up exactly, and the follower ends on the final state")
    func threadsShareStores() throws {
        let directory = try ScratchDirectory("threads")
        let path = directory.file("entitlements.jsonl")
        let catalog = try Rage.catalog()
        let shared = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
        let follower = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
        let buyer = Buyer(account: "alice", device: "phone")
        let threads = 6, rounds = 8
        let failures = FailureList()
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let store = thread.isMultiple(of: 2)
                        ? shared : try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
                    for _ in 0..<rounds {
                        guard case .purchased = try store.purchase(Rage.lives, buyer: buyer, storefront: "USA") else {
                            failures.add("thread \(thread): a purchase did not go through")
                            continue
                        }
                        if case .insufficient = try store.spend(Rage.extraLives, amount: 2, buyer: buyer) {
                            failures.add("thread \(thread): spending after buying found too few lives")
                        }
                    }
                } catch {
                    failures.add("thread \(thread): \(error)")
                }
            }.start()
        }
        let stop = Flag()
        let following = DispatchGroup()
        following.enter()
        Thread {
            defer { following.leave() }
            while !stop.isSet {
                if follower.hasExternalChanges() { _ = try? follower.refresh() }
                _ = follower.entitlements(for: buyer)
            }
        }.start()
        group.wait()
        stop.set()
        following.wait()

        let list = failures.all()
        #expect(list.isEmpty, "\(list.prefix(3))")
        try follower.refresh()
        try shared.refresh()
        #expect(follower.balance(of: Rage.extraLives, for: buyer) == threads * rounds * (3 - 2))
        #expect(shared.balance(of: Rage.extraLives, for: buyer) == threads * rounds)
        #expect(follower.snapshot.eventCount == threads * rounds * 2)
        #expect(try LedgerFile<StoreEvent>.verify(path: path).isIntact)
    }
}

extension SharedStoreThreadsTests {
    /// Reading nothing new is the commonest read of all (every poll of a follower); under
    /// ThreadSanitizer this catches any shared state touched even when there is nothing to do.
    @Test("stores on several threads refresh an unchanged ledger at once")
    func threadsRefreshAnUnchangedLedger() throws {
        let directory = try ScratchDirectory("refresh")
        let path = directory.file("entitlements.jsonl")
        let catalog = try Rage.catalog()
        _ = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
            .purchase(Rage.face, buyer: Buyer(account: "alice", device: "phone"), storefront: "USA")
        let failures = FailureList()
        let group = DispatchGroup()
        for thread in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let store = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
                    for _ in 0..<200 where try store.refresh() {
                        failures.add("thread \(thread): an unchanged ledger read as changed")
                    }
                } catch {
                    failures.add("thread \(thread): \(error)")
                }
            }.start()
        }
        group.wait()
        let list = failures.all()
        #expect(list.isEmpty, "\(list.prefix(3))")
    }
}

/// Messages collected from several threads.
private final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        messages.append(message)
    }

    func all() -> [String] {
        lock.lock(); defer { lock.unlock() }
        return messages
    }
}

/// A flag one thread sets and another polls.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock(); defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock(); defer { lock.unlock() }
        value = true
    }
}
