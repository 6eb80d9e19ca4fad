import Foundation
import StoreEngine
import StorefrontText
import StoreCatalog

/// `storefront buy`, `restore`, `spend` and `refund`.
enum PurchaseCommands {
    static func buy(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let productID = arguments.commandArguments[0]
        let quantity = try quantityOption(arguments, product: session.catalog.product(id: productID), session: session)
        var options = Store.PurchaseOptions(offerID: arguments.value(of: CommandOptions.offer),
                                            finish: !arguments.isSet(CommandOptions.noFinish),
                                            offerSignature: try APIKeyCommands.offerSignature(arguments))
        if let token = arguments.value(of: CommandOptions.appAccountToken) {
            guard let uuid = UUID(uuidString: token) else { throw UsageError(CommandLineText.Purchases.notAUUID(token)) }
            options.appAccountToken = uuid
        }
        if let value = arguments.value(of: CommandOptions.simulate) {
            guard let parsed = PurchaseSimulation(rawValue: value), parsed != .succeed else {
                throw UsageError(CommandLineText.Purchases.notASimulation(value))
            }
            options.simulate = parsed
        }
        // --json signs the new transaction: an authority that cannot sign is found before buying.
        if arguments.json { try session.refuseUnusableAuthority() }
        let outcome = try session.perform {
            try session.store.purchase(productID, quantity: quantity, buyer: session.buyer,
                                       storefront: session.storefront, options: options)
        }
        return try report(outcome, productID: productID, session: session, arguments: arguments, console: console,
                          requestedOffer: options.offerID)
    }

