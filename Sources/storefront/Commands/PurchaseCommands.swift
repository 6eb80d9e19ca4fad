import Foundation
import StoreEngine
import StoreCatalog

/// `storefront buy`, `restore`, `spend` and `refund`.
enum PurchaseCommands {
    static func buy(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly(["quantity", "simulate", "offer", "no-finish", "app-account-token"], command: "buy")
        guard arguments.words.count == 2 else { throw UsageError("buy needs one product id, e.g. `storefront buy com.example.rage.noads`") }
        let productID = arguments.words[1]
        let quantity = try quantityOption(arguments)
        var options = Store.PurchaseOptions(offerID: arguments.options["offer"], finish: !arguments.flags.contains("no-finish"))
        if let token = arguments.options["app-account-token"] {
            guard let uuid = UUID(uuidString: token) else {
                throw UsageError("--app-account-token takes a UUID such as 3f2c9e1a-8d4b-4c6e-9a7f-0b1c2d3e4f50, not \"\(token)\"")
            }
            options.appAccountToken = uuid
        }
        if let value = arguments.options["simulate"] {
            guard let parsed = PurchaseSimulation(rawValue: value), parsed != .succeed else {
                throw UsageError("--simulate takes cancel or fail, not \"\(value)\"")
            }
            options.simulate = parsed
        }
        let outcome = try session.perform {
            try session.store.purchase(productID, quantity: quantity, buyer: session.buyer,
                                       storefront: session.storefront, options: options)
        }
        return try report(outcome, productID: productID, session: session, arguments: arguments, console: console)
    }

    /// Prints a purchase outcome and returns its exit status.
    static func report(_ outcome: PurchaseOutcome, productID: String, session: StoreSession, arguments: CommandLineArguments,
                       console: Console) throws -> ExitStatus {
        let product = session.catalog.product(id: productID)
        let credit = outcome.transaction?.credit
        let balance = credit.map { session.store.balance(of: $0, for: session.buyer) }
        var message = session.text.message(for: outcome, product: product, balance: balance)
        // The messages of a purchase and of an earlier unfinished one already say how to deliver it.
        let messageTellsDelivery: Bool = switch outcome {
        case .purchased, .alreadyOwned: true
        default: false
        }
        if outcome.transaction?.finished == false, !messageTellsDelivery {
            message += " The transaction is left unfinished: `storefront deliver-unfinished` (or the next start of the storefront) delivers it."
        }
        let succeeded: Bool = switch outcome {
        case .purchased, .alreadyOwned, .changeScheduled, .renewalResumed: true
        case .cancelled, .failed, .refused, .pending, .needsAction: false
        }
        // Naming a product or offer the catalog does not have, or a quantity the product
        // cannot be bought in, is a mistake on the command line, not the store saying no.
        let failureStatus: ExitStatus = switch outcome {
        case .refused(.unknownProduct), .refused(.unknownOffer), .refused(.invalidQuantity): .usage
        default: .refused
        }
        if arguments.json {
            var reason: String?
            if case let .failed(record) = outcome { reason = record.failureReason }
            try console.json(JSONShapes.PurchaseResult(
                outcome: outcome.name, transactionId: outcome.transaction?.id, productId: productID, message: message,
                credit: credit, balance: balance, expiresDate: outcome.transaction?.expiresDate, reason: reason,
                proratedRefund: outcome.transaction?.proratedRefund.map(ExactDecimal.string),
                signedTransaction: session.signedTransaction(madeBy: outcome, console: console),
                signedRenewalInfo: session.signedRenewalInfo(madeBy: outcome, console: console)))
        } else if succeeded {
            console.out(message + (outcome.transaction.map { " Transaction \($0.id)." } ?? ""))
        } else {
            console.err(message + (outcome.transaction.map { " Transaction \($0.id)." } ?? ""))
        }
        return succeeded ? .success : failureStatus
    }

    /// `--quantity`: 1 to `Store.maximumQuantity`; any other number, however large, is the
    /// same mistake with the same message.
    private static func quantityOption(_ arguments: CommandLineArguments) throws(UsageError) -> Int {
        guard let text = arguments.options["quantity"] else { return 1 }
        guard let value = Int(text), (1...Store.maximumQuantity).contains(value) else {
            throw UsageError("--quantity must be a whole number from 1 to \(Store.maximumQuantity), not \"\(text)\"; "
                             + "buy more in several purchases")
        }
        return value
    }

    static func restore(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "restore")
        try arguments.expectNoArguments(command: "restore")
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
        try arguments.allowOnly(["amount"], command: "spend")
        guard arguments.words.count == 2 else { throw UsageError("spend needs one credit id, e.g. `storefront spend rage-faces`") }
        let credit = arguments.words[1]
        guard session.catalog.credit(id: credit) != nil else {
            throw UsageError("\(StoreError.unknownCredit(credit, known: session.catalog.credits.map(\.id)))")
        }
        let amount = try arguments.integerOption("amount", default: 1)
        let outcome = try session.perform { try session.store.spend(credit, amount: amount, buyer: session.buyer) }
        let name = session.text.creditName(credit)
        let (status, balance, message): (ExitStatus, Int, String) = switch outcome {
        case let .spent(balance): (.success, balance, "Spent \(amount) of your \(name); \(balance) left.")
        case let .insufficient(balance, requested):
            (.refused, balance, "Refused: you asked to spend \(requested) of your \(name) and you have \(balance); nothing was spent. Buy more first.")
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
        try arguments.allowOnly([], command: "refund")
        guard arguments.words.count == 2 else { throw UsageError("refund needs one transaction id; `storefront transactions` lists them") }
        let result = try session.perform { try session.store.refund(arguments.words[1]) }
        let product = session.catalog.product(id: result.transaction.productID)
        var message = "Refunded \(product.map(session.text.title(of:)) ?? result.transaction.productID) (transaction \(result.transaction.id))."
        if let credit = result.transaction.credit {
            message += " Took back \(result.revoked) of the \(session.text.creditName(credit)) it granted"
            message += result.shortfall > 0 ? "; \(result.shortfall) had already been spent." : "."
        }
        if arguments.json {
            try console.json(JSONShapes.RefundResult(transactionId: result.transaction.id, productId: result.transaction.productID,
                                                     revoked: result.revoked, shortfall: result.shortfall, message: message))
        } else {
            console.out(message)
        }
        return .success
    }
}
