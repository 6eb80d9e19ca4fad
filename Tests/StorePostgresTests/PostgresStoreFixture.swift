import Foundation
import StoreCatalog
import StoreEngine
import StorePostgres
import StorefrontTesting

/// A throwaway server with an empty database, and a key folder of its own, for one test.
final class PostgresStoreFixture {
    let server: ThrowawayPostgres
    let keyFolder: String
    let address: PostgresAddress

    init() throws {
        server = try ThrowawayPostgres()
        keyFolder = server.directory + "-keys"
        try FileManager.default.createDirectory(atPath: keyFolder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        address = try PostgresAddress(server.url())
    }

    deinit { try? FileManager.default.removeItem(atPath: keyFolder) }

    var keyPath: String { keyFolder + "/store.key" }

    /// A new connection to the store, as another process would open it.
    func log(address: PostgresAddress? = nil) throws -> PostgresEventLog {
        try PostgresEventLog(address: address ?? self.address, keyPath: keyPath)
    }

    /// Ends every other session on the store's database, as an administrator's
    /// `pg_terminate_backend` does; their next statement finds the connection lost.
    func endOtherSessions() throws {
        try server.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(server.database)' AND pid <> pg_backend_pid()",
            database: "postgres")
    }

    /// A store for the bundled Rage catalog on a new connection.
    func store() throws -> Store {
        try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try log())
    }
}

let phone = Buyer(account: "tester", device: "phone")
let face = "com.example.rage.face.random"