    /// Prints a purchase outcome and returns its exit status.
    /// `approvedFor`: the buyer whose request a parent approved, whose balance is the one to
    /// give, and whom the message names.
    static func report(_ outcome: PurchaseOutcome, productID: String, session: StoreSession, arguments: CommandLineArguments,
                       console: Console, requestedOffer: String? = nil, approvedFor: Buyer? = nil,
                       settling: String? = nil) throws -> ExitStatus {
        let product = session.catalog.product(id: productID)
        let credit = outcome.transaction?.credit
        let balance = credit.map { session.store.balance(of: $0, for: approvedFor ?? session.buyer) }
        // Another account's approved request is worded in the third person ("kid now has 9").
        let owner = approvedFor.flatMap { $0.account == session.buyer.account ? nil : $0.account }
        var message = session.text.message(for: outcome, product: product, balance: balance, requestedOffer: requestedOffer,
                                           offerSigned: arguments.value(of: CommandOptions.offerSignature) != nil, owner: owner)
        if let approvedFor {
            // Its advice (deliver-unfinished) is for the buyer's account and device, not the parent's.
            message = StoreCommandText.naming([AdvisedOption("--account", approvedFor.account), AdvisedOption("--device", approvedFor.device)],
                                              in: message)
        }
        if let settling {
            // Asked only of a purchase, the one outcome that can need a restore here. Its advice
            // (a restore here) is for the one settling, as this command was given: named after
            // the buyer's advice was, so it keeps this command's device.
            let restoreNeededHere = if case .purchased = outcome, let product {
                session.store.status(of: product, in: session.store.entitlements(for: session.buyer), storefront: session.storefront) == .restoreToUnlock
            } else { false }
            message = session.text.settling(message, outcome: outcome, waiting: session.store.snapshot.transactions[settling],
                                            viewer: session.buyer, restoreNeededHere: restoreNeededHere, closureSaid: approvedFor != nil)
        }
        if let approvedFor {
            message = CommandLineText.Purchases.approvedFor(owner, message, .of(outcome))
        }
        // The messages of a purchase and of an earlier unfinished one already say how to deliver it.
        let messageTellsDelivery: Bool = switch outcome {
        case .purchased, .alreadyOwned: true
        default: false
        }
        if outcome.transaction?.finished == false, !messageTellsDelivery {
            message += CommandLineText.Purchases.leftUnfinished
        }
        // A switch scheduled, or a plan kept, makes no transaction: --no-finish has nothing to leave.
        let madeNoTransaction: Bool = switch outcome {
        case .changeScheduled, .renewalResumed: true
        default: false
        }
        if madeNoTransaction, arguments.isSet(CommandOptions.noFinish) { message += " " + CommandLineText.Purchases.nothingLeftUnfinished }
        let status = ExitMapping.status(for: outcome)
        // A settle closed because the account has the product already is about the transaction
        // settled, which the one that owns it is named beside.
        var ownedBy: String?
        if settling != nil, case let .alreadyOwned(owning, _) = outcome { ownedBy = owning.id }
        let transactionID = ownedBy == nil ? outcome.transaction?.id : settling
        // Owned already, or a plan kept: the transaction named holds it, and was not made now.
        let madeATransaction: Bool = switch outcome {
        case .alreadyOwned, .renewalResumed: settling != nil
        default: true
        }
        // A mistake in what was typed is a usage error with --json too: said on stderr, nothing on stdout.
        if arguments.json, status != .usage {
            var reason: String?
            if case let .failed(record) = outcome { reason = record.failureReason }
            // A waiting purchase has bought nothing yet: no expiry, and no offer applied or not.
            let expiresDate = outcome.isWaiting ? nil : outcome.transaction?.expiresDate
            let madeNow: TransactionRecord? = if case let .purchased(record) = outcome { record } else { nil }
            try console.json(JSONShapes.PurchaseResult(
                // A refused settle names the transaction it was asked of, which still waits.
                outcome: outcome.name, transactionId: transactionID ?? settling, productId: productID, message: message,
                credit: credit, balance: balance, expiresDate: expiresDate, reason: reason,
                // Only what this command did: a product owned already names the transaction that
                // owns it, whose own upgrade refund this command did not make.
                proratedRefund: madeNow.flatMap { record in record.proratedRefundGiven.map { ExactDecimal.amount($0, currency: record.currency) } },
                signedTransaction: session.signedTransaction(madeBy: outcome, console: console),
                signedRenewalInfo: session.signedRenewalInfo(madeBy: outcome, console: console),
                offerApplied: requestedOffer.flatMap(outcome.applied(promotionalOffer:)), ownedByTransactionId: ownedBy))
        } else if status == .success {
            console.out(CommandLineText.Purchases.withTransaction(message, id: transactionID, madeNow: madeATransaction))
        } else if status == .usage {
            // A mistake in what was typed reads as every other command's usage error does.
            console.err(CommandLineText.Report.error(message))
        } else {
            console.err(CommandLineText.Purchases.withTransaction(message, id: transactionID, madeNow: madeATransaction))
        }
        return status
    }

    /// `--quantity`: 1 to `Store.maximumQuantity` of a consumable; any other number, however
    /// large, is the same mistake. Buying in several purchases is advised only where the
    /// credit could hold what was asked for; where it could not, its maximum is named instead.
    /// Of any other product only 1 is bought, whatever is typed, and of a product the catalog
    /// lacks the quantity is moot: the store's refusal says what is wrong with each.
    private static func quantityOption(_ arguments: CommandLineArguments, product: Product?,
                                       session: StoreSession) throws(UsageError) -> Int {
        guard let typed = arguments.value(of: CommandOptions.quantity), let product else { return 1 }
        guard product.type == .consumable else {
            if typed == "1" { return 1 }
            throw UsageError(session.text.message(for: .refused(.invalidQuantity(0, productType: product.type)), product: product))
        }
        guard let value = CommandLineArguments.wholeNumber(typed), (1...Store.maximumQuantity).contains(value) else {
            // Digits too many for an Int are too many too.
            let isTooMany = CommandLineArguments.isWrittenInDigits(typed) && (Int(typed).map { $0 > Store.maximumQuantity } ?? true)
            var ceiling: CommandLineText.Purchases.CreditCeiling?
            if isTooMany, let grant = product.grant {
                let maximum = session.catalog.credit(id: grant.credit)?.maximum ?? CatalogLimits.creditMaximums.upperBound
                let balance = session.store.balance(of: grant.credit, for: session.buyer)
                // Both lie within the catalog's limits, far from overflowing; the product may not.
                let room = maximum - balance
                let fits = Int(typed).map { grant.amount.multipliedReportingOverflow(by: $0) }.map { !$0.overflow && $0.partialValue <= room }
                if fits != true {
                    ceiling = .init(credit: session.text.creditName(grant.credit), maximum: session.text.count(maximum),
                                    balance: session.text.count(balance))
                }
            }
            throw UsageError(CommandLineText.Purchases.quantityOutOfRange(maximum: Store.maximumQuantity, given: typed,
                                                                          isTooMany: isTooMany, ceiling: ceiling))
        }
        return value
    }

