import Foundation
import StoreEngine
import StorefrontText
import StoreCatalog

/// Store time and subscription commands: `advance`, `renew`, `expire`, `cancel-renewal`,
/// `resume-renewal`, `resolve-billing`.
enum SubscriptionCommands {
    static func advance(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let duration: StoreDuration
        do {
            duration = try StoreDuration.parse(arguments.commandArguments[0])
        } catch {
            throw UsageError("\(error)")
        }
        let now: Date
        let recorded: Int
        do {
            (now, recorded) = try session.store.advanceCountingDue(by: duration, buyer: session.buyer)
        } catch StoreError.pastLatestStoreTime(let latest) {
            // Where store time has stopped no duration is short enough: said so, not "advance by less".
            if session.store.now() >= latest { throw UsageError(CommandLineText.Purchases.storeTimeStopped(at: latest.formatted(.iso8601))) }
            // Refused like a duration that is too long: the duration given is the mistake.
            throw UsageError(CommandLineText.Purchases.tooLongFromHere("\(duration)", reason: "\(StoreError.pastLatestStoreTime(latest))"))
        } catch {
            throw StoreSession.failure(for: error)
        }
        let message = CommandLineText.Purchases.storeTimeAdvanced(to: session.text.dates.dateTime(now, locale: session.locale),
                                                                  dueEvents: recorded, text: session.text)
        if arguments.json {
            try console.json(JSONShapes.AdvanceResult(storeTime: now, dueEvents: recorded, message: message))
        } else {
            console.out(message)
        }
        return .success
    }

    static func renew(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try change(session, arguments: arguments, console: console, recordsRenewal: true) {
            do {
                return try session.store.renew($0, buyer: session.buyer)
            } catch StoreError.periodBeginsAfterStoreTimeStops(let productID, let start, let latest) {
                // In the storefront's words: the plan's title and dates as the locale writes them.
                let name = session.catalog.product(id: productID).map(session.text.title(of:)) ?? productID
                throw CommandFailure(status: .refused, message: StorefrontScreenText.renewalAfterStoreTimeStops(
                    name, start: session.text.date(start), stops: session.text.date(latest)))
            }
        }
    }

    static func expire(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        var dropped: String?
        return try change(session, arguments: arguments, console: console, keepingAhead: session.store.periodsPaidAheadNeverBegun(of:),
                          droppedSwitchTo: { dropped }) {
            let expired = try session.store.expireDroppingSwitch($0, buyer: session.buyer)
            dropped = expired.droppedSwitchTo
            return expired.chain
        }
    }

    static func cancelRenewal(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        if let free = freeSubscription(arguments.commandArguments[0], session: session) {
            let changed = try session.perform { try session.store.unsubscribe(free, buyer: session.buyer) }
            let name = session.catalog.product(id: free.productID).map(session.text.title(of:)) ?? free.productID
            // An ended one named by its transaction while a later one is in force: said, with the one in force.
            let inForce = changed ? nil : session.store.transactions(for: session.buyer.account)
                .first { $0.productID == free.productID && $0.isInForce }
            let message = changed ? CommandLineText.Purchases.unsubscribed(from: name)
                : inForce.map { CommandLineText.Purchases.endedWhileAnotherIsInForce(name, ended: free.id, inForce: $0.id) }
                    ?? CommandLineText.Purchases.alreadyUnsubscribed(from: name)
            if arguments.json {
                try console.json(JSONShapes.SubscriptionChange(
                    productId: free.productID, originalTransactionId: free.id, state: SubscriptionChain.Status.expired.rawValue,
                    willAutoRenew: false, changed: changed, message: message))
            } else {
                console.out(message)
            }
            return .success
        }
        return try switchAutoRenew(false, session, arguments: arguments, console: console)
    }

    static func resumeRenewal(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try switchAutoRenew(true, session, arguments: arguments, console: console)
    }

    /// `cancel-renewal` and `resume-renewal`: the subscription as either leaves it, saying so
    /// when auto-renew already was as asked (a script repeating one learns it did nothing).
    private static func switchAutoRenew(_ on: Bool, _ session: StoreSession, arguments: CommandLineArguments,
                                        console: Console) throws -> ExitStatus {
        try refuseUnknownProduct(arguments.commandArguments[0], session: session)
        let result = try session.perform { try session.store.setAutoRenew(on, of: arguments.commandArguments[0], buyer: session.buyer) }
        try report(result.subscription, changed: result.changed, arguments: arguments, session: session, console: console)
        return .success
    }

    static func resolveBilling(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try change(session, arguments: arguments, console: console, recordsRenewal: true) {
            try session.store.resolveBilling($0, buyer: session.buyer)
        }
    }

