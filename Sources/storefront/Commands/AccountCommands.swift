import Foundation
import StoreEngine
import StoreCatalog

/// `storefront entitlements`, `transactions`, `settings` and `reset-device`.
enum AccountCommands {
    static func entitlements(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "entitlements")
        try arguments.expectNoArguments(command: "entitlements")
        try session.perform { try session.store.checkInjectedFailure(.subscriptionStatus, buyer: session.buyer) }
        let result = session.store.entitlements(for: session.buyer)
        let text = session.text
        if arguments.json {
            let renewalInfo = try session.signedRenewalInfo(of: result.subscriptions)
            try console.json(JSONShapes.EntitlementsResult(
                account: session.buyer.account, device: session.buyer.device,
                nonConsumables: result.nonConsumables.map {
                    .init(productId: $0.productID, transactionId: $0.transactionID, purchaseDate: $0.purchaseDate, delivered: $0.delivered)
                },
                subscriptions: result.subscriptions.map {
                    .init(productId: $0.productID, group: $0.group, state: $0.state.rawValue, transactionId: $0.transactionID,
                          originalTransactionId: $0.originalTransactionID, purchaseDate: $0.purchaseDate,
                          originalPurchaseDate: $0.originalPurchaseDate, expiresDate: $0.expiresDate,
                          willAutoRenew: $0.willAutoRenew, entitled: $0.isEntitled, delivered: $0.delivered, offer: $0.offer?.rawValue,
                          expirationReason: $0.expirationReason?.rawValue, pendingProductId: $0.pendingProductID,
                          gracePeriodExpiresDate: $0.gracePeriodExpiresDate, renewalCount: $0.renewalCount,
                          signedRenewalInfo: renewalInfo[$0.originalTransactionID])
                },
                nonRenewing: result.nonRenewing.map {
                    .init(productId: $0.productID, transactionId: $0.transactionID, purchaseDate: $0.purchaseDate,
                          expiresDate: $0.expiresDate, active: $0.isActive, delivered: $0.delivered)
                },
                credits: result.credits,
                ledger: LedgerDamage(problems: session.store.ledgerProblems)))
            return .success
        }
        let name = { (id: String) in session.catalog.product(id: id).map(text.title(of:)) ?? id }
        let waiting = " (bought on another device: restore to unlock)"
        console.out("Entitlements of \(session.buyer.account) on \(session.buyer.device):")
        // The first column is as wide as its longest word, so no state is cut ("inBillingRetryPeriod").
        let labelWidth = max(10, result.subscriptions.map(\.state.rawValue.count).max() ?? 0)
        let label = { (word: String) in word.padding(toLength: max(labelWidth, word.count), withPad: " ", startingAt: 0) }
        for item in result.nonConsumables {
            console.out("  \(label("owned")) \(name(item.productID)), bought \(text.date(item.purchaseDate))\(item.delivered ? "" : waiting)")
        }
        for item in result.subscriptions {
            console.out("  \(label(item.state.rawValue)) \(text.entitlementDetails(of: item))\(item.delivered ? "" : waiting)")
        }
        for item in result.nonRenewing {
            console.out("  \(label(item.isActive ? "active" : "expired")) \(name(item.productID)), until \(text.date(item.expiresDate))\(item.delivered ? "" : waiting)")
        }
        for credit in session.catalog.credits {
            console.out("  \(label("credits")) \(text.creditName(credit.id)) (\(credit.id)): \(result.credits[credit.id] ?? 0)")
        }
        return .success
    }

    static func transactions(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "transactions")
        try arguments.expectNoArguments(command: "transactions")
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
                    offer: record.offer?.rawValue, reason: record.failureReason, revocationDate: record.revocationDate,
                    replacedBy: record.replacedBy, proratedRefund: record.proratedRefund.map(ExactDecimal.string),
                    signedTransaction: try session.listedSignedTransaction(record, signer: signer))
            })
            return .success
        }
        if records.isEmpty { console.out("No transactions for \(session.buyer.account) yet.") }
        let text = session.text
        for record in records {
            let product = session.catalog.product(id: record.productID)
            let price = record.price.map { text.format($0, currency: record.currency) } ?? ""
            let proration = text.proratedRefundText(record).map { " (\($0))" } ?? ""
            console.out("\(record.id)  \(text.dates.dateTime(record.purchaseDate, locale: session.locale))  \(record.state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(price)  \(product.map(text.title(of:)) ?? record.productID)  on \(record.purchaseDevice)\(proration)")
        }
        return .success
    }

    static func settings(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "settings")
        let words = Array(arguments.words.dropFirst())
        if words.isEmpty {
            let shape = SettingsView.shape(of: session)
            if arguments.json { try console.json(shape) } else { SettingsView.print(shape, console: console) }
            return .success
        }
        guard words.count == 3, words[0] == "set" else {
            throw UsageError("use `settings` to show them or `settings set NAME VALUE`, e.g. `settings set purchases-allowed false`")
        }
        let (name, value) = (words[1], words[2])
        do {
            if name == "time-rate" {
                guard let rate = TimeRate(rawValue: value) else {
                    throw UsageError("unknown time rate \"\(value)\"; rates are \(TimeRate.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                try session.store.setTimeRate(rate, buyer: session.buyer)
            } else if let operation = StoreSetting.failureOperation(name) {
                var failure: InjectedFailure?
                if value != "none" {
                    guard let parsed = InjectedFailure(settingValue: value) else {
                        throw UsageError("unknown error \"\(value)\" for \(name); use none or one of \(InjectedError.allCases.map(\.rawValue).joined(separator: ", ")), optionally followed by :once")
                    }
                    failure = parsed
                }
                try session.store.inject(failure, into: operation, buyer: session.buyer)
            } else if let setting = StoreSetting(rawValue: name) {
                try session.store.set(setting, to: value, for: session.buyer)
            } else {
                let names = StoreSetting.allCases.map(\.rawValue) + ["time-rate"] + StoreOperation.allCases.map { "fail.\($0.rawValue)" }
                throw UsageError("unknown setting \"\(name)\"; settings are \(names.joined(separator: ", "))")
            }
        } catch let error as StoreError {
            throw UsageError("\(error)")
        } catch let error as UsageError {
            throw error
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        let scope = StoreSetting(rawValue: name)?.isPerDevice == true ? " on device \(session.buyer.device)" : " for \(session.catalog.appName)"
        if arguments.json {
            try console.json(SettingsView.shape(of: session))
        } else {
            console.out("\(name) is now \(value)\(scope).")
        }
        return .success
    }

    static func resetDevice(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "reset-device")
        try arguments.expectNoArguments(command: "reset-device")
        try session.perform { try session.store.resetDevice(session.buyer) }
        console.out("Device \(session.buyer.device) was reset: purchases need a restore, device credits are gone.")
        return .success
    }
}
