import Dispatch
import Foundation

/// Says when a change has waited long for an entitlements file's writer lock, which another
/// process holds while it changes the file: without a word, a command stuck behind a
/// storefront or script that hangs looks like a command that hangs. A command installs what
/// to say; the storefront and the library's other users install nothing and wait in silence.
public enum WriterLockWait {
    /// How long a wait goes unsaid: a change takes the lock for milliseconds, so most waits
    /// end long before, and concurrent scripts are not filled with notices.
    public static let quietSeconds = 1.0

    /// What a wait says: given the lock file's path, once `quietSeconds` have passed. Guarded
    /// by `lock` (an `NSLock`, which the thread sanitizer follows).
    nonisolated(unsafe) private static var announcer: (@Sendable (String) -> Void)?
    private static let lock = NSLock()

    /// Has every wait longer than `quietSeconds` from now on call `announce` once, with the
    /// lock file's path; nil stops it.
    public static func announce(with announce: (@Sendable (String) -> Void)?) {
        lock.withLock { announcer = announce }
    }

    /// Runs `wait`, which waits for the lock on `lockPath`, and announces it if it has not
    /// returned after `quietSeconds`. Nothing is said once it returned: the announcement and
    /// the end of the wait take turns on one lock.
    static func whileWaiting<T, Failure: Error>(for lockPath: String, _ wait: () throws(Failure) -> T) throws(Failure) -> T {
        guard let announce = lock.withLock({ announcer }) else { return try wait() }
        let waiting = OneWait()
        DispatchQueue.global().asyncAfter(deadline: .now() + quietSeconds) {
            waiting.unlessEnded { announce(lockPath) }
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

    func unlessEnded(_ body: () -> Void) {
        lock.withLock { if !ended { body() } }
    }
}
