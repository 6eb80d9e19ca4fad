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
                     receiptSharedSecret: state.settings.receiptSharedSecret ?? ReceiptSharedSecret.cleared,
                     timeRate: state.timeline.rate.rawValue, storeTime: session.store.now(), failures: failures)
        shape.notificationURL = state.settings.notificationURL?.text ?? NotificationURL.noneText
        return shape
    }

    /// Prints `shape`; `offerSignaturesInForce` says whether `buy --offer` needs a signature now.
    static func print(_ shape: JSONShapes.Settings, offerSignaturesInForce: Bool, console: Console) {
        let device = [(StoreSetting.purchasesAllowed.rawValue, "\(shape.purchasesAllowed)"),
                      (StoreSetting.nextPurchaseOutcome.rawValue, shape.nextPurchase)]
        var store = [(StoreSetting.askToBuy.rawValue, "\(shape.askToBuy)"),
                     (StoreSetting.interruptedPurchases.rawValue, "\(shape.interruptedPurchases)"),
                     (StoreSetting.billingRetry.rawValue, "\(shape.billingRetry)"),
                     (StoreSetting.gracePeriod.rawValue, "\(shape.gracePeriod)"),
                     (StoreSetting.environment.rawValue, shape.environment),
                     (StoreSetting.promotionalOfferSignatures.rawValue,
                      CommandLineText.Settings.offerSignatures(shape.promotionalOfferSignatures, inForce: offerSignaturesInForce)),
                     (StoreSetting.receiptSharedSecret.rawValue, shape.receiptSharedSecret),
                     (StoreSetting.notificationURL.rawValue, shape.notificationURL),
                     (SettingNames.timeRate,
                      CommandLineText.Settings.timeRate(shape.timeRate, storeTime: ISO8601DateFormatter().string(from: shape.storeTime)))]
        for operation in StoreOperation.allCases {
            store.append(("fail.\(operation.rawValue)", shape.failures[operation.rawValue] ?? SettingNames.noFailure))
        }
        // One value column for both groups, two spaces after the longest name, so a new
        // setting with a longer name never runs into its value.
        let nameWidth = (device + store).map(\.0.count).max() ?? 0
        let line = { (row: (name: String, value: String)) in
            "  " + row.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0) + row.value
        }
        console.out(CommandLineText.Settings.deviceHeading(shape.device))
        device.map(line).forEach(console.out)
        console.out(CommandLineText.Settings.storeHeading)
        store.map(line).forEach(console.out)
    }
}
