import Foundation
import Synchronization

/// One throwaway server for a whole test process, for suites that need many empty databases:
/// a database is made in a fraction of the time a cluster takes.
extension ThrowawayPostgres {
    /// The process's server, started on first use and stopped when the process exits.
    public static func shared() throws -> ThrowawayPostgres {
        try sharedServer.get()
    }

    private static let sharedServer = Result<ThrowawayPostgres, any Error> {
        let server = try ThrowawayPostgres()
        sharedForExit.withLock { $0 = server }
        // Static values are never released, so their deinit would never stop the server.
        atexit { ThrowawayPostgres.sharedForExit.withLock { $0?.discard() } }
        return server
    }

    private static let sharedForExit = Mutex<ThrowawayPostgres?>(nil)
    private static let databaseCounter = Atomic<Int>(0)

    /// Makes a new, empty database on this server and returns a URL for it.
    public func newDatabase() throws -> String {
        let number = Self.databaseCounter.add(1, ordering: .relaxed).newValue
        let name = "fixture_\(getpid())_\(number)"
        try psql("CREATE DATABASE \(name)")
        return url(database: name)
    }
}
