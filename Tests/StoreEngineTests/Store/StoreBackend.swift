import Foundation
import StoreEngine
import StoreLedger
import StorePostgres
import StorefrontTesting
import Testing

/// Where a store test keeps its events: in memory, in an entitlements file, or in a database
/// of the process's throwaway PostgreSQL server. Suites that matter for storage take
/// `StoreBackend.shipped` as arguments, so one suite runs against both stores.
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, file, postgres

    /// The stores Storefront ships.
    static let shipped: [StoreBackend] = [.file, .postgres]

    var testDescription: String { rawValue }

    /// One test's log: the place its events live, removed with the last reference.
    final class Place: Sendable {
        enum Kind {
            case memory
            case file(folder: String)
            case postgres(address: PostgresAddress, folder: String)
        }

        let kind: Kind

        static let memory = Place(.memory)

        init(_ kind: Kind) { self.kind = kind }

        deinit {
            switch kind {
            case .memory: break
            case .file(let folder), .postgres(_, let folder): try? FileManager.default.removeItem(atPath: folder)
            }
        }

        /// A new connection to the log.
        func connection(memory: InMemoryEventLog) throws -> StoreEventLog {
            switch kind {
            case .memory: memory.connection()
            case .file(let folder): try LedgerEventLog.open(path: folder + "/entitlements.jsonl")
            case .postgres(let address, let folder): try PostgresEventLog(address: address, keyPath: Self.databaseKeyPath(in: folder))
            }
        }

        /// A new connection to the log that takes the key from `otherKeyPath` instead of the
        /// store's key file; none in memory, which has no key.
        func connection(keyFileAt otherKeyPath: String) throws -> StoreEventLog? {
            switch kind {
            case .memory:
                nil
            case .file(let folder):
                LedgerEventLog(file: LedgerFile(
                    path: folder + "/entitlements.jsonl",
                    fileSystem: KeyFileElsewhereFileSystem(keyPath: folder + "/entitlements.jsonl.key", elsewhere: otherKeyPath)))
            case .postgres(let address, _):
                try PostgresEventLog(address: address, keyPath: otherKeyPath)
            }
        }

        /// The key file that keys the log's MAC chain; nil in memory.
        var keyPath: String? {
            switch kind {
            case .memory: nil
            case .file(let folder): folder + "/entitlements.jsonl.key"
            case .postgres(_, let folder): Self.databaseKeyPath(in: folder)
            }
        }

        private static func databaseKeyPath(in folder: String) -> String { folder + "/store.key" }
    }

    /// A new, empty place for one test's events.
    func newPlace() throws -> Place {
        switch self {
        case .memory:
            return .memory
        case .file:
            return Place(.file(folder: try StorefrontProcess.temporaryFolder()))
        case .postgres:
            let url = try ThrowawayPostgres.shared().newDatabase()
            return Place(.postgres(address: try PostgresAddress(url), folder: try StorefrontProcess.temporaryFolder()))
        }
    }
}