    static func restore(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let result = try session.perform { try session.store.restore(session.buyer) }
        let message = session.text.message(for: result)
        if arguments.json {
            try console.json(JSONShapes.RestoreResult(restored: result.restored.map(\.productID),
                                                      transactionIds: result.restored.map(\.id), message: message))
        } else {
            console.out(message)
        }
        return .success
    }

    static func spend(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let credit = arguments.commandArguments[0]
        guard let definition = session.catalog.credit(id: credit) else {
            let held = session.store.catalogGaps(for: session.buyer).credits.first { $0.id == credit }?.balance ?? 0
            throw StoreError.unknownCredit(credit, known: session.catalog.credits.map(\.id), held: held)
        }
        let ceiling = definition.maximum ?? CatalogLimits.creditMaximums.upperBound
        let amount = try arguments.integerOption(CommandOptions.amount.name, default: 1)
        let outcome = try session.perform { try session.store.spend(credit, amount: amount, buyer: session.buyer) }
        let name = session.text.creditName(credit)
        let (status, balance, message): (ExitStatus, Int, String) = switch outcome {
        case let .spent(balance): (.success, balance, CommandLineText.Purchases.spent(amount, of: name, left: balance, text: session.text))
        case let .insufficient(balance, requested) where requested > ceiling:
            (.refused, balance, CommandLineText.Purchases.moreThanCanBeHeld(asked: requested, of: name, ceiling: ceiling, have: balance,
                                                                        text: session.text))
        case let .insufficient(balance, requested):
            (.refused, balance, CommandLineText.Purchases.insufficient(
                asked: requested, of: name, have: balance,
                undelivered: session.store.entitlements(for: session.buyer).undeliveredCredit(credit), text: session.text))
        }
        if arguments.json {
            try console.json(JSONShapes.SpendResult(outcome: status == .success ? "spent" : "insufficient",
                                                    credit: credit, amount: amount, balance: balance, message: message))
        } else if status == .success {
            console.out(message)
        }
        if status != .success, !arguments.json { console.err(message) }
        return status
    }

    static func refund(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let reason = try arguments.value(of: CommandOptions.refundReason).map { text in
            guard let reason = RefundReason(word: text) else { throw UsageError(CommandLineText.Purchases.notARefundReason(text)) }
            return reason
        }
        let result = try session.perform { try session.store.refund(arguments.commandArguments[0], by: session.buyer.account, reason: reason) }
        let message = session.text.refundMessage(result)
        if arguments.json {
            try console.json(JSONShapes.RefundResult(transactionId: result.transaction.id, productId: result.transaction.productID,
                                                     revoked: result.revoked, shortfall: result.shortfall,
                                                     subscriptionRevoked: result.endedSubscription,
                                                     amount: result.moneyBack.map { ExactDecimal.amount($0, currency: result.transaction.currency) },
                                                     currency: result.moneyBack == nil ? nil : result.transaction.currency,
                                                     paidAheadNotRefunded: result.paidAheadLeft.isEmpty ? nil : result.paidAheadLeft.map(\.id),
                                                     message: message))
        } else {
            console.out(message)
        }
        return .success
    }
}
