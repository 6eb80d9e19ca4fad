import Foundation
import StoreCatalog
import StoreEngine
import StoreLedger

/// Follows a store's event log and keeps its `NotificationFold` up to date.
///
/// It reads the log through its own connection from the first event, so what it lists does
/// not depend on the store's checkpoint, and it only reads: attempts are recorded through the
/// store, and arrive here as events like any other.
public final class NotificationFeed: @unchecked Sendable {
    private let log: StoreEventLog
    private let lock = NSLock()
    private let catalog: Catalog
    private var fold: NotificationFold

    /// A feed over `log` (a connection of its own) for `catalog`'s app.
    public init(log: StoreEventLog, catalog: Catalog, identity: NotificationIdentity,
                formerIdentities: [NotificationIdentity] = []) {
        self.log = log
        self.catalog = catalog
        fold = NotificationFold(catalog: catalog, identity: identity, formerIdentities: formerIdentities)
    }

    /// Reads what was appended since the last refresh; the fold as it then stands.
    @discardableResult
    public func refresh() throws -> NotificationFold {
        lock.lock(); defer { lock.unlock() }
        var batch: EventBatch
        repeat {
            batch = try log.readNew()
            if batch.restarted { fold = NotificationFold(catalog: catalog, identity: fold.identity, formerIdentities: fold.formerIdentities) }
            for entry in batch.entries { try fold.apply(entry.event, sequence: entry.sequence) }
        } while batch.isPartial
        return fold
    }

    /// Whether the log may hold events the fold has not read; cheap enough to poll.
    public func hasChanged() -> Bool { log.hasChanged() }

    /// Asks the log to signal its changes, where it can (a PostgreSQL store then LISTENs), so
    /// `hasChanged` need not ask the server each time.
    public func listenForChanges() { _ = log.changeSignal }

    /// The fold as last refreshed.
    public var current: NotificationFold {
        lock.lock(); defer { lock.unlock() }
        return fold
    }
}
