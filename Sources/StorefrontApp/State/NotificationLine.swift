/// One App Store Server Notification a transaction caused, as the transaction detail shows it.
///
/// The runtime builds these from the same notification fold `storefront notifications` lists,
/// so the storefront never decides on its own which event notifies what.
public struct NotificationLine: Equatable, Sendable {
    /// "TYPE" or "TYPE/SUBTYPE", as Apple names them.
    public var kind: String
    /// `delivered`, `pending`, `failed` or `not-sent`.
    public var state: String
    /// Delivery attempts made so far.
    public var attempts: Int

    public init(kind: String, state: String, attempts: Int) {
        self.kind = kind
        self.state = state
        self.attempts = attempts
    }

    /// "SUBSCRIBED/INITIAL_BUY delivered (1 attempt)".
    public var summary: String {
        "\(kind) \(state) (\(attempts) attempt\(attempts == 1 ? "" : "s"))"
    }
}

/// What the storefront shows about a ledger's server side beside the store itself: the
/// notifications of each transaction and the address of a server serving the ledger.
public struct ServerSide: Equatable, Sendable {
    /// The notifications each transaction caused, by transaction id, oldest first.
    public var notifications: [String: [NotificationLine]]
    /// The address a live `storefront serve` announced; nil when none is serving the ledger.
    public var servingAddress: String?

    public init(notifications: [String: [NotificationLine]] = [:], servingAddress: String? = nil) {
        self.notifications = notifications
        self.servingAddress = servingAddress
    }
}
