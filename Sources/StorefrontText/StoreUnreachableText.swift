import StoreEngine

/// What a command says when the store's server cannot be reached: where, why, and what to do.
extension StoreUnreachable: CustomStringConvertible {
    public var description: String {
        "the store at \(store) is unreachable (\(reason)); nothing was half-written. Check that the server is running "
            + "and reachable from here, then run the command again (if the connection dropped while a change was being "
            + "committed, it may have been recorded: \(StoreCommandText.command("transactions", on: store)) shows purchases "
            + "and refunds, \(StoreCommandText.command("entitlements", on: store)) balances and subscriptions)"
    }
}
