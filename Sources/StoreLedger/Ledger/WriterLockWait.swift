import Dispatch
import Foundation

/// Says when a change has waited long for a store's writer lock, which another process holds
/// while it changes the entitlements file (or another session holds at a PostgreSQL server):
/// without a word, a command stuck behind a storefront or script that hangs looks like a
/// command that hangs. A command installs what to say; the storefront and the library's other
/// users install nothing and wait in silence.
public enum WriterLockWait {
    /// What a change waits for.
    public enum Subject: Sendable {
        /// The entitlements file's lock file, at this path.
        case file(lockPath: String)
        /// The writer lock of the database `store` (as shown), or a lock on its tables;
        /// `holders` names the sessions holding it up, asked for only once the wait is said
        /// (it connects anew: the waiting session is busy), nil when that cannot be told.
        /// `lockTimeoutMilliseconds`: how long the server lets the change wait (0: for ever).
        case database(store: String, lockTimeoutMilliseconds: Int, holders: @Sendable () -> String?)

        /// This subject with its holders asked for now, so that the announcement, which the end
        /// of the wait takes turns with, never waits on a server.
        func holdersAsked() -> Subject {
            guard case .database(let store, let timeout, let holders) = self else { return self }
            let named = holders()
            return .database(store: store, lockTimeoutMilliseconds: timeout, holders: { named })
        }
    }

    /// How long a wait goes unsaid: a change takes the lock for milliseconds, so most waits
    /// end long before, and concurrent scripts are not filled with notices.
    public static let quietSeconds = 1.0

    /// What a wait says: given the lock file's path, once `quietSeconds` have passed. Guarded
    /// by `lock` (an `NSLock`, which the thread sanitizer follows).
    nonisolated(unsafe) private static var announcer: (@Sendable (Subject) -> Void)?
    private static let lock = NSLock()

    /// Has every wait longer than `quietSeconds` from now on call `announce` once, with what
    /// it waits for; nil stops it.
    public static func announce(with announce: (@Sendable (Subject) -> Void)?) {
        lock.withLock { announcer = announce }
    }

    /// Runs `wait`, which may wait for the lock `subject` names, and announces it if it has not
    /// returned after `quietSeconds`. Nothing is said once it returned: the announcement and
    /// the end of the wait take turns on one lock.
    public static func whileWaiting<T, Failure: Error>(for subject: Subject, _ wait: () throws(Failure) -> T) throws(Failure) -> T {
        guard let announce = lock.withLock({ announcer }) else { return try wait() }
        let waiting = OneWait()
        DispatchQueue.global().asyncAfter(deadline: .now() + quietSeconds) {
            // Most waits ended long before: nobody is asked who held them up.
            guard !waiting.hasEnded else { return }
            let said = subject.holdersAsked()
            waiting.unlessEnded { announce(said) }
        }
        defer { waiting.end() }
        return try wait()
    }
}

/// Whether one wait for the lock has ended, which the announcement asks under the same lock.
private final class OneWait: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false

    func end() { lock.withLock { ended = true } }

    var hasEnded: Bool { lock.withLock { ended } }

    func unlessEnded(_ body: () -> Void) {
        lock.withLock { if !ended { body() } }
    }
}
