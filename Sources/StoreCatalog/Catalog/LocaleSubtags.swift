/// A locale identifier split into language, script and region, filled in from likely subtags.
///
/// Only the languages whose script depends on the region (Chinese, Serbian, Punjabi, ...) and
/// the regions a bare language most likely means are listed: enough to match a catalog's
/// localization keys written in one form with a locale written in another, without ICU, whose
/// likely-subtags data Foundation does not expose on Linux.
struct LocaleSubtags: Equatable {
    var language: String
    /// Nil stands for the one script the language is written in where it has only one.
    var script: String?
    var region: String?

    /// Parses `identifier` (already normalized, e.g. `zh_Hant_TW`), filling in the likely script
    /// and region unless `maximized` is false.
    init(_ identifier: String, maximized: Bool = true) {
        let parts = identifier.split(separator: "_").map(String.init)
        language = parts.first?.lowercased() ?? ""
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter), script == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)),
                      region == nil {
                region = part.uppercased()
            }
        }
        if maximized { self = self.maximized }
    }

    private init(language: String, script: String?, region: String?) {
        self.language = language
        self.script = script
        self.region = region
    }

    /// The likely script and region added where the identifier leaves them out.
    var maximized: LocaleSubtags {
        var result = self
        if result.script == nil { result.script = Self.likelyScript(language: language, region: region) }
        if result.region == nil {
            result.region = Self.likelyRegion["\(language)_\(result.script ?? "")"] ?? Self.likelyRegion[language]
        }
        return result
    }

    /// The languages `likelyScript` knows several scripts of.
    static let languagesWithSeveralScripts: Set<Substring> = ["zh", "sr", "pa", "uz", "az", "mn", "ms"]

    /// The script of a language that has several, as written in `region`; nil for the others.
    private static func likelyScript(language: String, region: String?) -> String? {
        switch language {
        case "zh": ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        case "sr": "Cyrl"
        case "pa": region == "PK" ? "Arab" : "Guru"
        case "uz": region == "AF" ? "Arab" : "Latn"
        case "az": region == "IR" ? "Arab" : "Latn"
        case "mn": region == "CN" ? "Mong" : "Cyrl"
        case "ms": region == "CC" ? "Arab" : "Latn"
        default: nil
        }
    }

    /// The region a language (or language and script) most likely means, from CLDR.
    private static let likelyRegion: [String: String] = [
        "zh_Hans": "CN", "zh_Hant": "TW", "sr_Cyrl": "RS", "sr_Latn": "RS", "pa_Guru": "IN", "pa_Arab": "PK",
        "uz_Latn": "UZ", "uz_Arab": "AF", "az_Latn": "AZ", "az_Arab": "IR", "mn_Cyrl": "MN", "mn_Mong": "CN",
        "en": "US", "de": "DE", "fr": "FR", "es": "ES", "it": "IT", "pt": "BR", "ja": "JP", "ko": "KR",
        "nl": "NL", "sv": "SE", "da": "DK", "nb": "NO", "fi": "FI", "pl": "PL", "ru": "RU", "uk": "UA",
        "tr": "TR", "ar": "EG", "he": "IL", "hi": "IN", "th": "TH", "vi": "VN", "id": "ID", "ms_Latn": "MY",
        "cs": "CZ", "el": "GR", "hu": "HU", "ro": "RO", "sk": "SK", "hr": "HR", "ca": "ES",
    ]
}
