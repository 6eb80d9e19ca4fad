import Foundation
import StoreEngine
import StorefrontCommands
import StorefrontText
import Testing

/// Parsing against the declarations: every mistake is caught here, before a store is opened.
@Suite("Commands: parsing")
struct CommandLineParserTests {
    private func usageMistake(_ arguments: [String]) -> String? {
        do {
            _ = try CommandLineArguments.parse(arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aGroupWithoutItsSubcommandSaysOneIsMissingThenListsThem() throws {
        let message = try #require(usageMistake(["store"]))
        #expect(message.hasPrefix("store needs a subcommand; use `storefront store init"), "\(message)")
        #expect(message.contains("`storefront store copy"), "\(message)")
    }

    @Test func aGroupWithAnUnknownSubcommandNamesTheWordThenListsThem() throws {
        let message = try #require(usageMistake(["store", "frob"]))
        #expect(message.hasPrefix("\"frob\" is not a store subcommand; use `storefront store init"), "\(message)")
    }

    @Test func anOptionTheCommandDoesNotTakeNamesTheOnesItDoes() throws {
        let message = try #require(usageMistake(["buy", "com.example.rage.noads", "--amount", "2"]))
        #expect(message.contains("buy does not take --amount"), "\(message)")
        #expect(message.contains("--quantity N") && message.contains("--no-finish") && message.contains("--app-account-token UUID"),
                "\(message)")
        let none = try #require(usageMistake(["restore", "--quantity", "2"]))
        #expect(none.contains("restore does not take --quantity; it takes only the global options"), "\(none)")
    }

    @Test("every option at most once, flags included", arguments: [
        ["--json", "--json", "products"], ["buy", "com.example.rage.noads", "--no-finish", "--no-finish"],
        ["--account", "a", "--account", "b", "products"],
    ])
    func anOptionGivenTwiceIsAMistake(arguments: [String]) {
        let name = arguments.first { $0.hasPrefix("--") } ?? ""
        #expect(usageMistake(arguments) == "\(name) is given twice; give it once")
    }

    @Test("--catalog twice: every catalog in order for serve, a mistake for any other command", arguments: [
        ["--catalog", "Rage", "--catalog", "SpaceShooter", "products"], ["--catalog", "Rage", "--catalog", "SpaceShooter"],
        ["serve", "--catalog", "Rage", "--catalog=SpaceShooter", "--host", "127.0.0.1", "--catalog", "Magazine", "--json", "--json"],
    ])
    func onlyServeTakesSeveralCatalogs(arguments: [String]) {
        #expect(usageMistake(arguments) == "--\(arguments.last == "--json" ? "json" : "catalog") is given twice; give it once")
    }

    @Test func serveKeepsEveryCatalogInTheOrderGiven() throws {
        let parsed = try CommandLineArguments.parse(["--catalog", "Rage", "serve", "--catalog=SpaceShooter", "--port", "0",
                                                     "--catalog", "Magazine"])
        #expect(parsed.command?.name == "serve")
        #expect(parsed.catalogPaths == ["Rage", "SpaceShooter", "Magazine"])
        #expect(parsed.catalogPath == "Rage")
        #expect(try CommandLineArguments.parse(["serve"]).catalogPaths.isEmpty)
    }

    /// Every option that takes a value, global or a command's, with a command that takes it.
    private static let valueOptions: [(option: String, command: [String])] = {
        let global = GlobalOptions.declarations.filter(\.takesValue).map { (option: $0.name, command: ["products"]) }
        let ofCommands = CommandList.all.flatMap { command in
            command.options.filter(\.takesValue).map { (option: $0.name, command: command.words) }
        }
        return global + ofCommands
    }()

    @Test func everyOptionGivenAnEmptyValueIsAUsageMistakeNamingIt() throws {
        #expect(Self.valueOptions.contains { $0.option == "store" } && Self.valueOptions.contains { $0.option == "key-id" })
        for (option, command) in Self.valueOptions {
            for spelling in [["--\(option)", ""], ["--\(option)="]] {
                let message = usageMistake(command + spelling)
                #expect(message?.hasPrefix("--\(option) is empty; give it ") == true, "\(command + spelling): \(message ?? "accepted")")
            }
            // Blank too (before: `--entitlements " "` made a ledger named " "); names say it in their words.
            guard !["account", "device", "store"].contains(option) else { continue }
            for spelling in [["--\(option)", " "], ["--\(option)=\t"]] {
                let message = usageMistake(command + spelling)
                #expect(message?.hasPrefix("--\(option) is blank (only white space); give it ") == true,
                        "\(command + spelling): \(message ?? "accepted")")
            }
        }
    }

    @Test("an empty or blank id (transaction, product, credit, key) or path is a usage mistake naming it, for every command that takes one (before: `resolve \"\"` looked for a transaction \"\")")
    func everyIdGivenEmptyIsAUsageMistakeNamingIt() throws {
        func namesSomething(_ argument: ArgumentDeclaration) -> Bool {
            switch argument.completion {
            case .dynamic, .file, .fileOrWords: true
            default: false
            }
        }
        let takingIds = CommandList.all.filter { $0.arguments.contains(where: namesSomething) }
        #expect(takingIds.contains { $0.name == "resolve" } && takingIds.contains { $0.name == "spend" }
                && takingIds.contains { $0.name == "catalog lint" })
        for command in takingIds {
            // Every argument before the id gets a word that is not blank.
            let position = try #require(command.arguments.firstIndex(where: namesSomething))
            for (blank, said) in [("", "an empty"), ("  ", "a blank"), ("\t", "a blank")] {
                let words = command.words + Array(repeating: "x", count: position) + [blank]
                let message = usageMistake(words)
                #expect(message?.hasPrefix("\(command.name) was given \(said) \(command.arguments[position].placeholder): ") == true,
                        "\(words): \(message ?? "accepted")")
            }
        }
        #expect(usageMistake(["resolve", ""]) == "resolve was given an empty TX: resolve needs a transaction id; `storefront transactions` lists them")
    }

    @Test("a blank account or device name is refused with an example of its kind (before: \"tester\" for a device too)")
    func blankNamesAreAdvisedWithANameOfTheirKind() throws {
        #expect(try #require(usageMistake(["--device", " ", "products"])).contains("give a name such as \"tablet\""))
        #expect(try #require(usageMistake(["--account", " ", "products"])).contains("give a name such as \"tester\""))
    }

    @Test func anUnknownFlagIsCaughtAtParseTimeWhereverItStands() throws {
        #expect(try #require(usageMistake(["--no-finish", "products"])).contains("products does not take --no-finish"))
        #expect(try #require(usageMistake(["--bogus"])).contains("unknown option --bogus"))
    }

    @Test func optionsMayComeBeforeTheCommand() throws {
        let parsed = try CommandLineArguments.parse(["--quantity", "3", "--json", "buy", "com.example.rage.face.random"])
        #expect(parsed.command?.name == "buy")
        #expect(parsed.options["quantity"] == "3" && parsed.json)
        #expect(parsed.commandArguments == ["com.example.rage.face.random"])
    }

    @Test func theLongestDeclaredNameWins() throws {
        let set = try CommandLineArguments.parse(["settings", "set", "ask-to-buy", "true"])
        #expect(set.command?.name == "settings set")
        #expect(set.commandArguments == ["ask-to-buy", "true"])
        #expect(try CommandLineArguments.parse(["settings"]).command?.name == "settings")
        #expect(try CommandLineArguments.parse(["catalog", "lint", "Rage"]).command?.name == "catalog lint")
    }

    @Test func theWrongNumberOfArgumentsIsTheCommandsOwnSentence() throws {
        #expect(try #require(usageMistake(["buy"])).contains("buy needs one product id"))
        #expect(try #require(usageMistake(["buy", "a", "b"])).contains("buy was given \"b\" after what it takes: buy needs one product id"))
        #expect(try #require(usageMistake(["settings", "set"])).contains("`settings set NAME VALUE`"))
        #expect(try #require(usageMistake(["products", "extra"])).contains("products takes no arguments, but was given \"extra\""))
        #expect(try #require(usageMistake(["catalog"])).contains("`storefront catalog lint PATH`"))
        // A word that names none of the group's commands is named (before: the group's usage alone).
        #expect(try #require(usageMistake(["catalog", "foo"])).hasPrefix("\"foo\" is not a catalog subcommand; "))
    }

    @Test("a setting named without its value says what values it takes; an unknown one says so (before: the command's shape for both)")
    func aSettingWithoutItsValueListsItsValues() throws {
        #expect(usageMistake(["settings", "set", "ask-to-buy"]) == "settings set ask-to-buy needs a VALUE: one of true, false")
        let rates = try #require(usageMistake(["settings", "set", "time-rate"]))
        #expect(rates.hasPrefix("settings set time-rate needs a VALUE: one of real-time, ") && rates.contains("day-every-second"), "\(rates)")
        #expect(try #require(usageMistake(["settings", "set", "fail.purchase"])).contains("one of none, network, network:once"))
        #expect(usageMistake(["settings", "set", "notification-url"])
            == "settings set notification-url needs a VALUE: none, or what `storefront settings set --help` says it takes")
        let unknown = try #require(usageMistake(["settings", "set", "time-rates"]))
        #expect(unknown.hasPrefix("unknown setting \"time-rates\"; settings are purchases-allowed, "), "\(unknown)")
    }

    @Test("settings set --help names every setting the store keeps (before: not receipt-shared-secret); its shape's words name what they show")
    func settingsHelpNamesEverySetting() throws {
        for setting in StoreSetting.allCases {
            let named = #"(^|[^a-z.-])"# + NSRegularExpression.escapedPattern(for: setting.rawValue) + #"([^a-z-]|$)"#
            #expect(CommandHelpText.Command.settingsSetDetails.range(of: named, options: .regularExpression) != nil, "\(setting.rawValue)")
        }
        #expect(try #require(usageMistake(["settings", "set"])).hasPrefix("use `settings` to show the settings, or `settings set NAME VALUE` to change one"))
    }

    @Test func helpForACommandSkipsItsArgumentCheck() throws {
        let parsed = try CommandLineArguments.parse(["buy", "--help"])
        #expect(parsed.help && parsed.command?.name == "buy")
    }

    @Test func helpForAGroupOfCommandsIsTheHelpCommandForIt() throws {
        for group in [["store"], ["api-key"], ["catalog"]] {
            let parsed = try CommandLineArguments.parse(group + ["--help"])
            #expect(!parsed.help && parsed.command?.name == "help" && parsed.commandArguments == group)
        }
        #expect(try #require(usageMistake(["store"])).contains("`storefront store init`"))
        #expect(try #require(usageMistake(["fly", "--help"])).contains("unknown command \"fly\""))
    }

    @Test func anUnknownCommandIsAUsageMistake() throws {
        #expect(try #require(usageMistake(["fly"])).contains("unknown command \"fly\""))
    }
}
