/// Chooses the locale and storefront a buyer sees, the way the CLI and the TUI both need it.
public enum BuyerContext {
    /// The locale from an explicit choice, else the catalog's own (a .storekit file's
    /// `_locale`, as an Xcode test session uses it), else `LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// else `en_US`.
    ///
    /// `Locale.current` cannot be used: on Linux it is fixed whatever the environment says.
    public static func locale(explicit: String?, environment: [String: String], catalogLocale: String? = nil) -> String {
        if let explicit, !explicit.isEmpty { return LocaleIdentifier.normalize(explicit) }
        if let catalogLocale, !catalogLocale.isEmpty { return LocaleIdentifier.normalize(catalogLocale) }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                return LocaleIdentifier.normalize(value)
            }
        }
        return "en_US"
    }

    /// The storefront from an explicit choice, else the locale's region if the catalog sells
    /// there, else the catalog's first storefront.
    public static func storefront(explicit: String?, locale: String, catalog: Catalog) -> Result<String, StorefrontChoiceError> {
        if let explicit {
            let code = explicit.uppercased()
            guard catalog.storefront(code: code) != nil else {
                return .failure(StorefrontChoiceError(requested: explicit, available: catalog.storefronts.map(\.code)))
            }
            return .success(code)
        }
        if let region = LocaleIdentifier.region(of: locale),
           let code = CountryCodes.alpha3(forAlpha2: region),
           catalog.storefront(code: code) != nil {
            return .success(code)
        }
        return .success(catalog.storefronts.first?.code ?? "USA")
    }
}

/// A storefront the catalog does not sell in.
public struct StorefrontChoiceError: Error, Sendable, CustomStringConvertible {
    public var requested: String
    public var available: [String]

    public var description: String {
        "the catalog does not sell in storefront \"\(EchoedText.cut(EchoedText.oneLine(requested)))\"; choose one of \(available.joined(separator: ", "))"
    }
}
