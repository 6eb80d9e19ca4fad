import Foundation

/// A catalog whose text tries to drive the terminal: escape sequences that clear the screen,
/// set the window title, leave the alternate screen, reset or hide the cursor; C0 and C1
/// controls; bidi overrides; 10,000-character strings; wide characters.
enum HostileCatalog {
    /// Text the screen must show once the hostile parts are removed.
    static let neutralisedFragments = ["ClearScreen", "Reversed", "Isolated", "Bell", "Wide 漢字"]
    /// Text that must never reach the screen or the window title.
    static let forbiddenFragments = ["PWNED", "[2J", "31m", "1049", "[?25"]
    static let titleMarker = "PWNED"

    static let json: String = {
        let long = String(repeating: "L", count: 10_000)
        let longDescription = (0..<1_000).map { "word\($0) " }.joined()
        return #"""
        {
          "format": "storefront-catalog",
          "version": 1,
          "app": { "name": "Hostile\u001b[2J Shop", "bundleId": "com.example.hostile" },
          "defaultLanguage": "en",
          "storefronts": [ { "code": "USA", "currency": "USD" } ],
          "credits": [ { "id": "coins", "names": { "en": "Co\u001b[31mins\u0007" }, "maximum": 99, "scope": "account" } ],
          "products": [
            { "id": "com.example.hostile.clear", "type": "consumable",
              "localizations": { "en": { "title": "Clear\u001b[2J\u001b[HScreen",
                "description": "Title \u001b]0;PWNED\u0007 leave \u001b[?1049l reset \u001bc hide \u001b[?25l end" } },
              "prices": { "USA": "0.99" }, "grant": { "credit": "coins", "amount": 5 } },
            { "id": "com.example.hostile.bidi", "type": "nonConsumable",
              "localizations": { "en": { "title": "\u202eReversed\u202c \u2066Isolated\u2069 \u200fMark",
                "description": "\u202dOverride\u202c and \u2067right to left\u2069" } },
              "prices": { "USA": "1.99" } },
            { "id": "com.example.hostile.controls", "type": "nonConsumable",
              "localizations": { "en": { "title": "Bell\u0007Back\u0008Return\rTab\tDel\u007fC1\u009b31mEnd\u0000",
                "description": "Line\nbreaks\u000bvertical\u000cfeed \u001bP1$r\u001b\\ dcs" } },
              "prices": { "USA": "2.99" } },
            { "id": "com.example.hostile.long", "type": "nonConsumable",
              "localizations": { "en": { "title": "\#(long)", "description": "\#(longDescription)" } },
              "prices": { "USA": "3.99" } },
            { "id": "com.example.hostile.wide", "type": "nonConsumable",
              "localizations": { "en": { "title": "Wide 漢字のタイトル 🎉", "description": "全角の説明" } },
              "prices": { "USA": "4.99" } }
          ]
        }
        """#
    }()
}
