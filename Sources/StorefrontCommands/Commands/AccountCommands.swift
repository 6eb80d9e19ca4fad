import Foundation
import StoreEngine
import StorefrontText
import StoreCatalog
import StoreSigning
import StoreLedger

/// `storefront entitlements`, `transactions`, `settings` and `reset-device`.
enum AccountCommands {
    static func entitlements(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try session.perform { try session.store.checkInjectedFailure(.subscriptionStatus, buyer: session.buyer) }
        let result = session.store.entitlements(for: session.buyer)
        let text = session.text
        if arguments.json {
            let renewalInfo = try session.signedRenewalInfo(of: result.subscriptions)
            // This device's unfinished purchases of what the entry names, but the transaction it names.
            let now = session.store.now()
            let unfinishedHere = { (records: [TransactionRecord], named: String) -> [String]? in
                let ids = records.filter { $0.id != named }.map(\.id)
                return ids.isEmpty ? nil : ids
            }
            try console.json(JSONShapes.EntitlementsResult(
                account: session.buyer.account, device: session.buyer.device,
                nonConsumables: result.nonConsumables.map {
                    .init(productId: $0.productID, transactionId: $0.transactionID, purchaseDate: $0.purchaseDate, delivered: $0.delivered)
                },
                subscriptions: result.subscriptions.map {
                    .init(productId: $0.productID, group: $0.group.isEmpty ? nil : $0.group, state: $0.state.rawValue, transactionId: $0.transactionID,
                          originalTransactionId: $0.originalTransactionID, purchaseDate: $0.purchaseDate,
                          originalPurchaseDate: $0.originalPurchaseDate, expiresDate: $0.expiresDate,
                          willAutoRenew: $0.willAutoRenew, entitled: $0.isEntitled, delivered: $0.delivered, offer: $0.offer?.rawValue,
                          expirationReason: $0.expirationReason?.rawValue, pendingProductId: $0.pendingProductID,
                          gracePeriodExpiresDate: $0.gracePeriodExpiresDate, renewalCount: $0.renewalCount,
                          signedRenewalInfo: renewalInfo[$0.originalTransactionID],
                          runningPlan: $0.runningPlan.map { .init(productId: $0.productID, transactionId: $0.transactionID, expiresDate: $0.expiresDate) },
                          revocationDate: $0.revocationDate, accessEndDate: $0.accessEndDate, dueNotRecorded: $0.dueNotRecorded,
                          unfinishedHere: unfinishedHere(result.unfinished(of: $0), $0.transactionID))
                },
                nonRenewing: result.nonRenewing.map {
                    .init(productId: $0.productID, transactionId: $0.transactionID, purchaseDate: $0.purchaseDate,
                          expiresDate: $0.expiresDate, active: $0.isActive, delivered: $0.delivered,
                          unfinishedHere: unfinishedHere(result.unfinished(of: $0, at: now), $0.transactionID))
                },
                credits: result.credits,
                ledger: LedgerDamage(session.store).shape,
                notInCatalog: .init(session.store.catalogGaps(for: session.buyer))))
            return .success
        }
        typealias Text = CommandLineText.Account
        let name = { (id: String) in session.catalog.product(id: id).map(text.title(of:)) ?? id }
        // Only what is in force is to be delivered or restored; a delivered subscription or run
        // of passes whose latest transaction is not finished yet says so too.
        // `unfinished`: this device's unfinished purchases of what the row names (its chain, its run).
        let delivery = { (unfinished: [TransactionRecord], transactionID: String, delivered: Bool, inForce: Bool) -> Text.Delivery in
            guard inForce else { return .delivered }
            if delivered {
                // Another device's purchase since (a pass) leaves this device's own still to finish.
                if unfinished.contains(where: { $0.id == transactionID }) { return .latestUnfinished }
                return unfinished.isEmpty ? .delivered : .earlierUnfinished
            }
            return unfinished.isEmpty ? .toRestore : .unfinishedHere
        }
        let now = session.store.now()
        console.out(Text.entitlementsHeading(account: session.buyer.account, device: session.buyer.device))
        if LedgerProblem.leaveNoEvent(session.store.ledgerProblems) {
            let database = if case .database = session.store.medium { true } else { false }
            console.out(Text.nothingVerified(database: database))
            return .success
        }
        // The first column is as wide as its longest word, so no state is cut ("inBillingRetryPeriod").
        let width = max(10, result.subscriptions.map(\.state.rawValue.count).max() ?? 0)
        for item in result.nonConsumables {
            console.out(Text.entitlementRow(label: Text.ownedLabel, labelWidth: width, details: Text.owned(
                name(item.productID), bought: text.date(item.purchaseDate)),
                delivery: delivery(result.unfinished(of: item), item.transactionID, item.delivered, true)))
        }
        for item in result.subscriptions {
            console.out(Text.entitlementRow(label: item.state.rawValue, labelWidth: width, details: text.entitlementDetails(of: item),
                                            delivery: delivery(result.unfinished(of: item), item.transactionID, item.delivered, item.isEntitled)))
        }
        for item in result.nonRenewing {
            console.out(Text.entitlementRow(label: item.isActive ? Text.activeLabel : Text.expiredLabel, labelWidth: width,
                                            details: Text.pass(name(item.productID), until: text.date(item.expiresDate)),
                                            delivery: delivery(result.unfinished(of: item, at: now), item.transactionID, item.delivered,
                                                               item.isActive)))
        }
        for credit in session.catalog.credits {
            // Credits bought here and not delivered yet come to the balance once they are.
            let undelivered = result.undeliveredCredit(credit.id)
            console.out(Text.entitlementRow(label: Text.creditsLabel, labelWidth: width, details: Text.credit(
                text.creditName(credit.id), id: credit.id, balance: result.credits[credit.id] ?? 0, undelivered: undelivered, text: text),
                delivery: .delivered))
        }
        return .success
    }

