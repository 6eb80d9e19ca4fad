import Foundation
import StoreEngine
import StorefrontCommands

/// Opens the event log a benchmark names: an entitlements file's path or a PostgreSQL address,
/// as `--store` takes them.
enum BenchStoreLog {
    static func open(_ location: String) throws -> StoreEventLog {
        try StoreLocation.named(location, givenBy: "the benchmark", environment: ProcessInfo.processInfo.environment).openLog()
    }
}
