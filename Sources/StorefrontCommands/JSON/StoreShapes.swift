import Foundation
import StoreEngine

/// The shapes of `settings`, `advance`, the subscription commands and `deliver-unfinished` with `--json`.
extension JSONShapes {
    /// Encoded with the names `settings set NAME` takes (`purchases-allowed`,
    /// `fail.load-products`, ...), so a script can feed a key straight back to the CLI.
    public struct Settings: Codable, Sendable {
        public var device: String
        public var purchasesAllowed: Bool
        public var nextPurchase: String
        public var askToBuy: Bool
        public var interruptedPurchases: Bool
        public var billingRetry: Bool
        public var gracePeriod: Bool
        /// The environment signed data names: Sandbox, Production, Xcode or LocalTesting.
        public var environment: String
        public var timeRate: String
        public var storeTime: Date
        /// Whether promotional offers need a signature once a key exists: "required" or "off".
        public var promotionalOfferSignatures: String
        /// The secret `/verifyReceipt` requests must give as `password`, "none" when there is none.
        public var receiptSharedSecret: String
        /// Where App Store Server Notifications are sent, or "none".
        public var notificationURL: String = NotificationURL.noneText
        /// The injected error of each operation by its name (`purchase`), "none" when there is none.
        public var failures: [String: String]

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        private static let deviceKey = Key("device"), storeTimeKey = Key("store-time"), timeRateKey = Key(SettingNames.timeRate)

        init(device: String, purchasesAllowed: Bool, nextPurchase: String, askToBuy: Bool, interruptedPurchases: Bool,
             billingRetry: Bool, gracePeriod: Bool, environment: String, promotionalOfferSignatures: String,
             receiptSharedSecret: String, timeRate: String,
             storeTime: Date, failures: [String: String]) {
            (self.device, self.purchasesAllowed, self.nextPurchase, self.askToBuy) = (device, purchasesAllowed, nextPurchase, askToBuy)
            (self.interruptedPurchases, self.billingRetry, self.gracePeriod) = (interruptedPurchases, billingRetry, gracePeriod)
            (self.environment, self.timeRate, self.storeTime, self.failures) = (environment, timeRate, storeTime, failures)
            self.promotionalOfferSignatures = promotionalOfferSignatures
            self.receiptSharedSecret = receiptSharedSecret
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            func flag(_ setting: StoreSetting) throws -> Bool { try container.decode(Bool.self, forKey: Key(setting.rawValue)) }
            device = try container.decode(String.self, forKey: Self.deviceKey)
            purchasesAllowed = try flag(.purchasesAllowed)
            nextPurchase = try container.decode(String.self, forKey: Key(StoreSetting.nextPurchaseOutcome.rawValue))
            askToBuy = try flag(.askToBuy)
            interruptedPurchases = try flag(.interruptedPurchases)
            billingRetry = try flag(.billingRetry)
            gracePeriod = try flag(.gracePeriod)
            environment = try container.decode(String.self, forKey: Key(StoreSetting.environment.rawValue))
            promotionalOfferSignatures = try container.decode(String.self, forKey: Key(StoreSetting.promotionalOfferSignatures.rawValue))
            receiptSharedSecret = try container.decode(String.self, forKey: Key(StoreSetting.receiptSharedSecret.rawValue))
            notificationURL = try container.decode(String.self, forKey: Key(StoreSetting.notificationURL.rawValue))
            timeRate = try container.decode(String.self, forKey: Self.timeRateKey)
            storeTime = try container.decode(Date.self, forKey: Self.storeTimeKey)
            failures = [:]
            for operation in StoreOperation.allCases {
                failures[operation.rawValue] = try container.decode(String.self, forKey: Key("fail.\(operation.rawValue)"))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(device, forKey: Self.deviceKey)
            try container.encode(purchasesAllowed, forKey: Key(StoreSetting.purchasesAllowed.rawValue))
            try container.encode(nextPurchase, forKey: Key(StoreSetting.nextPurchaseOutcome.rawValue))
            try container.encode(askToBuy, forKey: Key(StoreSetting.askToBuy.rawValue))
            try container.encode(interruptedPurchases, forKey: Key(StoreSetting.interruptedPurchases.rawValue))
            try container.encode(billingRetry, forKey: Key(StoreSetting.billingRetry.rawValue))
            try container.encode(gracePeriod, forKey: Key(StoreSetting.gracePeriod.rawValue))
            try container.encode(environment, forKey: Key(StoreSetting.environment.rawValue))
            try container.encode(promotionalOfferSignatures, forKey: Key(StoreSetting.promotionalOfferSignatures.rawValue))
            try container.encode(receiptSharedSecret, forKey: Key(StoreSetting.receiptSharedSecret.rawValue))
            try container.encode(notificationURL, forKey: Key(StoreSetting.notificationURL.rawValue))
            try container.encode(timeRate, forKey: Self.timeRateKey)
            try container.encode(storeTime, forKey: Self.storeTimeKey)
            for operation in StoreOperation.allCases {
                try container.encode(failures[operation.rawValue] ?? SettingNames.noFailure, forKey: Key("fail.\(operation.rawValue)"))
            }
        }
    }

    public struct AdvanceResult: Codable, Sendable {
        public var storeTime: Date
        /// Renewals, expiries and other subscription events that fell due on the way.
        public var dueEvents: Int
        @AdvisedMessage public var message: String
    }

    /// A subscription after `renew`, `expire`, `cancel-renewal`, `resume-renewal` or `resolve-billing`.
    public struct SubscriptionChange: Codable, Sendable {
        public var productId: String
        public var originalTransactionId: String
        public var state: String
        public var expiresDate: Date?
        public var willAutoRenew: Bool
        public var pendingProductId: String?
        public var expirationReason: String?
        /// `cancel-renewal` and `resume-renewal` only: false when auto-renew already was as asked
        /// and nothing was recorded.
        public var changed: Bool?
        /// `renew` and `resolve-billing` only: the renewal's transaction and what it charged
        /// (a decimal string, "0" for a free period).
        public var transactionId: String? = nil
        public var price: String? = nil
        public var currency: String? = nil
        /// `expire` only: the transactions of the periods paid ahead that it ended without
        /// refunding them, each for `storefront refund ID` (empty when there were none).
        public var paidAheadNotRefunded: [String]? = nil
        /// `expire` only: the plan a switch scheduled for the renewal would have gone to, which
        /// the expire cancelled (left out when none was scheduled).
        public var droppedPendingProductId: String? = nil
        @AdvisedMessage public var message: String
    }

    /// `reset-device`: the device whose deliveries and device credits were forgotten.
    public struct DeviceReset: Codable, Sendable {
        public var device: String
        @AdvisedMessage public var message: String
    }

    /// `deliver-unfinished`: the products and transactions delivered, and those finished with
    /// nothing to deliver by then, with why.
    public struct DeliveredResult: Codable, Sendable {
        public var delivered: [String]
        public var transactionIds: [String]
        public var nothingToDeliver: [Undeliverable]
        @AdvisedMessage public var message: String
    }

    /// A transaction `deliver-unfinished` finished with nothing to deliver; `reason` is an
    /// `UndeliverableReason` (`ended`, `refunded`, `replacedByUpgrade`, …).
    public struct Undeliverable: Codable, Sendable, Equatable {
        public var transactionId: String
        public var productId: String
        public var reason: String

        public init(transactionId: String, productId: String, reason: String) {
            (self.transactionId, self.productId, self.reason) = (transactionId, productId, reason)
        }
    }
}
