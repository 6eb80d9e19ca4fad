import StoreLedger
import StoreEngine

/// What a command says when the store's server cannot be reached: where, why, and what to do.
extension StoreUnreachable: CustomStringConvertible {
    /// Whether the server ended the session itself (an administrator's `pg_terminate_backend`,
    /// or a shutdown), which its own words say: then it was reachable, and saying otherwise
    /// would send the user looking for an outage.
    private var sessionEnded: Bool { Self.endsSession(reason) }

    /// Whether a lost connection's `reason` is the server ending the session itself.
    static func endsSession(_ reason: String) -> Bool { reason.contains("terminating connection due to administrator command") }

    /// How the connection was lost, opening the message: the store "is" or "became"
    /// unreachable, or its server ended the session.
    private func loss(_ verb: String) -> String {
        sessionEnded ? "the server of the store at \(store) ended the session (\(reason))"
            : "the store at \(store) \(verb) unreachable (\(reason))"
    }

    /// What to check first: whether the server runs, unless it ended the session itself or
    /// said it is starting or stopping.
    private var checkFirst: String {
        if sessionEnded {
            return "That was an administrator's pg_terminate_backend, or the server shutting down (then wait until it is back)"
        }
        if Self.namesServerStartingOrStopping(reason) {
            return "The server is starting up, recovering or shutting down: wait until it is up (pg_isready tells)"
        }
        return "Check that the server is running and reachable from here"
    }

    /// `checkFirst`, then `next`.
    private func advice(then next: String) -> String {
        checkFirst + (sessionEnded ? ": " : ", then ") + next
    }

    /// Where the words are read: a command's error, or the storefront's alert, where nothing is
    /// run again but the key pressed.
    public enum Reader: Sendable {
        case command, storefront

        var again: String { self == .command ? "run the command again" : "try again" }
        var beforeAgain: String { self == .command ? "running the command again" : "trying again" }
    }

    public var description: String { described(for: .command) }

    /// The message, with what to do again in `reader`'s words.
    public func described(for reader: Reader) -> String {
        switch change {
        case .unknown:
            return "\(loss("is")); nothing was half-written. \(checkFirst). If the connection dropped while a change was being "
                + "committed, it may have been recorded: look before \(reader.beforeAgain), with "
                + "\(StoreCommandText.command("transactions", on: store)) for purchases and refunds or "
                + "\(StoreCommandText.command("entitlements", on: store)) for balances and subscriptions (a spend shows only in "
                + "the balance)"
        case .beforeAnyChange:
            return "\(loss("became")) while this command read it, before it changed anything: nothing was sent to it. "
                + advice(then: reader.again)
        case .notSent:
            return "\(loss("is")); this change was not sent to it, so none of it was recorded. \(advice(then: reader.again))"
        case .notRecorded:
            return "\(loss("became")) while this change was being committed; looked up "
                + "again on a new connection once that session had ended on the server, none of it was recorded. "
                + reader.again.prefix(1).uppercased() + reader.again.dropFirst()
        case .cutOff(let account, let transactionIds):
            let accountOption = account.map { " --account \(ShellWord.quoted($0))" } ?? ""
            let naming = transactionIds.isEmpty ? "" : " as transaction\(transactionIds.count == 1 ? "" : "s") "
                + transactionIds.joined(separator: ", ")
            // The number alone does not tell: one that was not recorded goes to the next purchase.
            let listing = transactionIds.isEmpty ? "lists purchases and refunds"
                : "lists \(transactionIds.count == 1 ? "it" : "them") if \(transactionIds.count == 1 ? "it was" : "they were") "
                + "recorded, but a number that was not recorded goes to the next purchase, of any account: if anything was "
                + "bought on this store since, check that the line shows this change's product, device and time"
            return "\(loss("became")) after this change was sent, and could not be asked "
                + "again whether it was recorded\(naming); nothing was half-written. \(advice(then: "look before \(reader.beforeAgain):")) "
                + "\(StoreCommandText.command("transactions" + accountOption, on: store)) \(listing), and "
                + "\(StoreCommandText.command("entitlements" + accountOption, on: store)) shows balances and subscriptions "
                + "(a spend shows only in the balance)"
        }
    }
}
