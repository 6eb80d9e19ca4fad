import Foundation
import StoreEngine
import Synchronization

/// A reader following the ledger as the interactive storefront does: it polls for changes,
/// refreshes its store and records every state it showed.
final class LedgerFollower: Sendable {
    /// One state the follower showed: how many events it had read and the balances then.
    struct Observation: Sendable {
        var eventCount: Int
        var balances: [String: Int]
        var problems: [String]
    }

    private let path: String
    private let state = Mutex((observations: [Observation](), stopped: false, failure: String?.none))
    private let finished = DispatchSemaphore(value: 0)

    init(path: String) {
        self.path = path
    }

    /// Starts following on its own thread until `stop()`.
    func start() {
        let thread = Thread { [self] in
            follow()
            finished.signal()
        }
        thread.start()
    }

    /// Stops following, after one last refresh, and returns every state shown.
    func stop() -> (observations: [Observation], failure: String?) {
        state.withLock { $0.stopped = true }
        finished.wait()
        return state.withLock { ($0.observations, $0.failure) }
    }

    private func follow() {
        do {
            let store = try Store(catalog: try Rage.catalog(), log: try LedgerEventLog.open(path: path))
            var lastRound = false
            while !lastRound {
                lastRound = state.withLock { $0.stopped }
                if store.hasExternalChanges(), try store.refresh() {
                    record(store)
                } else {
                    usleep(300)
                }
            }
        } catch {
            state.withLock { $0.failure = "\(error)" }
        }
    }

    private func record(_ store: Store) {
        let snapshot = store.snapshot
        var balances: [String: Int] = [:]
        for account in OperationMix.accounts {
            for credit in StoreModel.maximums.keys {
                balances["\(account)/\(credit)"] = snapshot.balance(of: credit, for: Buyer(account: account))
            }
        }
        let observation = Observation(
            eventCount: snapshot.eventCount, balances: balances, problems: store.ledgerProblems.map(\.description))
        state.withLock { $0.observations.append(observation) }
    }
}
