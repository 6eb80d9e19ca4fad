/// One command of the command line, declared once: its name, what it takes and how it runs.
///
/// Parsing, per-command validation, `--help`, `storefront help COMMAND` and the shell
/// completions are all made from the list of declarations (`CommandList.all`), so a new
/// command is one declaration and shows up everywhere at once.
public struct CommandDeclaration: Sendable {
    /// How a command runs: on a store opened from the global options, or on its own.
    public enum Run: Sendable {
        /// Opens the catalog and the entitlements file first.
        case withStore(@Sendable (StoreSession, CommandLineArguments, Console) throws -> ExitStatus)
        /// Opens what it needs itself (or nothing): `verify`, `repair`, `catalog lint`, `help`.
        case standalone(@Sendable (CommandLineArguments, [String: String], Console) throws -> ExitStatus)
    }

    /// The words that name the command, e.g. "buy" or "catalog lint".
    public var name: String
    /// The heading it is listed under in `storefront --help`.
    public var section: CommandSection
    /// One line for the list of commands.
    public var summary: String
    /// More about it, shown by `storefront help COMMAND` (may be empty).
    public var details: String = ""
    public var arguments: [ArgumentDeclaration] = []
    public var options: [OptionDeclaration] = []
    /// Whether it may change the entitlements file (said in its help).
    public var writes: Bool
    /// Left out of the help and the completions (`__complete`, used by the completions themselves).
    public var isHidden: Bool = false
    /// What to say when it is given the wrong number of arguments; nil for the generic sentence.
    public var wrongArguments: String? = nil
    /// Global options it takes more than once, each value kept in order (`serve`: one
    /// `--catalog` per app served); every other command refuses a repeated option.
    public var repeatableGlobalOptions: [String] = []
    /// Whether it warns of a damaged store itself, as it follows the store (`serve`), so the
    /// warning every other command gives at start would say the same thing twice.
    public var warnsOfDamageItself = false
    /// Whether it runs until a signal stops it (`serve`) and handles SIGINT itself; every other
    /// command that writes finishes the change under way on a first Ctrl-C (see `ChangeInterruption`).
    public var runsUntilStopped = false
    public var run: Run

    /// The name's words, e.g. ["catalog", "lint"].
    public var words: [String] { name.split(separator: " ").map(String.init) }

    /// Whether it opens a store from the global options before running.
    public var needsStore: Bool {
        if case .withStore = run { return true }
        return false
    }

    /// How many arguments it takes at least and at most.
    public var argumentRange: ClosedRange<Int> {
        let least = arguments.filter { !$0.isOptional }.count
        return least...(arguments.last?.takesTheRest == true ? Int.max : arguments.count)
    }

    /// The option named `name` (without dashes), if the command takes it.
    public func option(named name: String) -> OptionDeclaration? {
        options.first { $0.name == name }
    }

    /// "buy ID [--quantity N] [--no-finish]": the name, the arguments and the options, then
    /// the global options it takes more than once ("[--catalog PATH]...").
    public var synopsis: String {
        let repeated = repeatableGlobalOptions.compactMap(GlobalOptions.option(named:)).map { "[\($0.synopsis)]..." }
        let options = options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
        return ([name] + arguments.map(\.synopsis) + options + repeated).joined(separator: " ")
    }

    /// "buy ID": the name and the arguments only, as the list of commands shows it.
    public var shortSynopsis: String {
        ([name] + arguments.map(\.synopsis)).joined(separator: " ")
    }
}

/// The headings of `storefront --help`, in the order they are shown.
public enum CommandSection: CaseIterable, Sendable {
    case shopping, waiting, subscriptions, settings, files, shell
}

/// A word a command takes by position, e.g. the product id of `buy`.
public struct ArgumentDeclaration: Sendable {
    /// How help writes it, e.g. "ID".
    public var placeholder: String
    public var summary: String
    public var completion: Completion
    public var isOptional: Bool = false
    /// Takes every word left, e.g. the command named by `help settings set`.
    public var takesTheRest: Bool = false

    public var synopsis: String { isOptional ? "[\(placeholder)]" : placeholder }
}

/// A `--name` option: with a value (`--quantity N`) or a flag (`--no-finish`).
public struct OptionDeclaration: Sendable {
    /// Without the dashes, e.g. "quantity".
    public var name: String
    /// How help writes its value, e.g. "N"; nil for a flag, which takes no value.
    public var placeholder: String?
    public var summary: String
    public var completion: Completion = .none
    /// Whether the command refuses to run without it (`store copy`'s ends), so its synopsis
    /// shows it without brackets.
    public var isRequired = false

    public var takesValue: Bool { placeholder != nil }
    public var synopsis: String { placeholder.map { "--\(name) \($0)" } ?? "--\(name)" }
}

/// What the shells offer for an argument or an option's value.
public enum Completion: Sendable, Equatable {
    /// Nothing: a number, a duration, a token.
    case none
    /// Paths.
    case file
    /// Fixed words, e.g. "cancel" and "fail".
    case words([String])
    /// Paths and fixed words, e.g. a catalog file or a built-in catalog's name.
    case fileOrWords([String])
    /// Fixed words that depend on the argument before, e.g. only `time-rate`'s rates after
    /// `settings set time-rate`; nothing after a word it does not list.
    case wordsAfter([WordsAfterWord])
    /// Names read from the catalog or the entitlements file when completing (`storefront __complete`).
    case dynamic(DynamicCompletion)
}

/// The words offered after one word: a setting's values after its name.
public struct WordsAfterWord: Sendable, Equatable {
    /// The argument before, e.g. "time-rate".
    public var word: String
    public var offers: [String]
    /// Whether `offers` are every value taken; false where a value is typed (a URL, a secret)
    /// and only a fixed word beside it is offered.
    public var offersAll: Bool

    public init(word: String, offers: [String], offersAll: Bool = true) {
        self.word = word
        self.offers = offers
        self.offersAll = offersAll
    }
}

/// Lists that depend on the catalog or the store, printed by `storefront __complete KIND`.
public enum DynamicCompletion: String, CaseIterable, Sendable {
    /// `keys`: the in-app purchase keys not revoked, for `api-key revoke`.
    case products, credits, accounts, devices, transactions, keys
}
