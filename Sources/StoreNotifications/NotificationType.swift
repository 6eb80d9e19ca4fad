/// App Store Server Notifications V2 `notificationType` values the store sends, with Apple's names.
public enum NotificationType: String, Sendable, Codable, CaseIterable {
    case subscribed = "SUBSCRIBED"
    case didRenew = "DID_RENEW"
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    case offerRedeemed = "OFFER_REDEEMED"
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    case expired = "EXPIRED"
    case refund = "REFUND"
    case consumptionRequest = "CONSUMPTION_REQUEST"
    case oneTimeCharge = "ONE_TIME_CHARGE"
    case renewalExtended = "RENEWAL_EXTENDED"
    case test = "TEST"
}

/// App Store Server Notifications V2 `subtype` values the store sends, with Apple's names.
public enum NotificationSubtype: String, Sendable, Codable, CaseIterable {
    case initialBuy = "INITIAL_BUY"
    case resubscribe = "RESUBSCRIBE"
    case billingRecovery = "BILLING_RECOVERY"
    case autoRenewEnabled = "AUTO_RENEW_ENABLED"
    case autoRenewDisabled = "AUTO_RENEW_DISABLED"
    case upgrade = "UPGRADE"
    case downgrade = "DOWNGRADE"
    case gracePeriod = "GRACE_PERIOD"
    case voluntary = "VOLUNTARY"
    case billingRetry = "BILLING_RETRY"
    case priceIncrease = "PRICE_INCREASE"
    case productNotForSale = "PRODUCT_NOT_FOR_SALE"
}
