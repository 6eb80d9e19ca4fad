import StoreEngine

/// What a command says when the store's server cannot be reached: where, why, and what to do.
extension StoreUnreachable: CustomStringConvertible {
    public var description: String {
        let lookBeforeRunningAgain = "look before running the command again, with "
            + "\(StoreCommandText.command("transactions", on: store)) for purchases and refunds or "
            + "\(StoreCommandText.command("entitlements", on: store)) for balances and subscriptions (add the --account you "
            + "used; a spend shows only in the balance)"
        guard let cutOff = cutOffTransactionIds else {
            return "the store at \(store) is unreachable (\(reason)); nothing was half-written. Check that the server is running "
                + "and reachable from here. If the connection dropped while a change was being committed, it may have been "
                + "recorded: " + lookBeforeRunningAgain
        }
        let naming = cutOff.isEmpty ? "" : " as transaction\(cutOff.count == 1 ? "" : "s") \(cutOff.joined(separator: ", "))"
        return "the store at \(store) became unreachable (\(reason)) after this change was sent, so it may or may not have "
            + "been recorded\(naming); nothing was half-written. Check that the server is running and reachable from here, then "
            + lookBeforeRunningAgain
    }
}
