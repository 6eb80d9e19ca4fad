import Foundation
import StoreEngine
import StorePostgres
import StorefrontText

/// Says once, on standard error, where the first change to a new PostgreSQL store made its
/// key: it exists on this machine only, and the team needs a copy.
///
/// Only the process whose commit made the key says so: of several processes starting on a new
/// store at once, each finds no key at first, but one commit makes it under the writer lock and
/// the others read it. One notice serves a whole invocation (`serve` opens a session per app,
/// each of which may be the one that makes the key), so it is said once however often asked.
public final class NewStoreKeyNotice: @unchecked Sendable {
    /// The key path while no key was there at start; nil when there is nothing to announce.
    private let keyPath: String?
    private let lock = NSLock()
    /// A commit of a watched log made the key.
    private var madeHere = false
    private var said = false
    /// Where to say it as soon as it is made, for a process that stays open (`serve`).
    private var liveConsole: Console?

    /// Watches `location`'s key when it is a database's key not made yet.
    public init(_ location: StoreLocation) {
        keyPath = location.newKeyPath
    }

    /// Takes note when a commit of `log` makes the key; call before the log's first commit.
    func watch(_ log: StoreEventLog) {
        guard keyPath != nil, let database = log as? PostgresEventLog else { return }
        database.whenKeyFileMade { [self] _ in
            let console = lock.withLock { () -> Console? in
                madeHere = true
                return liveConsole
            }
            if let console { sayIfMade(console) }
        }
    }

    /// Where a commit of a watched log made the key, nil when none did (another process may
    /// have made it meanwhile).
    var madeKeyPath: String? {
        lock.withLock { madeHere ? keyPath : nil }
    }

    /// Says where the key is, when a commit of this process made it and this was not said yet.
    public func sayIfMade(_ console: Console) {
        guard let keyPath else { return }
        let first = lock.withLock { () -> Bool in
            guard madeHere, !said else { return false }
            said = true
            return true
        }
        if first { console.err(CommandLineText.Stores.keyMade(keyPath)) }
    }

    /// Says it on `console` as soon as a commit makes the key, for a process that stays open
    /// and may write (`serve`), rather than when it ends.
    public func sayAsMade(on console: Console) {
        lock.withLock { liveConsole = console }
        sayIfMade(console)
    }
}
