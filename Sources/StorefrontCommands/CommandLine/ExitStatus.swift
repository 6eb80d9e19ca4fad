/// The process exit statuses, documented in the README.
public enum ExitStatus: Int32, Sendable {
    /// Done.
    case success = 0
    /// The store refused, or the purchase did not complete.
    case refused = 1
    /// The command line was wrong.
    case usage = 2
    /// A data problem: catalog, ledger or key.
    case dataProblem = 3
}

/// Ends a command early with an exit status and a message for people (on stderr).
public struct CommandFailure: Error {
    public var status: ExitStatus
    public var message: String
    /// Whether it is a change refused because the store is damaged, whose message lists the
    /// problems (so the warning that says the same is not given beside it).
    public var refusesADamagedStore: Bool
    /// Whether it is a store's server that could not be reached in a way waiting alone may
    /// mend (not started yet, restarting, no connection free): the storefront waits for it.
    public var passesWithWaiting: Bool

    public init(status: ExitStatus, message: String, refusesADamagedStore: Bool = false, passesWithWaiting: Bool = false) {
        self.status = status
        self.message = message
        self.refusesADamagedStore = refusesADamagedStore
        self.passesWithWaiting = passesWithWaiting
    }
}
