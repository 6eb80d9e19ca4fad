import Foundation
import StoreEngine
import StorefrontText
import StoreCatalog

/// The buyer's locale for one command, with identifiers nobody knows set aside.
///
/// ICU formats any identifier it is given, so `--locale xx_YY` would silently show "$ 0.99"
/// in no language at all. An identifier is used only when its language is an ISO 639 code
/// and its region, if any, an ISO 3166 code (or a UN M.49 number); an unknown one is skipped
/// with a warning and the locale is chosen as if it had not been given: a `.storekit` file's
/// `_locale`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (each skipped the same way), else `en_US`.
enum LocaleChoice {
    struct Choice {
        var locale: String
        /// Each identifier set aside, as given: `--locale "xx"`, `LANG="xx"`.
        var skipped: [String]
        /// One sentence per identifier that was set aside.
        var warnings: [String] { skipped.map { CommandLineText.Files.unknownLocale($0, using: locale) } }
    }

    static func choose(explicit: String?, environment: [String: String], catalogLocale: String?) -> Choice {
        var skipped: [String] = []
        var usable = explicit
        if let explicit, !LocaleIdentifier.isKnown(explicit) {
            skipped.append("--locale \"\(EchoedText.cut(BuyerName.visible(explicit)))\"")
            usable = nil
        }
        var environment = environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty, !LocaleIdentifier.isKnown(value) {
                skipped.append("\(name)=\"\(EchoedText.cut(BuyerName.visible(value)))\"")
                environment[name] = nil
            }
        }
        let locale = BuyerContext.locale(explicit: usable, environment: environment, catalogLocale: catalogLocale)
        return Choice(locale: locale, skipped: skipped)
    }
}