    static func transactions(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let records = session.store.transactions(for: session.buyer.account)
        if arguments.json {
            // Made only when something is to be signed: a listing of nothing (a mistyped path
            // among them) needs no authority, and makes none.
            let signer = records.contains(where: TransactionSigner.issues) ? try session.transactionSigner() : nil
            let reports = session.store.snapshot.consumptionReports
            try console.json(records.map { record in
                JSONShapes.Transaction(
                    transactionId: record.id, originalTransactionId: record.originalID, productId: record.productID,
                    type: record.productType.rawValue, state: record.state.rawValue, purchaseDate: record.purchaseDate,
                    device: record.purchaseDevice, quantity: record.quantity, price: record.price.map { ExactDecimal.amount($0, currency: record.currency) },
                    currency: record.currency, storefront: record.storefront, credit: record.credit,
                    // A request that waits or was declined bought nothing: no period, no offer
                    // (a completion decides both again, as for a purchase made then).
                    amount: record.credit == nil ? nil : record.creditAmount, expiresDate: record.isBought ? record.expiresDate : nil,
                    offer: record.isBought ? record.offer?.rawValue : nil, reason: record.failureReason,
                    // A period revoked with its subscription carries that refund's date, as its token does.
                    revocationDate: record.revocationDate ?? session.store.snapshot.revocationByLaterRefund(of: record),
                    replacedBy: record.replacedBy, proratedRefund: record.proratedRefundGiven.map { ExactDecimal.amount($0, currency: record.currency) },
                    refundedAmount: record.state == .refunded
                        ? session.store.snapshot.refundMoney(of: record).moneyBack.map { ExactDecimal.amount($0, currency: record.currency) } : nil,
                    signedTransaction: try session.listedSignedTransaction(record, signer: signer),
                    orderId: record.isBought ? record.orderID : nil,
                    consumption: reports[record.id].flatMap {
                        try? JSONDecoder().decode([String: JSONShapes.ConsumptionValue].self, from: Data($0.fields.utf8))
                    })
            })
            return .success
        }
        if records.isEmpty, LedgerProblem.leaveNoEvent(session.store.ledgerProblems) {
            let database = if case .database = session.store.medium { true } else { false }
            console.out(CommandLineText.Account.noTransactionVerified(database: database))
        } else if records.isEmpty {
            console.out(CommandLineText.Account.noTransactions(account: session.buyer.account))
        }
        let text = session.text
        let prices = records.map(text.listedPrice(of:))
        let dates = records.map { text.dates.dateTime($0.purchaseDate, locale: session.locale) }
        let dateWidth = dates.map(\.count).max() ?? 0
        let stateWidth = records.map(\.state.rawValue.count).max() ?? 0
        let priceWidth = prices.map(\.count).max() ?? 0
        for (index, record) in records.enumerated() {
            let price = prices[index]
            console.out(CommandLineText.Account.transactionRow(
                id: record.id, date: dates[index], state: record.state.rawValue,
                price: price, title: text.purchasedName(of: record),
                device: record.purchaseDevice,
                // Each that applies: an upgrade that was itself replaced by a later one says both.
                // A request or interrupted purchase the store closed says why, beside `declined`.
                proratedRefund: notes(of: record, text: text, state: session.store.snapshot),
                orderID: record.isBought ? record.orderID : nil, dateWidth: dateWidth, stateWidth: stateWidth, priceWidth: priceWidth))
        }
        return .success
    }

