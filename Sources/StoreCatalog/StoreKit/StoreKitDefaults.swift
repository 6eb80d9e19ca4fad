/// What Storefront assumes where an Xcode StoreKit configuration says nothing.
public enum StoreKitDefaults {
    /// Xcode's test session sells in the United States unless `_storefront` says otherwise.
    public static let storefront = "USA"
    /// The currency of that storefront.
    public static let currency = "USD"
    /// Xcode's test session shows en_US unless `_locale` says otherwise.
    public static let locale = "en_US"
    /// How long a non-renewing subscription lasts when an overlay does not say.
    ///
    /// A `.storekit` file gives non-renewing subscriptions no term: on the App Store the app
    /// decides how long one lasts, and StoreKit reports no expiration date for it. Storefront
    /// needs a term to show when access ends, so it takes one year, the term the real files
    /// name most ("1 year access", "Standard 1 Year Service Access").
    public static let nonRenewingDuration = SubscriptionPeriod(value: 1, unit: .year)
    /// What one purchase of a consumable adds to its own credit when an overlay does not say.
    public static let consumableGrantAmount = 1
    /// The newest format version this reader knows.
    public static let newestFormatMajor = 5
}