    /// A subscription is named by a product id or a transaction id (digits). Anything else that
    /// is no product of the catalog is a mistyped product id: a usage error (exit 2), as `buy`
    /// says it, not a subscription the account lacks (exit 1).
    /// A product that does not renew (a consumable, a non-consumable, a pass), named by its id
    /// or by a transaction of it, is the mistake too (exit 2), not a subscription the account lacks.
    private static func refuseUnknownProduct(_ reference: String, session: StoreSession) throws {
        let isTransactionID = !reference.isEmpty && reference.allSatisfy { $0.isASCII && $0.isNumber }
        let named = isTransactionID
            ? session.store.snapshot.transactions[reference].flatMap { $0.account == session.buyer.account ? $0.productID : nil }
            : reference
        if let product = named.flatMap(session.catalog.product(id:)) {
            let title = session.text.title(of: product)
            switch product.type {
            case .consumable, .nonConsumable: throw UsageError(CommandLineText.Purchases.notASubscription(title))
            case .nonRenewing: throw UsageError(CommandLineText.Purchases.doesNotRenew(title))
            case .autoRenewable, .freeSubscription: return
            }
        }
        guard !isTransactionID else { return }
        // Digits with spaces or a character that draws nothing around or among them were meant
        // as a transaction id: no transaction has it (exit 1), as `refund` says of it.
        let drawn = EchoedText.drawnPart(of: reference).trimmingCharacters(in: .whitespaces)
        if !drawn.isEmpty, drawn.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw StoreError.unknownTransaction(reference)
        }
        throw UsageError(session.text.message(for: .refused(.unknownProduct(reference)), product: nil))
    }

    /// The free subscription `reference` names: the one in force, else the last that ended,
    /// which an unsubscribe repeated finds ended and leaves as it is.
    private static func freeSubscription(_ reference: String, session: StoreSession) -> TransactionRecord? {
        let named = session.store.transactions(for: session.buyer.account).filter {
            $0.productType == .freeSubscription && ($0.id == reference || $0.productID == reference)
        }
        return named.first(where: \.isInForce) ?? named.first { $0.state == .purchased || $0.state == .refunded }
    }

    /// `recordsRenewal`: the change records a renewal (renew now, a billing problem resolved),
    /// the subscription's latest transaction afterwards, whose charge the report leads with.
    /// `saying`: a sentence to add about the subscription as the change left it.
    private static func change(_ session: StoreSession, arguments: CommandLineArguments, console: Console,
                               recordsRenewal: Bool = false, keepingAhead: ((SubscriptionChain) -> [TransactionRecord])? = nil,
                               droppedSwitchTo: () -> String? = { nil },
                               _ operation: (String) throws -> SubscriptionChain) throws -> ExitStatus {
        try refuseUnknownProduct(arguments.commandArguments[0], session: session)
        let chain = try session.perform { try operation(arguments.commandArguments[0]) }
        let charged = recordsRenewal ? session.store.snapshot.transactions[chain.latestTransactionID] : nil
        try report(chain, changed: nil, charged: charged, keptAhead: keepingAhead?(chain), droppedSwitchTo: droppedSwitchTo(),
                   arguments: arguments, session: session, console: console)
        return .success
    }

    /// Prints a subscription after a change; `changed` is given by the commands that may change
    /// nothing, `charged` by those that record a renewal, `keptAhead` by `expire` (the periods
    /// paid ahead that it ended without refunding them).
    private static func report(_ chain: SubscriptionChain, changed: Bool?, charged: TransactionRecord? = nil,
                               keptAhead: [TransactionRecord]? = nil, droppedSwitchTo: String? = nil,
                               arguments: CommandLineArguments, session: StoreSession, console: Console) throws {
        let standing = session.store.entitlements(for: session.buyer).subscriptions.first { $0.originalTransactionID == chain.originalID }
        var message = session.text.describe(chain, charged: charged, standing: standing)
        if let next = droppedSwitchTo { message += " " + session.text.switchDroppedByExpire(to: next) }
        if let note = keptAhead.flatMap({ session.text.paidAheadNotRefunded($0, inStorefront: false) }) { message += " " + note }
        if changed == false { message += " " + CommandLineText.Purchases.autoRenewAlready(on: chain.willAutoRenew) }
        if arguments.json {
            try console.json(JSONShapes.SubscriptionChange(productId: chain.productID, originalTransactionId: chain.originalID,
                                               state: chain.status.rawValue, expiresDate: chain.expiresDate,
                                               willAutoRenew: chain.willAutoRenew, pendingProductId: chain.pendingProductID,
                                               expirationReason: chain.expirationReason?.rawValue, changed: changed,
                                               transactionId: charged?.id, price: charged.flatMap { record in record.price.map { ExactDecimal.amount($0, currency: record.currency) } },
                                               currency: charged?.currency, paidAheadNotRefunded: keptAhead?.map(\.id),
                                               droppedPendingProductId: droppedSwitchTo,
                                               message: message))
        } else {
            console.out(message)
        }
    }
}
