import Foundation
import StoreCatalog

/// Keeps the locale variables ICU reads by itself within what it can parse.
///
/// Storefront formats with the locale it chose (`LocaleChoice`), yet ICU still works out its
/// own default from `LC_ALL`, `LC_MESSAGES` and `LANG` the first time a formatter runs, and on
/// Linux a value it cannot parse (a tag of a dozen letters, `LANG=aaaaaaaaaaaa`) made that crash
/// the process. A value that is no locale by Storefront's rule is replaced, in the process's
/// environment only, by `C` with the value's own codeset (`.UTF-8` stays, so the terminal's
/// characters are read as before); the environment the commands are given keeps what was typed,
/// which `LocaleChoice` warns of.
public enum ICULocaleEnvironment {
    /// The variables ICU reads for its default locale, in its order.
    static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// Replaces each of `variables` that `environment` holds and that is no locale. Call before
    /// any other thread starts and before anything is formatted.
    public static func setAsideUnknownLocales(of environment: [String: String]) {
        for name in variables {
            guard let value = environment[name], !value.isEmpty, !LocaleIdentifier.isKnown(value) else { continue }
            setenv(name, replacement(for: value), 1)
        }
    }

    /// `C` with the codeset `value` names, if any: "C.UTF-8" for "aaaaaaaaaaaa.UTF-8@euro".
    static func replacement(for value: String) -> String {
        guard let dot = value.firstIndex(of: ".") else { return "C" }
        let codeset = value[value.index(after: dot)...].prefix { $0 != "@" }
        return codeset.isEmpty || !codeset.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) ? "C" : "C.\(codeset)"
    }
}
