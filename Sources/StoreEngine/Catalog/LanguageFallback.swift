import Foundation

/// Picks the best text for a locale: `de_CH` → `de` → the catalog's default language.
public enum LanguageFallback {
    /// The candidate keys for `locale`, most specific first, ending with `defaultLanguage`.
    public static func candidates(for locale: String, defaultLanguage: String) -> [String] {
        let normalized = LocaleIdentifier.normalize(locale)
        var result = [normalized]
        if let underscore = normalized.firstIndex(of: "_") {
            result.append(String(normalized[..<underscore]))
        }
        result.append(defaultLanguage)
        return result
    }

    /// The value for the first candidate key present in `table`.
    public static func resolve<Value>(_ table: [String: Value], locale: String, defaultLanguage: String) -> Value? {
        for key in candidates(for: locale, defaultLanguage: defaultLanguage) {
            if let value = table[key] { return value }
        }
        return table.keys.sorted().first.flatMap { table[$0] }
    }
}

/// Locale identifier helpers that do not depend on `Locale.current`, which is fixed on Linux.
public enum LocaleIdentifier {
    /// `de-CH`, `de_CH.UTF-8` and `de_CH@euro` all become `de_CH`; `C`/`POSIX` become `en_US`.
    public static func normalize(_ identifier: String) -> String {
        var text = identifier
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = String(text[..<cut]) }
        text = text.replacingOccurrences(of: "-", with: "_")
        if text.isEmpty || text == "C" || text == "POSIX" { return "en_US" }
        return text
    }

    /// The region part (`CH` of `de_CH`), if any.
    public static func region(of identifier: String) -> String? {
        let parts = normalize(identifier).split(separator: "_")
        guard parts.count >= 2, let last = parts.last, last.count == 2, last.allSatisfy(\.isLetter) else { return nil }
        return last.uppercased()
    }

    /// The language part (`de` of `de_CH`).
    public static func language(of identifier: String) -> String {
        String(normalize(identifier).split(separator: "_").first ?? "en")
    }
}
