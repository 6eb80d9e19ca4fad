import Foundation

/// Picks the best text for a locale, matching language, script and region as CLDR's likely
/// subtags do: `zh_CN`, `zh_Hans` and `zh-Hans-CN` are one language, `zh_TW` and `zh_Hant`
/// another; `de_CH` falls back to `de`, then to another German, then to the default language.
public enum LanguageFallback {
    /// The value for the key of `table` that best matches `locale`; the default language's when
    /// none is in the same language and script, and the first key's when that is missing too.
    public static func resolve<Value>(_ table: [String: Value], locale: String, defaultLanguage: String) -> Value? {
        let wanted = LocaleIdentifier.normalize(locale)
        if let exact = table[wanted] { return exact }
        // In a language written in one script the bare language is always among the best
        // matches; taking it at once spares parsing every key for most lookups.
        let language = wanted.prefix { $0 != "_" }
        if !LocaleSubtags.languagesWithSeveralScripts.contains(language), let bare = table[String(language)] { return bare }
        if let key = bestKey(in: table.keys, for: wanted) { return table[key] }
        if let fallback = table[defaultLanguage] { return fallback }
        return table.keys.min().flatMap { table[$0] }
    }

    /// The key in the same language and script as `locale`: the same region first, then one
    /// that names no region (the language itself), then the first of the others in order.
    static func bestKey(in keys: some Collection<String>, for locale: String) -> String? {
        var best: (key: String, rank: Int)?
        for (key, rank) in ranked(keys, for: locale) where best == nil || rank < best!.rank || (rank == best!.rank && key < best!.key) {
            best = (key, rank)
        }
        return best?.key
    }

    /// The keys in the same language and script as `locale`, in their order, each with its
    /// rank: 0 for the same region, 1 for a key naming no region, 2 for another region.
    static func ranked(_ keys: some Collection<String>, for locale: String) -> [(key: String, rank: Int)] {
        let wanted = LocaleSubtags(LocaleIdentifier.normalize(locale))
        return keys.compactMap { key in
            let written = LocaleSubtags(LocaleIdentifier.normalize(key), maximized: false)
            let candidate = written.maximized
            guard candidate.language == wanted.language, candidate.script == wanted.script else { return nil }
            return (key, candidate.region == wanted.region ? 0 : written.region == nil ? 1 : 2)
        }
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

    /// Whether `identifier` names a known language (ISO 639), with an optional script and a
    /// known region (ISO 3166, or a UN M.49 number): the one rule for `--locale`, the
    /// environment and the storefront's locale picker.
    public static func isKnown(_ identifier: String) -> Bool {
        var parts = normalize(identifier).split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, knownLanguages.contains(language.lowercased()) else { return false }
        parts.removeFirst()
        if let script = parts.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) { parts.removeFirst() }
        if let region = parts.first {
            let isNumeric = region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber }
            guard isNumeric || knownRegions.contains(region.uppercased()) else { return false }
            parts.removeFirst()
        }
        return parts.isEmpty
    }

    private static let knownLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
    private static let knownRegions = Set(Locale.Region.isoRegions.map(\.identifier))
}
