import Foundation
import StoreEngine
import StorefrontText

/// Settling purchases that did not complete at once: `approve`, `decline`, `resolve`,
/// `deliver-unfinished`.
public enum DeferredCommands {
    static func approve(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try settle(session, arguments: arguments, console: console, command: "approve", namingBuyer: true) { try session.store.approve($0) }
    }

    static func resolve(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try settle(session, arguments: arguments, console: console, command: "resolve") { try session.store.resolve($0, by: session.buyer.account) }
    }

    static func decline(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let record = try session.perform { try session.store.decline(arguments.commandArguments[0]) }
        let message = CommandLineText.Purchases.declined(session.text.purchasedName(of: record), transaction: record.id,
                                                         of: record.account == session.buyer.account ? nil : record.account)
        if arguments.json {
            try console.json(JSONShapes.PurchaseResult(outcome: "declined", transactionId: record.id, productId: record.productID,
                                                       message: message))
        } else {
            console.out(message)
        }
        return .success
    }

    static func deliverUnfinished(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let finished = try session.perform { try session.store.deliverUnfinished(session.buyer) }
        let message = describe(finished, session: session)
        if arguments.json {
            let entitlements = session.store.entitlements(for: session.buyer)
            let now = session.store.now()
            let reasons = finished.map { UndeliverableReason.of($0, at: now, entitlements: entitlements) }
            let delivered = zip(finished, reasons).filter { $0.1 == nil }.map(\.0)
            let undeliverable = zip(finished, reasons).compactMap { record, reason in
                reason.map { JSONShapes.Undeliverable(transactionId: record.id, productId: record.productID, reason: $0.rawValue) }
            }
            try console.json(JSONShapes.DeliveredResult(delivered: delivered.map(\.productID), transactionIds: delivered.map(\.id),
                                                        nothingToDeliver: undeliverable, message: message))
        } else {
            console.out(message)
        }
        return .success
    }

    /// "Delivered 1 unfinished transaction: Random Rage Face (+5 Rage Faces)." (see
    /// `StoreText.unfinishedFinished`) or "No unfinished transactions on phone."
    public static func describe(_ delivered: [TransactionRecord], session: StoreSession) -> String {
        guard !delivered.isEmpty else { return CommandLineText.Purchases.nothingUnfinished(device: session.buyer.device) }
        return session.text.unfinishedFinished(delivered, at: session.store.now(), entitlements: session.store.entitlements(for: session.buyer))
    }

    /// `namingBuyer`: the transaction is another account's (a parent approves a child's
    /// request): its balance and name are given.
    private static func settle(_ session: StoreSession, arguments: CommandLineArguments, console: Console, command: String,
                               namingBuyer: Bool = false, _ operation: (String) throws -> PurchaseOutcome) throws -> ExitStatus {
        let id = arguments.commandArguments[0]
        // --json signs the settled transaction: an authority that cannot sign is found first.
        if arguments.json { try session.refuseUnusableAuthority() }
        // The request as it stood: a refusal carries no transaction, yet names its product and buyer.
        let request = session.store.snapshot.transactions[id]
        let outcome = try session.perform { try operation(id) }
        let settled = outcome.transaction ?? request
        // The device that asked: a request closed as moot carries the purchase that owns the
        // product, which may have been made on another device, where there is nothing to restore.
        let buyer = namingBuyer ? (request ?? settled).map { Buyer(account: $0.account, device: $0.purchaseDevice) } : nil
        return try PurchaseCommands.report(outcome, productID: settled?.productID ?? id, session: session,
                                           arguments: arguments, console: console, approvedFor: buyer, settling: id)
    }
}
