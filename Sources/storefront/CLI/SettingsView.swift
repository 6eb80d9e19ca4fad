import Foundation
import StoreEngine

/// The settings as `storefront settings` shows them.
enum SettingsView {
    /// Encoded with the names `settings set NAME` takes (`purchases-allowed`,
    /// `fail.load-products`, ...), so a script can feed a key straight back to the CLI.
    struct Shape: Encodable {
        var device: String
        var purchasesAllowed: Bool
        var nextPurchase: String
        var askToBuy: Bool
        var interruptedPurchases: Bool
        var billingRetry: Bool
        var gracePeriod: Bool
        var environment: String
        var timeRate: String
        var storeTime: Date
        var failures: [String: String]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(device, forKey: Key("device"))
            try container.encode(purchasesAllowed, forKey: Key(StoreSetting.purchasesAllowed.rawValue))
            try container.encode(nextPurchase, forKey: Key(StoreSetting.nextPurchaseOutcome.rawValue))
            try container.encode(askToBuy, forKey: Key(StoreSetting.askToBuy.rawValue))
            try container.encode(interruptedPurchases, forKey: Key(StoreSetting.interruptedPurchases.rawValue))
            try container.encode(billingRetry, forKey: Key(StoreSetting.billingRetry.rawValue))
            try container.encode(gracePeriod, forKey: Key(StoreSetting.gracePeriod.rawValue))
            try container.encode(environment, forKey: Key(StoreSetting.environment.rawValue))
            try container.encode(timeRate, forKey: Key("time-rate"))
            try container.encode(storeTime, forKey: Key("store-time"))
            for operation in StoreOperation.allCases {
                try container.encode(failures[operation.rawValue] ?? "none", forKey: Key("fail.\(operation.rawValue)"))
            }
        }
    }

    static func shape(of session: StoreSession) -> Shape {
        let state = session.store.snapshot
        let device = session.buyer.device
        var failures: [String: String] = [:]
        for (operation, failure) in state.settings.failures { failures[operation.rawValue] = failure.settingValue }
        return Shape(device: device, purchasesAllowed: state.purchasesAllowed(on: device),
                     nextPurchase: state.nextPurchaseOutcome(on: device)?.rawValue ?? "succeed",
                     askToBuy: state.settings.askToBuy, interruptedPurchases: state.settings.interruptedPurchases,
                     billingRetry: state.settings.billingRetry, gracePeriod: state.settings.gracePeriod,
                     environment: state.settings.environment.rawValue,
                     timeRate: state.timeline.rate.rawValue, storeTime: session.store.now(), failures: failures)
    }

    static func print(_ shape: Shape, console: Console) {
        let row = { (name: String, value: String) in
            console.out("  " + name.padding(toLength: 26, withPad: " ", startingAt: 0) + value)
        }
        console.out("Device \(shape.device):")
        row("purchases-allowed", "\(shape.purchasesAllowed)")
        row("next-purchase", shape.nextPurchase)
        console.out("Store:")
        row("ask-to-buy", "\(shape.askToBuy)")
        row("interrupted-purchases", "\(shape.interruptedPurchases)")
        row("billing-retry", "\(shape.billingRetry)")
        row("grace-period", "\(shape.gracePeriod)")
        row("environment", shape.environment)
        row("time-rate", "\(shape.timeRate) (store time \(ISO8601DateFormatter().string(from: shape.storeTime)))")
        for operation in StoreOperation.allCases {
            row("fail.\(operation.rawValue)", shape.failures[operation.rawValue] ?? "none")
        }
    }
}
