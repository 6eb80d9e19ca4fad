/// The server that keeps the store could not be reached: the connection was refused or lost.
///
/// A log throws it from any call that needed the server; the caller may simply try again
/// later, since the log connects anew on its next call. A change whose commit was under way
/// when the connection dropped is either wholly recorded or not at all (the server's
/// transaction decides), never half; which one is told by reading the store again.
public struct StoreUnreachable: Error, Equatable, Sendable {
    /// Where the store is, safe to show: a server address without its password.
    public var store: ShownStoreAddress
    /// What the connection reported, in the client library's words.
    public var reason: String
    /// What became of a change this call was committing.
    public var change: ChangeState

    /// What became of a change being committed when the connection went.
    public enum ChangeState: Equatable, Sendable {
        /// No change was on its way (a read), or where it failed is not known.
        case unknown
        /// The connection went while a command was opening the store, before it sent anything:
        /// whatever the command was to change was not sent.
        case beforeAnyChange
        /// The connection went before the change's COMMIT was sent: none of it was recorded.
        case notSent
        /// The connection went after the change and its COMMIT were sent: the server recorded
        /// all of it or none, and the client cannot know which. `account` is the buyer it was
        /// for, and `transactionIds` the ids it would have recorded (none for a spend or a setting).
        case cutOff(account: String?, transactionIds: [String])
        /// The connection went after the COMMIT was sent, and a new connection, once the old
        /// session had ended on the server, found none of the change recorded.
        case notRecorded
    }

    public init(store: ShownStoreAddress, reason: String, change: ChangeState = .unknown) {
        self.store = store
        self.reason = reason
        self.change = change
    }

    /// Whether `reason` is the server refusing a new session for a connection limit (of the
    /// server, the database or the role; PostgreSQL's words, in English): it answered.
    public static func namesConnectionLimit(_ reason: String) -> Bool {
        ["too many connections", "too many clients", "remaining connection slots are reserved"].contains { reason.contains($0) }
    }

    /// Whether `reason` is the server refusing the password given, or asking for one none gave
    /// (libpq's and PostgreSQL's words, in English): it answered, so it is not out of reach.
    public static func namesRefusedPassword(_ reason: String) -> Bool {
        reason.contains("password authentication failed") || reason.contains("no password supplied")
    }

    /// Whether libpq's reason says nothing answered at the address: a TCP port nobody listens
    /// on, or a unix socket that is not there (libpq's words, in English).
    public static func namesNoServerListening(_ reason: String) -> Bool {
        reason.contains("Connection refused") || (reason.contains("socket \"") && reason.contains("No such file or directory"))
    }

    /// Whether waiting alone may mend a connection that failed for `reason`: nothing listens
    /// at the address yet, the server is starting, stopping or restarting, it dropped the
    /// connection at once, or it has no connection free. A wrong password, user or database
    /// stays wrong however long one waits.
    public static func passesWithWaiting(_ reason: String) -> Bool {
        namesNoServerListening(reason) || namesConnectionLimit(reason) || namesServerStartingOrStopping(reason)
            || reason.contains("server closed the connection unexpectedly")
    }

    /// Whether `reason` is the server saying it is starting up, recovering after a crash or
    /// shutting down (PostgreSQL's words, in English): it runs and the address is right, so
    /// the advice is to wait, not to check the address or whether it runs.
    public static func namesServerStartingOrStopping(_ reason: String) -> Bool {
        ["the database system is starting up", "the database system is shutting down", "the database system is in recovery mode",
         "the database system is not yet accepting connections"].contains { reason.contains($0) }
    }
}
