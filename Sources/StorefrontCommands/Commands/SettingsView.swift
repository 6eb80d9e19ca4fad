import Foundation
import StoreEngine
import StorefrontText

/// The settings as `storefront settings` shows them.
enum SettingsView {
    static func shape(of session: StoreSession) -> JSONShapes.Settings {
        let state = session.store.snapshot
        let device = session.buyer.device
        var failures: [String: String] = [:]
        for (operation, failure) in state.settings.failures { failures[operation.rawValue] = failure.settingValue }
        var shape = JSONShapes.Settings(device: device, purchasesAllowed: state.purchasesAllowed(on: device),
                     nextPurchase: state.nextPurchaseOutcome(on: device)?.rawValue ?? PurchaseSimulation.succeed.rawValue,
                     askToBuy: state.settings.askToBuy, interruptedPurchases: state.settings.interruptedPurchases,
                     billingRetry: state.settings.billingRetry, gracePeriod: state.settings.gracePeriod,
                     environment: state.settings.environment.rawValue,
                     promotionalOfferSignatures: state.settings.promotionalOfferSignatures.rawValue,
                     timeRate: state.timeline.rate.rawValue, storeTime: session.store.now(), failures: failures)
        shape.notificationURL = state.settings.notificationURL?.text ?? NotificationURL.noneText
        return shape
    }

    static func print(_ shape: JSONShapes.Settings, console: Console) {
        let row = { (name: String, value: String) in
            console.out("  " + name.padding(toLength: 26, withPad: " ", startingAt: 0) + value)
        }
        console.out(CommandLineText.Settings.deviceHeading(shape.device))
        row(StoreSetting.purchasesAllowed.rawValue, "\(shape.purchasesAllowed)")
        row(StoreSetting.nextPurchaseOutcome.rawValue, shape.nextPurchase)
        console.out(CommandLineText.Settings.storeHeading)
        row(StoreSetting.askToBuy.rawValue, "\(shape.askToBuy)")
        row(StoreSetting.interruptedPurchases.rawValue, "\(shape.interruptedPurchases)")
        row(StoreSetting.billingRetry.rawValue, "\(shape.billingRetry)")
        row(StoreSetting.gracePeriod.rawValue, "\(shape.gracePeriod)")
        row(StoreSetting.environment.rawValue, shape.environment)
        row(StoreSetting.promotionalOfferSignatures.rawValue, shape.promotionalOfferSignatures)
        row(StoreSetting.notificationURL.rawValue, shape.notificationURL)
        row(SettingNames.timeRate, CommandLineText.Settings.timeRate(shape.timeRate, storeTime: ISO8601DateFormatter().string(from: shape.storeTime)))
        for operation in StoreOperation.allCases {
            row("fail.\(operation.rawValue)", shape.failures[operation.rawValue] ?? SettingNames.noFailure)
        }
    }
}
