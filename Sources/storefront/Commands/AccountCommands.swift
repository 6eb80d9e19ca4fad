import Foundation
import StoreEngine

/// `storefront entitlements`, `transactions`, `settings` and `reset-device`.
enum AccountCommands {
    static func entitlements(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "entitlements")
        let result = session.store.entitlements(for: session.buyer)
        let text = session.text
        if arguments.json {
            try console.json(JSONShapes.EntitlementsResult(
                account: session.buyer.account, device: session.buyer.device,
                nonConsumables: result.nonConsumables.map {
                    .init(productId: $0.productID, transactionId: $0.transactionID, purchaseDate: $0.purchaseDate, delivered: $0.delivered)
                },
                subscriptions: result.subscriptions.map {
                    .init(productId: $0.productID, group: $0.group, state: $0.state.rawValue, transactionId: $0.transactionID,
                          purchaseDate: $0.purchaseDate, expiresDate: $0.expiresDate, willAutoRenew: $0.willAutoRenew,
                          delivered: $0.delivered)
                },
                nonRenewing: result.nonRenewing.map {
                    .init(productId: $0.productID, transactionId: $0.transactionID, purchaseDate: $0.purchaseDate,
                          expiresDate: $0.expiresDate, active: $0.isActive, delivered: $0.delivered)
                },
                credits: result.credits))
            return .success
        }
        let name = { (id: String) in session.catalog.product(id: id).map(text.title(of:)) ?? id }
        let waiting = " (bought on another device: restore to unlock)"
        console.out("Entitlements of \(session.buyer.account) on \(session.buyer.device):")
        for item in result.nonConsumables {
            console.out("  owned      \(name(item.productID)), bought \(text.date(item.purchaseDate))\(item.delivered ? "" : waiting)")
        }
        for item in result.subscriptions {
            let until = item.expiresDate.map { ", until \(text.date($0))" } ?? ""
            console.out("  \(item.state.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(name(item.productID))\(until)\(item.willAutoRenew ? ", renews" : "")\(item.delivered ? "" : waiting)")
        }
        for item in result.nonRenewing {
            console.out("  \((item.isActive ? "active" : "expired").padding(toLength: 10, withPad: " ", startingAt: 0)) \(name(item.productID)), until \(text.date(item.expiresDate))\(item.delivered ? "" : waiting)")
        }
        for credit in session.catalog.credits {
            console.out("  credits    \(text.creditName(credit.id)) (\(credit.id)): \(result.credits[credit.id] ?? 0)")
        }
        return .success
    }

    static func transactions(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "transactions")
        let records = session.store.transactions(for: session.buyer.account)
        if arguments.json {
            let signer = try session.transactionSigner()
            try console.json(records.map { record in
                JSONShapes.Transaction(
                    transactionId: record.id, originalTransactionId: record.originalID, productId: record.productID,
                    type: record.productType.rawValue, state: record.state.rawValue, purchaseDate: record.purchaseDate,
                    device: record.purchaseDevice, quantity: record.quantity, price: record.price.map(ExactDecimal.string),
                    currency: record.currency, storefront: record.storefront, credit: record.credit,
                    amount: record.credit == nil ? nil : record.creditAmount, expiresDate: record.expiresDate,
                    offer: record.offer, reason: record.failureReason, revocationDate: record.revocationDate,
                    replacedBy: record.replacedBy, signedTransaction: try session.listedSignedTransaction(record, signer: signer))
            })
            return .success
        }
        if records.isEmpty { console.out("No transactions for \(session.buyer.account) yet.") }
        let text = session.text
        for record in records {
            let product = session.catalog.product(id: record.productID)
            let price = record.price.map { text.format($0, currency: record.currency) } ?? ""
            console.out("\(record.id)  \(text.dates.dateTime(record.purchaseDate, locale: session.locale))  \(record.state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(price)  \(product.map(text.title(of:)) ?? record.productID)  on \(record.purchaseDevice)")
        }
        return .success
    }

    static func settings(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "settings")
        let words = Array(arguments.words.dropFirst())
        if words.isEmpty {
            let state = session.store.snapshot
            let shape = JSONShapes.Settings(device: session.buyer.device,
                                            purchasesAllowed: state.purchasesAllowed(on: session.buyer.device),
                                            nextPurchase: state.nextPurchaseOutcome(on: session.buyer.device)?.rawValue ?? "succeed")
            if arguments.json {
                try console.json(shape)
            } else {
                console.out("Settings of device \(shape.device):")
                console.out("  purchases-allowed  \(shape.purchasesAllowed)")
                console.out("  next-purchase      \(shape.nextPurchase)")
            }
            return .success
        }
        guard words.count == 3, words[0] == "set" else {
            throw UsageError("use `settings` to show them or `settings set NAME VALUE`, e.g. `settings set purchases-allowed false`")
        }
        guard let setting = StoreSetting(rawValue: words[1]) else {
            throw UsageError("unknown setting \"\(words[1])\"; settings are \(StoreSetting.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        do {
            try session.store.set(setting, to: words[2], for: session.buyer)
        } catch let error as StoreError {
            throw UsageError("\(error)")
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        if !arguments.json { console.out("\(setting.rawValue) is now \(words[2]) on device \(session.buyer.device).") }
        return .success
    }

    static func resetDevice(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "reset-device")
        try session.perform { try session.store.resetDevice(session.buyer) }
        console.out("Device \(session.buyer.device) was reset: purchases need a restore, device credits are gone.")
        return .success
    }
}
