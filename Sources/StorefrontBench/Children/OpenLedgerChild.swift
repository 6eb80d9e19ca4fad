import Foundation
import StoreEngine
import StoreCatalog

/// The child side of the ledger-open benchmark: opens, verifies and folds one ledger, then
/// reports the time it took and the process's peak memory.
enum OpenLedgerChild {
    static let name = "open-ledger"

    struct Result: Codable {
        var seconds: Double
        var events: Int
        var problems: Int
        /// Peak resident memory of the whole process (VmHWM), in kilobytes.
        var peakResidentKilobytes: Int
        /// Resident memory just before opening, after the catalog was loaded.
        var residentBeforeOpenKilobytes: Int
    }

    static func run(ledger: String, catalog catalogPath: String) throws {
        let catalog = try CatalogLoader.load(path: catalogPath)
        let before = ProcessMemory.residentKilobytes() ?? 0
        let buyer = Buyer(account: "tester-0", device: "phone-tester-0")
        let (seconds, store) = try Stopwatch.time { () throws -> Store in
            let store = try Store(catalog: catalog, log: LedgerEventLog.open(path: ledger))
            _ = store.entitlements(for: buyer)
            return store
        }
        try ChildCommand.report(Result(
            seconds: seconds, events: store.snapshot.eventCount, problems: store.ledgerProblems.count,
            peakResidentKilobytes: ProcessMemory.peakResidentKilobytes() ?? 0, residentBeforeOpenKilobytes: before))
    }
}
