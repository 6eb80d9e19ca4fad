import Foundation
import StoreEngine
import StoreCatalog

/// The child side of the live-update figure: a process that follows a store on PostgreSQL as
/// the storefront's loop does (sleeping in `poll(2)` on the log's change signal, then reading
/// what changed) and reports the moment each change was folded.
///
/// It opens the store, says "ready" once it listens, and for each of `updates` changes prints
/// two readings of the monotonic clock in nanoseconds (one clock for every process on the
/// machine): when `poll` woke it, and when the change was folded.
enum StoreFollowerChild {
    static let name = "store-follower"

    static func run(store location: String, catalog catalogPath: String, updates: Int) throws {
        let catalog = try CatalogLoader.load(path: catalogPath)
        let store = try Store(catalog: catalog, log: BenchStoreLog.open(location))
        guard store.changeSignal != nil else { throw BenchError.unexpectedResult("the store at \(location) has no change signal") }
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        var seen = 0
        while seen < updates {
            guard let signal = store.changeSignal else { throw BenchError.unexpectedResult("the follower lost its connection") }
            var descriptor = pollfd(fd: signal, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 30_000) > 0 else { throw BenchError.unexpectedResult("no change arrived within 30 s") }
            let woken = Stopwatch.nanoseconds()
            guard store.hasExternalChanges(), try store.refresh() else { continue }
            seen += 1
            FileHandle.standardOutput.write(Data("\(woken) \(Stopwatch.nanoseconds())\n".utf8))
        }
    }
}