    /// What a transaction's line says beside it, each that applies: an upgrade that was itself
    /// replaced by a later one says both; nil when none does.
    private static func notes(of record: TransactionRecord, text: StoreText, state: LedgerState) -> String? {
        let replacement = record.replacedBy.flatMap { state.transactions[$0] }
        let notes = [text.proratedRefundText(record),
                     text.refundedAfterUpgradeText(record, replacement: replacement, money: state.refundMoney(of: record)),
                     text.replacedText(record, replacement: replacement), state.revocationByLaterRefund(of: record).map(text.revokedWithSubscriptionText(at:))
                         ?? state.neverBegins(record).map { text.neverBeginsText(subscriptionEnded: $0, replaced: record.replacedBy != nil) },
                     record.closedByStoreReason].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    static func settings(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let shape = SettingsView.shape(of: session)
        if arguments.json { try console.json(shape) } else { SettingsView.print(shape, offerSignaturesInForce: session.store.snapshot.promotionalOfferSignaturesRequired,
                                                                                console: console) }
        return .success
    }

    static func setSetting(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let (name, value) = (arguments.commandArguments[0], arguments.commandArguments[1])
        do {
            if name == SettingNames.timeRate {
                guard let rate = TimeRate(rawValue: value) else {
                    throw UsageError(CommandLineText.Settings.unknownTimeRate(value, rates: TimeRate.allCases.map(\.rawValue)))
                }
                try session.store.setTimeRate(rate, buyer: session.buyer)
            } else if let operation = StoreSetting.failureOperation(name) {
                var failure: InjectedFailure?
                if value != SettingNames.noFailure {
                    guard let parsed = InjectedFailure(settingValue: value) else {
                        throw UsageError(CommandLineText.Settings.unknownError(value, setting: name,
                                                                              errors: InjectedError.allCases.map(\.rawValue)))
                    }
                    failure = parsed
                }
                try session.store.inject(failure, into: operation, buyer: session.buyer)
            } else if let setting = StoreSetting(rawValue: name) {
                try session.store.set(setting, to: value, for: session.buyer)
            } else {
                throw UsageError(CommandLineText.Settings.unknownSetting(name, settings: SettingNames.all))
            }
        }
        let isPerDevice = StoreSetting(rawValue: name)?.isPerDevice == true
        if arguments.json {
            try console.json(SettingsView.shape(of: session))
        } else {
            console.out(CommandLineText.Settings.changed(name, to: value, scope: isPerDevice ? .device(session.buyer.device)
                                                                                              : .app(session.catalog.appName)))
        }
        return .success
    }

    static func resetDevice(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        try session.perform { try session.store.resetDevice(session.buyer) }
        let message = CommandLineText.Account.deviceReset(session.buyer.device)
        if arguments.json {
            try console.json(JSONShapes.DeviceReset(device: session.buyer.device, message: message))
        } else {
            console.out(message)
        }
        return .success
    }
}
