import Foundation
import StoreEngine

/// The settings as `storefront settings` shows them.
enum SettingsView {
    struct Shape: Encodable {
        var device: String
        var purchasesAllowed: Bool
        var nextPurchase: String
        var askToBuy: Bool
        var interruptedPurchases: Bool
        var billingRetry: Bool
        var gracePeriod: Bool
        var timeRate: String
        var storeTime: Date
        var failures: [String: String]
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
        row("time-rate", "\(shape.timeRate) (store time \(ISO8601DateFormatter().string(from: shape.storeTime)))")
        for operation in StoreOperation.allCases {
            row("fail.\(operation.rawValue)", shape.failures[operation.rawValue] ?? "none")
        }
    }
}
