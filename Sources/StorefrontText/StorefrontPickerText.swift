/// The words of the pickers: headings, rows that open a field, prompts and field errors.
public enum StorefrontPickerText {
    public static let languageHeading = "Language and region"
    public static let otherLocale = "Other locale…"
    public static let storefrontHeading = "Storefront"
    public static let accountHeading = "Account"
    public static let newAccount = "New account…"
    public static let deviceHeading = "Device"
    public static let newDevice = "New device…"

    public static let localePrompt = "Locale (e.g. pt_BR):"
    public static let accountPrompt = "New account:"
    public static let devicePrompt = "New device:"

    /// A storefront row's detail: "DEU · EUR".
    public static func storefrontDetail(code: String, currency: String) -> String { "\(code) · \(currency)" }

    /// An error's description as a field shows it: a capital first letter and a full stop.
    public static func fieldError(_ description: String) -> String {
        description.prefix(1).uppercased() + description.dropFirst() + "."
    }
}
