import StoreEngine
import StorefrontText

/// Reads a command line against the declared commands.
///
/// Options may come before or after the command's name, so the words are read first with
/// every declared option known (an option name means the same, value or flag, in every
/// command: `CommandListTests` checks it); the command is then found by its words, and each
/// option given is checked against what that command declares.
struct CommandLineParser {
    let commands: [CommandDeclaration]
    private var result = CommandLineArguments()
    /// Options given that are not global, in the order given, to check against the command.
    private var commandOptions: [String] = []
    /// Global options given more than once, to check against the command (see `repeatableGlobalOptions`).
    private var repeatedGlobalOptions: [String] = []

    init(commands: [CommandDeclaration]) {
        self.commands = commands
    }

    private var valueOptions: Set<String> {
        Set((GlobalOptions.declarations + commands.flatMap(\.options)).filter(\.takesValue).map(\.name))
    }

    mutating func parse(_ arguments: [String]) throws(UsageError) -> CommandLineArguments {
        let valueOptions = valueOptions
        let repeatableNames = Set(commands.flatMap(\.repeatableGlobalOptions))
        var given: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result.words.append(contentsOf: arguments[(index + 1)...])
                break
            }
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var inline: String?
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                let needsValue = valueOptions.contains(name)
                // Keeping the last of two values would silently drop the other; a flag given twice
                // is refused too, so the rule is one: every option at most once.
                // A command may take a global option several times (`serve --catalog`), which
                // is only known once the command is found.
                if !given.insert(name).inserted {
                    guard repeatableNames.contains(name) else { throw UsageError(CommandLineText.Usage.givenTwice(name)) }
                    repeatedGlobalOptions.append(name)
                }
                var value: String?
                if needsValue {
                    if let inline {
                        value = inline
                    } else {
                        index += 1
                        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                            throw UsageError(CommandLineText.Usage.needsValue(name))
                        }
                        value = arguments[index]
                    }
                } else if inline != nil {
                    throw UsageError(CommandLineText.Usage.takesNoValue(name))
                }
                // No option means anything when empty: `--store ""` would otherwise fall back to
                // the default store, and "" given to a command would be judged as a value (an
                // unknown key id rather than a missing one).
                if value?.isEmpty == true { throw UsageError(CommandLineText.Usage.emptyValue(name, placeholder: placeholder(of: name))) }
                // Nor when blank: `--entitlements " "` would make a ledger named " " where the
                // command runs. Names (`--account`, `--device`) and `--store` (like `STOREFRONT_STORE`)
                // are judged in their own words.
                if let value, value.allSatisfy(\.isWhitespace), !["account", "device", "store"].contains(name) {
                    throw UsageError(CommandLineText.Usage.blankValue(name, placeholder: placeholder(of: name)))
                }
                try take(name, value: value)
            } else if argument == "-h" {
                result.help = true
            } else if argument.hasPrefix("-"), argument.count > 1, !Self.isNegativeAmount(argument) {
                // "-3d" and "-P1D" are words (a negative duration or number) that their command
                // explains; anything else with one dash is a mistyped option.
                throw UsageError(CommandLineText.Usage.singleDash(argument))
            } else {
                result.words.append(argument)
            }
            index += 1
        }
        redirectGroupHelpToHelpCommand()
        do {
            result.command = try findCommand()
            try checkCommandOptions()
            try checkRepeatedOptions()
            if !result.help, let command = result.command {
                try checkArgumentCount(of: command)
                try checkBlankIdentifiers(of: command)
            }
        } catch {
            var mistake = error
            mistake.readSoFar = result
            throw mistake
        }
        return result
    }

    /// Whether `argument`, which starts with one dash, reads as a negative number or duration
    /// ("-3", "-3d", or the ISO 8601 "-P1D" and "-PT1H") rather than as an option.
    static func isNegativeAmount(_ argument: String) -> Bool {
        let body = argument.dropFirst()
        if body.first?.isNumber == true { return true }
        guard body.first == "P" || body.first == "p", let next = body.dropFirst().first else { return false }
        return next.isNumber || next == "T" || next == "t"
    }

    /// Records one option: a global one in its field, any other for the command to check.
    private mutating func take(_ name: String, value: String?) throws(UsageError) {
        switch name {
        case "catalog": result.catalogPaths += value.map { [$0] } ?? []
        case "entitlements": result.entitlementsPath = value
        case "store": result.storeAddress = value
        case "account": result.account = try Self.buyerName(value, option: name)
        case "device": result.device = try Self.buyerName(value, option: name)
        case "locale": result.locale = value
        case "storefront": result.storefront = value
        case "json": result.json = true
        case "help": result.help = true
        case "version": result.version = true
        default:
            if let value { result.options[name] = value } else { result.flags.insert(name) }
            commandOptions.append(name)
        }
    }

    /// What the declarations call the value of the option `name` (`URL`, `KEY_ID`), for messages.
    private func placeholder(of name: String) -> String {
        let declarations = GlobalOptions.declarations + commands.flatMap(\.options)
        return declarations.lazy.filter { $0.name == name }.compactMap(\.placeholder).first ?? "a value"
    }

    /// `store --help` names a group of commands, not one: it is answered as `help store` is,
    /// with every command of the group, rather than refused as a group given alone.
    private mutating func redirectGroupHelpToHelpCommand() {
        let words = result.words
        guard result.help, !words.isEmpty, !commands.contains(where: { words.starts(with: $0.words) }),
              commands.contains(where: { !$0.isHidden && $0.words.starts(with: words) }) else { return }
        result.words = ["help"] + words
        result.help = false
    }

    /// The declared command whose words start the words given, the longest one first, so
    /// "settings set" wins over "settings".
    private func findCommand() throws(UsageError) -> CommandDeclaration? {
        let words = result.words
        guard let first = words.first else { return nil }
        let matches = commands.filter { words.starts(with: $0.words) }
        if let longest = matches.max(by: { $0.words.count < $1.words.count }) { return longest }
        // "catalog" alone: a group of commands named by two words.
        let group = commands.filter { $0.words.first == first && !$0.isHidden }
        if !group.isEmpty {
            let shared = Set(group.map { $0.wrongArguments ?? "" })
            // A word after the group's name that names none of its commands is named (`catalog foo`).
            if shared.count == 1, let hint = group[0].wrongArguments, words.count == 1 { throw UsageError(hint) }
            let choices = group.map(\.synopsis)
            // Only the choices would leave the person guessing whether the word was wrong or missing.
            if words.count > 1 { throw UsageError(CommandLineText.Usage.unknownSubcommand(words[1], of: first, choices: choices)) }
            throw UsageError(CommandLineText.Usage.missingSubcommand(of: first, choices: choices))
        }
        throw UsageError(CommandLineText.Usage.unknownCommand(first))
    }

    private func checkCommandOptions() throws(UsageError) {
        for name in commandOptions {
            guard let command = result.command else { throw UsageError(CommandLineText.Usage.unknownOption(name)) }
            guard command.option(named: name) == nil else { continue }
            throw UsageError(CommandLineText.Usage.notTakenBy(command: command.name, option: name,
                                                              taken: command.options.map(\.synopsis)))
        }
    }

    private func checkRepeatedOptions() throws(UsageError) {
        for name in repeatedGlobalOptions where result.command?.repeatableGlobalOptions.contains(name) != true {
            throw UsageError(CommandLineText.Usage.givenTwice(name))
        }
    }

    private func checkArgumentCount(of command: CommandDeclaration) throws(UsageError) {
        let given = result.commandArguments
        guard !command.argumentRange.contains(given.count) else { return }
        if command.arguments.isEmpty, command.wrongArguments == nil {
            throw UsageError(CommandLineText.Usage.takesNoArguments(command.name, given: given[0]))
        }
        // Words past the last a command takes are named, as for a command that takes none.
        if !command.arguments.isEmpty, given.count > command.argumentRange.upperBound {
            throw UsageError(CommandLineText.Usage.tooManyArguments(
                command.name, extra: Array(given[command.argumentRange.upperBound...]),
                then: command.wrongArguments ?? CommandLineText.Usage.wrongArguments(command.name, synopsis: command.synopsis)))
        }
        if let missing = Self.missingValue(of: command, given: given) { throw UsageError(missing) }
        throw UsageError(command.wrongArguments ?? CommandLineText.Usage.wrongArguments(command.name, synopsis: command.synopsis))
    }

    /// What a command that stops one word short lacks, where the word before decides what may
    /// follow (`settings set time-rate`): that word's values, rather than the command's shape.
    private static func missingValue(of command: CommandDeclaration, given: [String]) -> String? {
        guard let previous = given.last, command.arguments.indices.contains(given.count),
              case .wordsAfter(let lists) = command.arguments[given.count].completion else { return nil }
        // The only word list of this kind follows a setting's name: one it lacks is said as unknown.
        guard let list = lists.first(where: { $0.word == previous }) else {
            return CommandLineText.Settings.unknownSetting(previous, settings: lists.map(\.word))
        }
        return CommandLineText.Usage.missingValue(command: command.name, after: previous,
                                                  placeholder: command.arguments[given.count].placeholder,
                                                  values: list.offers, complete: list.offersAll)
    }

    /// An id taken from the store (a transaction, product, credit or key) or a path given as
    /// an empty or blank word is a mistake in how the command was typed (an unset shell
    /// variable, say), not an id the store might know or a file that might be there.
    private func checkBlankIdentifiers(of command: CommandDeclaration) throws(UsageError) {
        for (argument, given) in zip(command.arguments, result.commandArguments) {
            let namesSomething = switch argument.completion {
            case .dynamic, .file, .fileOrWords: true
            case .none, .words, .wordsAfter: false
            }
            guard namesSomething, given.allSatisfy(\.isWhitespace) else { continue }
            throw UsageError(CommandLineText.Usage.blankArgument(
                command.name, placeholder: argument.placeholder, isEmpty: given.isEmpty,
                then: command.wrongArguments ?? CommandLineText.Usage.wrongArguments(command.name, synopsis: command.synopsis)))
        }
    }

    private static func buyerName(_ text: String?, option: String) throws(UsageError) -> String {
        do {
            return try BuyerName.normalized(text ?? "", role: option)
        } catch {
            throw UsageError(CommandLineText.Usage.badName(option: option, problem: "\(error)"))
        }
    }
}
