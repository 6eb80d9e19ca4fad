import StoreLedger
import StoreEngine

/// What a command says when the store's server cannot be reached: where, why, and what to do.
extension StoreUnreachable: CustomStringConvertible {
    /// What to check first: a session an administrator ended (or a server shutting down) says
    /// so in the server's words, and then the server is running; otherwise whether it is.
    private var serverAdvice: String {
        reason.contains("terminating connection due to administrator command")
            ? "The server ended the session (an administrator's pg_terminate_backend, or the server shutting down); once it is back"
            : "Check that the server is running and reachable from here"
    }

    public var description: String {
        switch change {
        case .unknown:
            return "the store at \(store) is unreachable (\(reason)); nothing was half-written. Check that the server is running "
                + "and reachable from here. If the connection dropped while a change was being committed, it may have been "
                + "recorded: look before running the command again, with \(StoreCommandText.command("transactions", on: store)) "
                + "for purchases and refunds or \(StoreCommandText.command("entitlements", on: store)) for balances and "
                + "subscriptions (add the --account you used; a spend shows only in the balance)"
        case .beforeAnyChange:
            return "the store at \(store) became unreachable (\(reason)) while this command read it, before it changed anything: "
                + "nothing was sent to it. \(serverAdvice), then run the command again"
        case .notSent:
            return "the store at \(store) is unreachable (\(reason)); this change was not sent to it, so none of it was "
                + "recorded. \(serverAdvice), then run the command again"
        case .notRecorded:
            return "the store at \(store) became unreachable (\(reason)) while this change was being committed; looked up "
                + "again on a new connection once that session had ended on the server, none of it was recorded. Run the command "
                + "again"
        case .cutOff(let account, let transactionIds):
            let accountOption = account.map { " --account \(ShellWord.quoted($0))" } ?? ""
            let addAccount = account == nil ? " (add the --account you used)" : ""
            let naming = transactionIds.isEmpty ? "" : " as transaction\(transactionIds.count == 1 ? "" : "s") "
                + transactionIds.joined(separator: ", ")
            // The number alone does not tell: one that was not recorded goes to the next purchase.
            let listing = transactionIds.isEmpty ? "lists purchases and refunds"
                : "lists \(transactionIds.count == 1 ? "it" : "them") if \(transactionIds.count == 1 ? "it was" : "they were") "
                + "recorded, but a number that was not recorded goes to the next purchase, of any account: if anything was "
                + "bought on this store since, check that the line shows this change's product, device and time"
            return "the store at \(store) became unreachable (\(reason)) after this change was sent, and could not be asked "
                + "again whether it was recorded\(naming); nothing was half-written. \(serverAdvice), "
                + "then look before running the command again: "
                + "\(StoreCommandText.command("transactions" + accountOption, on: store))\(addAccount) \(listing), and "
                + "\(StoreCommandText.command("entitlements" + accountOption, on: store)) shows balances and subscriptions "
                + "(a spend shows only in the balance)"
        }
    }
}
