import Foundation
import StoreEngine
import StorePostgres
import StorefrontText

/// Says once, on standard error, where the first change to a new PostgreSQL store made its
/// key: it exists on this machine only, and the team needs a copy.
///
/// One notice serves a whole invocation (`serve` opens a session per app, each of which may
/// be the one that makes the key), so it is said once whoever made it and however often asked.
public final class NewStoreKeyNotice: @unchecked Sendable {
    /// The key path while no key was there at start; nil when there is nothing to announce.
    private let keyPath: String?
    private let lock = NSLock()
    private var said = false

    /// Watches `location`'s key when it is a database's key not made yet.
    public init(_ location: StoreLocation) {
        keyPath = location.newKeyPath
    }

    /// Says where the key is, when it was made since the start and this was not said yet.
    public func sayIfMade(_ console: Console) {
        guard let keyPath, FileManager.default.fileExists(atPath: keyPath) else { return }
        let first = lock.withLock { () -> Bool in
            defer { said = true }
            return !said
        }
        if first { console.err(CommandLineText.Stores.keyMade(keyPath)) }
    }

    /// Says it as soon as a commit of `log` makes the key, for a process that stays open and
    /// may write (`serve`), rather than when it ends.
    public func sayWhenMade(by log: StoreEventLog, on console: Console) {
        guard keyPath != nil, let database = log as? PostgresEventLog else { return }
        database.whenKeyFileMade { [self] _ in sayIfMade(console) }
    }
}
