import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// Choosing and checking catalogs from the command line, and `advance` at its limits.
@Suite struct CatalogCLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    @Test func builtInCatalogsAreChosenByNameInAnyCase() throws {
        for name in ["SpaceShooter", "spaceshooter", "MAGAZINE"] {
            let result = try cli.run(["products", "--json", "--catalog", name])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let products = try result.decoded([JSONShapes.ProductEntry].self)
            #expect(!products.isEmpty)
        }
        let shooter = try cli.run(["products", "--json", "--catalog", "spaceshooter"])
        #expect(shooter.stdout.contains("com.example.spaceshooter.greenship"))
        let lint = try cli.run(["catalog", "lint", "Magazine"])
        #expect(lint.status == 0 && lint.stdout.contains("usable"), "\(lint.stdout)\(lint.stderr)")
        let unknown = try cli.run(["products", "--catalog", "NoSuchShop"])
        #expect(unknown.status == 3 && unknown.stderr.contains("builtin:Rage, builtin:SpaceShooter, builtin:Magazine"))
    }

    @Test func aDirectoryGivenAsTheCatalogIsNamedAsOneForEveryCommand() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        for arguments in [["serve", "--port", "0", "--catalog", folder], ["products", "--catalog", folder], ["catalog", "lint", folder]] {
            let result = try cli.run(arguments)
            #expect(result.status == 3, "\(arguments): \(result.stderr)")
            let said = result.stdout + result.stderr
            #expect(said.contains("is a directory; give the path of a catalog file"), "\(arguments): \(said)")
            #expect(!said.contains("permissions"), "\(arguments): \(said)")
        }
    }

    @Test("a device or a pipe given as the catalog is refused as no ordinary file, at once (before: a pipe was read for ever, /dev/zero was said to need other permissions)")
    func aDeviceOrPipeIsNoCatalog() throws {
        let fifo = try StorefrontProcess.temporaryFolder() + "/catalog.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in ["/dev/zero", fifo] {
            for arguments in [["products", "--catalog", path], ["catalog", "lint", path]] {
                let result = try cli.run(arguments)
                let said = result.stdout + result.stderr
                #expect(result.status == 3 && said.contains("the catalog file is not an ordinary file (a device, pipe or socket)"),
                        "\(arguments): \(said)")
                #expect(!said.contains("permissions"), "\(arguments): \(said)")
            }
        }
    }

    @Test("lint warns of a plan whose group is not among the declared subscriptionGroups, and of a storefront code that is no country, at their places (before: usable, silently)")
    func lintWarnsOfUndeclaredGroupsAndUnknownStorefronts() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/groups.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}, {"code": "XXX", "currency": "USD"}],
         "subscriptionGroups": [{"id": "g", "names": {"en": "G"}}],
         "products": [{"id": "s", "type": "autoRenewable", "localizations": {"en": {"title": "S"}}, "prices": {"USA": "1.00"},
           "subscription": {"group": "missing", "period": "P1M", "level": 1}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("\(path):2:63: warning: field storefronts[1].code: \"XXX\" is no ISO 3166-1 alpha-3 country code"),
                "\(lint.stdout)")
        #expect(lint.stdout.contains("\(path):5:30: warning: product s, field products[0].subscription.group: the group \"missing\" is not "
            + "among subscriptionGroups (g)"), "\(lint.stdout)")
    }

    @Test func lintTakesTheCatalogOptionLikeThePositionalForm() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/prices.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "JPN", "currency": "JPY"}],
         "products": [{"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "A"}}, "prices": {"JPN": "160.5", "JPN": "160"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let positional = try cli.run(["catalog", "lint", path])
        let option = try cli.run(["catalog", "lint", "--catalog", path])
        #expect(positional.status == 3 && option.status == 3)
        #expect(option.stdout == positional.stdout && option.stderr == positional.stderr)
        #expect(option.stdout.contains("JPY has no minor unit"))
        #expect(option.stdout.contains("written twice"))
        // The key written twice is placed in its product, as every other problem of a product is.
        #expect(option.stdout.contains("product a, field products[0].prices.JPN: \"JPN\" is written twice"), "\(option.stdout)")
        let both = try cli.run(["catalog", "lint", path, "--catalog", "Rage"])
        #expect(both.status == 2)
        // Its advice gives no command that names both again (before: `storefront --catalog builtin:Rage catalog lint PATH`).
        #expect(both.stderr.contains("catalog lint was given two catalogs, \(path) and --catalog Rage; give it one, as its argument or with --catalog"),
                "\(both.stderr)")
        #expect(!both.stderr.contains("`storefront --catalog"), "\(both.stderr)")
    }

    @Test("lint warns of characters that draw nothing (a zero-width space) in a name, and not of the joiners emoji and scripts need (before: not flagged)")
    func lintWarnsOfInvisibleCharacters() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/invisible.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}],
         "credits": [{"id": "faces", "names": {"en": "Rage Faces\\u200b"}}],
         "products": [{"id": "a", "type": "consumable", "grant": {"credit": "faces", "amount": 1},
                       "localizations": {"en": {"title": "Family \\ud83d\\udc68\\u200d\\ud83d\\udc69\\u200d\\ud83d\\udc67 \\u2764\\ufe0f"}}, "prices": {"USA": "1"}},
                      {"id": "b", "type": "nonConsumable", "localizations": {"en": {"title": "B\\u2060\\ufeff"}}, "prices": {"USA": "1"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("field credits[0].names.en: the text contains characters that draw nothing (U+200B), so buyers "
                                     + "cannot see them"), "\(lint.stdout)")
        #expect(lint.stdout.contains("product b, field products[1].localizations.en.title: the text contains characters that draw "
                                     + "nothing (U+2060, U+FEFF)"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("products[0]"), "the joiners and the variation selector of emoji are not warned of: \(lint.stdout)")
    }

    @Test("lint warns of a tab in a text, which is shown as a space (before: not flagged), where it is; a text with a control character is named for that")
    func lintWarnsOfATabInAText() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/tabs.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}],
         "products": [{"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "Remove\\tAds", "description": "Line one\\nline two"}}, "prices": {"USA": "1"}},
                      {"id": "b", "type": "nonConsumable", "localizations": {"en": {"title": "B\\t\\u0007"}}, "prices": {"USA": "1"}},
                      {"id": "d", "type": "nonConsumable", "localizations": {"en": {"title": "Two\\r\\nLines"}}, "prices": {"USA": "1"}},
                      {"id": "c", "type": "nonConsumable", "localizations": {"en": {"title": "\\u001b[1mC\\u0007\\u001b\\u0001\\u0002\\u0003\\u0004\\u0005"}}, "prices": {"USA": "1"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("\(path):3:86: warning: product a, field products[0].localizations.en.title: the text contains a tab (U+0009), "
                                     + "which is shown as one space"), "\(lint.stdout)")
        // A line break in a description is how descriptions are written: not warned of.
        #expect(!lint.stdout.contains("localizations.en.description"), "\(lint.stdout)")
        // The tab beside a control character is named too (before: only the control character).
        #expect(lint.stdout.contains("product b, field products[1].localizations.en.title: the text contains control characters, escape "
                                     + "sequences or bidi overrides (U+0007); they are removed when shown, so remove them from the catalog; "
                                     + "it also contains a tab (U+0009), which is shown as one space"), "\(lint.stdout)")
        // Each different one, in the order written, the first five named (before: only the first).
        #expect(lint.stdout.contains("product c, field products[3].localizations.en.title: the text contains control characters, escape "
                                     + "sequences or bidi overrides (U+001B, U+0007, U+0001, U+0002, U+0003 and 2 more); they are removed"),
                "\(lint.stdout)")
        // A title is one line: a line break in it is warned of, as in a description it is not (before: neither).
        #expect(lint.stdout.contains("product d, field products[2].localizations.en.title: the text contains a line break"), "\(lint.stdout)")
        #expect(lint.stdout.contains("usable with 4 warnings"), "\(lint.stdout)")
    }

    @Test("lint names every kind of problem a text has, each a warning at the text: a control character, a line break, a tab and a character that draws nothing (before: only the first kind, the next found once it was mended)")
    func lintNamesEveryKindOfProblemOfAText() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/kinds.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}],
         "products": [{"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "Evil\\u0007Title\\nx"}}, "prices": {"USA": "1"}},
                      {"id": "b", "type": "nonConsumable", "localizations": {"en": {"title": "Tab\\there\\u200b"}}, "prices": {"USA": "1"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let a = "\(path):3:86: warning: product a, field products[0].localizations.en.title: the text contains "
        #expect(lint.stdout.contains(a + "control characters, escape sequences or bidi overrides (U+0007)"), "\(lint.stdout)")
        #expect(lint.stdout.contains(a + "a line break"), "\(lint.stdout)")
        let b = "product b, field products[1].localizations.en.title: the text contains "
        #expect(lint.stdout.contains(b + "a tab (U+0009)") && lint.stdout.contains(b + "characters that draw nothing (U+200B)"), "\(lint.stdout)")
        #expect(lint.stdout.contains("usable with 4 warnings"), "\(lint.stdout)")
    }

    @Test("lint places a text warning of a product whose id is repeated at that product (before: at the first with the id)")
    func lintPlacesATextWarningOfARepeatedIDAtItsProduct() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/repeated.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}],
         "products": [{"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "Fine"}}, "prices": {"USA": "1"}},
                      {"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "Tab\\there"}}, "prices": {"USA": "1"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.stdout.contains("duplicate product id"), "\(lint.stdout)")
        #expect(lint.stdout.contains("\(path):4:86: warning: product a, field products[1].localizations.en.title: the text contains a tab"),
                "\(lint.stdout)")
        #expect(!lint.stdout.contains("products[0].localizations.en.title"), "\(lint.stdout)")
    }

    @Test("lint of an overlay names the imported .storekit file for that file's text, and the overlay, with its place, for its own (before: the overlay for both)")
    func lintOfAnOverlayNamesTheFileATextIsIn() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let storeKit = try String(contentsOfFile: TUISheetsTests.catalogPath("CoinShop").replacingOccurrences(of: ".json", with: ".storekit"),
                                  encoding: .utf8)
        try storeKit.replacingOccurrences(of: "\"displayName\" : \"500 Coins\"", with: "\"displayName\" : \"500\\u0007 Coins\"")
            .write(toFile: folder + "/shop.storekit", atomically: true, encoding: .utf8)
        try """
        {"format": "storefront-catalog", "version": 1, "import": "shop.storekit",
         "app": {"name": "Coin\\u202eShop", "bundleId": "com.example.coinshop"}}
        """.write(toFile: folder + "/shop.json", atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", folder + "/shop.json"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("\(folder)/shop.storekit: warning: product com.example.coinshop.coins.500, field localizations.")
                && lint.stdout.contains("the text contains control characters, escape sequences or bidi overrides (U+0007)"),
                "\(lint.stdout)")
        #expect(lint.stdout.contains("\(folder)/shop.json:2:18: warning: field app.name: the text contains control characters"), "\(lint.stdout)")
    }

    @Test("lint warns of a language tag that is no locale, in either format, where it is written (before: passed silently)")
    func lintWarnsOfATagThatIsNoLocale() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}],
         "credits": [{"id": "coins", "names": {"en": "Coins", "english": "Coins"}}],
         "products": [{"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "A"}, "xx_YY": {"title": "B"}}, "prices": {"USA": "1"}}]}
        """.write(toFile: folder + "/tags.json", atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", folder + "/tags.json"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("tags.json:3:66: warning: field credits[0].names.english: \"english\" is not a locale Storefront knows"),
                "\(lint.stdout)")
        #expect(lint.stdout.contains("tags.json:4:101: warning: product a, field products[0].localizations.xx_YY: \"xx_YY\" is not a locale"),
                "\(lint.stdout)")
        #expect(!lint.stdout.contains("\"en\" is not a locale"), "\(lint.stdout)")

        let storeKit = try String(contentsOfFile: TUISheetsTests.catalogPath("CoinShop").replacingOccurrences(of: ".json", with: ".storekit"),
                                  encoding: .utf8)
        let edited = storeKit.replacingOccurrences(of: "\"locale\" : \"de\"", with: "\"locale\" : \"zz_QQ\"")
        #expect(edited != storeKit, "the sample has a de localization to spoil")
        try edited.write(toFile: folder + "/tags.storekit", atomically: true, encoding: .utf8)
        let storeKitLint = try cli.run(["catalog", "lint", folder + "/tags.storekit"])
        #expect(storeKitLint.stdout.contains(".locale: \"zz_QQ\" is not a locale Storefront knows"), "\(storeKitLint.stdout)")
    }

    @Test func lintChecksTheTextOfACatalogWithErrorsToo() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/faulty.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "Shop\\u001b[31m", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}],
         "products": [{"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "A\\u202e"}}, "prices": {"USA": "-1"}},
                      {"id": "a", "type": "nonConsumable", "localizations": {"en": {"title": "B"}}, "prices": {"USA": "1"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.status == 3)
        // The text warnings say where, as the errors do (before: no line or column, and the field by its language alone).
        for expected in ["field products[0].prices.USA: the price -1 is negative", "field products[1].id: duplicate product id \"a\"",
                         "faulty.json:1:64: warning: field app.name: the text contains",
                         "faulty.json:3:86: warning: product a, field products[0].localizations.en.title: the text contains"] {
            #expect(lint.stdout.contains(expected), "\(expected): \(lint.stdout)")
        }
    }

    @Test("a product without localizations is one problem, at the product (before: also a missing default title, with no line or column)")
    func missingLocalizationsAreOneProblemWithAPlace() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/bare.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "Shop", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}],
         "products": [{"id": "a", "type": "nonConsumable", "prices": {"USA": "1"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.status == 3 && lint.stdout.contains("bare.json:3:15: error: product a, field products[0].localizations: is missing"),
                "\(lint.stdout)")
        #expect(!lint.stdout.contains("default language"), "\(lint.stdout)")
        #expect(lint.stdout.components(separatedBy: " error: ").count == 2, "one error: \(lint.stdout)")
    }

    @Test func hugeAdvancesAreRefusedWithTheLimit() throws {
        _ = try cli.run(["buy", "com.example.rage.pro.monthly"])
        for duration in ["2000000000000000000w", "P800000000000000000Y", "P101Y"] {
            let result = try cli.run(["advance", duration])
            #expect(result.status == 2, "\(duration): \(result.stderr)")
            #expect(result.stderr.contains("100 years"))
        }
        let century = try cli.run(["advance", "P100Y", "--json"])
        #expect(century.status == 0, "\(century.stderr)")
        let due = try century.decoded(JSONShapes.AdvanceResult.self).dueEvents
        #expect(due == 101)
        let read = try cli.run(["entitlements", "--json"])
        #expect(read.status == 0)
        let lines = try cli.events().count
        _ = try cli.run(["entitlements", "--json"])
        #expect(try cli.events().count == lines)
    }
}
