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
        /// `giveUp`: the session's setting that ends the wait first, nil when it waits for ever.
        case database(store: String, giveUp: ServerWaitLimit?, holders: @Sendable () -> String?)

        /// This subject with its holders asked for now, so that the announcement, which the end
        /// of the wait takes turns with, never waits on a server.
        func holdersAsked() -> Subject {
            guard case .database(let store, let giveUp, let holders) = self else { return self }
            let named = holders()
            return .database(store: store, giveUp: giveUp, holders: { named })
        }
    }

    /// The server setting that ends a wait at a PostgreSQL server, and after how long.
    public struct ServerWaitLimit: Sendable, Equatable {
        public var milliseconds: Int
        /// `lock_timeout` or `statement_timeout`.
        public var setting: String

        public init(milliseconds: Int, setting: String) {
            self.milliseconds = milliseconds
            self.setting = setting
        }

        /// The shorter of `lock_timeout` and `statement_timeout` that is set (0 is not set);
        /// nil when neither is. The statement's time counts from when it began, so it ends a
        /// wait no later than this.
        public static func shorter(lockTimeout: Int, statementTimeout: Int) -> ServerWaitLimit? {
            [ServerWaitLimit(milliseconds: lockTimeout, setting: "lock_timeout"),
             ServerWaitLimit(milliseconds: statementTimeout, setting: "statement_timeout")]
                .filter { $0.milliseconds > 0 }.min { $0.milliseconds < $1.milliseconds }
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

    /// Who held up a wait at a PostgreSQL server, as the wait's announcement asked: the
    /// refusal that ends a wait the server gave up names the same sessions. Filled, if at all,
    /// before `whileWaiting` returns or throws.
    public final class NamedHolders: @unchecked Sendable {
        private let lock = NSLock()
        private var named: String?

        public init() {}

        /// The sessions named ("session 4242 (…)"), nil when none were asked for or told.
        public var text: String? { lock.withLock { named } }

        func note(_ text: String?) { lock.withLock { named = text } }
    }

    /// Runs `wait`, which may wait for the lock `subject` names, and announces it if it has not
    /// returned after `quietSeconds`. Nothing is said once it returned: the announcement and
    /// the end of the wait take turns on one lock. The sessions asked for are kept in `noting`.
    public static func whileWaiting<T, Failure: Error>(for subject: Subject, noting: NamedHolders? = nil,
                                                       _ wait: () throws(Failure) -> T) throws(Failure) -> T {
        guard let announce = lock.withLock({ announcer }) else { return try wait() }
        return try whileWaiting(for: subject, announcing: announce, noting: noting, wait)
    }

    /// `whileWaiting(for:noting:_:)` with the announcement given.
    static func whileWaiting<T, Failure: Error>(
        for subject: Subject, announcing announce: @escaping @Sendable (Subject) -> Void, noting: NamedHolders? = nil,
        _ wait: () throws(Failure) -> T
    ) throws(Failure) -> T {
        let waiting = OneWait()
        DispatchQueue.global().asyncAfter(deadline: .now() + quietSeconds) {
            // Most waits ended long before: nobody is asked who held them up.
            guard waiting.beginAsking() else { return }
            let said = subject.holdersAsked()
            // Kept even when the wait ends while they are asked: its end waits for the answer.
            if case .database(_, _, let holders) = said { noting?.note(holders()) }
            waiting.finishAsking { announce(said) }
        }
        defer { waiting.end(waitingForAnswerUpTo: answerWaitSeconds) }
        return try wait()
    }

    /// How long the end of a wait waits for the question of who held it up, asked meanwhile,
    /// to come back: a command that ended (the server gave up, say) and exited while another
    /// thread was still connecting to ask was taken down by the libraries' clean-up at exit.
    static let answerWaitSeconds = 3.0
}

/// Whether one wait for the lock has ended, which the announcement asks under the same lock,
/// and whether the holders are being asked meanwhile, which the end waits for.
private final class OneWait: @unchecked Sendable {
    private let condition = NSCondition()
    private var ended = false
    private var asking = false

    /// Ends the wait; if the holders are being asked, waits up to `seconds` for the answer.
    func end(waitingForAnswerUpTo seconds: TimeInterval) {
        condition.lock()
        defer { condition.unlock() }
        ended = true
        let deadline = Date().addingTimeInterval(seconds)
        while asking, condition.wait(until: deadline) {}
    }

    /// Starts asking who holds the wait up, unless it has ended.
    func beginAsking() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !ended else { return false }
        asking = true
        return true
    }

    /// Says `body` unless the wait ended meanwhile, and lets a waiting end go on.
    func finishAsking(_ body: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        asking = false
        if !ended { body() }
        condition.broadcast()
    }
}
