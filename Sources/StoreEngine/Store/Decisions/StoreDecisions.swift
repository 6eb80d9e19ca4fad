import Foundation
import StoreCatalog

/// The store's decisions as pure functions of (catalog, state, store time, request).
///
/// Each returns the events to append and what to tell the caller; a refusal appends nothing.
/// `Store` runs them under the ledger's lock against fresh state and commits what they return;
/// tests call them directly, with a folded `LedgerState` and no store or log.
public struct StoreDecisions: Sendable {
    /// What a decision appends, and what it tells the caller.
    public typealias Decision<Result> = (events: [StoreEvent], result: Result)

    public let catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// A new event of the catalog's app, by `buyer`, at `time`.
    func event(_ kind: StoreEvent.Kind, for buyer: Buyer, at time: Date) -> StoreEvent {
        StoreEvent(kind: kind, time: time, app: catalog.bundleID, account: buyer.account, device: buyer.device)
    }

    /// The event that uses up a one-shot injected failure (none when it stays until cleared).
    func consumption(of failure: InjectedFailure, operation: StoreOperation, buyer: Buyer, at now: Date) -> [StoreEvent] {
        guard failure.once else { return [] }
        var used = event(.failureConsumed, for: buyer, at: now)
        used.setting = operation.rawValue
        return [used]
    }
}
