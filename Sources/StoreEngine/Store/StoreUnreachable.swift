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
    /// Set when the connection dropped after a change's statements and COMMIT were sent, so it
    /// may have been recorded: the transaction ids it would have recorded (none for a spend or
    /// a setting). Nil when no change was on its way, so none of this call's was recorded.
    public var cutOffTransactionIds: [String]?

    public init(store: ShownStoreAddress, reason: String, cutOffTransactionIds: [String]? = nil) {
        self.store = store
        self.reason = reason
        self.cutOffTransactionIds = cutOffTransactionIds
    }
}
