/// What every completion script needs from the declared commands, worked out once.
struct CompletionTable {
    /// The commands' names, two-word names first, so the longest name is tried first.
    let namesLongestFirst: [String]
    /// Every option that takes a value, each name once, the global ones first.
    let valueOptions: [OptionDeclaration]
    /// For each command with options of its own: its name and the options as typed.
    let commandOptions: [(command: String, options: [String])]
    /// The global options as typed.
    let globalOptions: [String]
    /// For bash and zsh: a `case` pattern on "COMMAND:POSITION:WORD BEFORE" and what to offer
    /// there; the word before picks a setting's values.
    let argumentCases: [(pattern: String, offer: String)]

    init(commands: [CommandDeclaration]) {
        namesLongestFirst = commands.map(\.name).sorted { $0.split(separator: " ").count > $1.split(separator: " ").count }
        var seen: Set<String> = []
        valueOptions = (GlobalOptions.declarations + commands.flatMap(\.options)).filter { $0.takesValue && seen.insert($0.name).inserted }
        commandOptions = commands.filter { !$0.options.isEmpty }.map { ($0.name, $0.options.map { "--\($0.name)" }) }
        globalOptions = GlobalOptions.declarations.map { "--\($0.name)" }
        argumentCases = commands.flatMap { command in
            command.arguments.enumerated().flatMap { index, argument -> [(pattern: String, offer: String)] in
                let position = argument.takesTheRest ? "\(command.name):" : "\(command.name):\(index):"
                switch argument.completion {
                case .none: return []
                case let .wordsAfter(choices):
                    return choices.map { (Self.quoted(position + $0.word), Self.quoted(Self.offer(.words($0.offers)))) }
                default: return [(Self.quoted(position) + "*", Self.quoted(Self.offer(argument.completion)))]
                }
            }
        }
    }

    /// The value options as a `case` pattern: "--catalog|--entitlements|...".
    var valueOptionPattern: String { valueOptions.map { "--\($0.name)" }.joined(separator: "|") }

    /// The names, quoted, for an array in the script.
    var quotedNames: String { namesLongestFirst.map(Self.quoted).joined(separator: " ") }

    /// How the bash and zsh scripts' `_storefront_offer` is told what to offer.
    static func offer(_ completion: Completion) -> String {
        switch completion {
        case .none: "none"
        case .file: "file"
        case let .words(words): "words:" + words.joined(separator: " ")
        case let .fileOrWords(words): "file+words:" + words.joined(separator: " ")
        case let .dynamic(kind): "dynamic:" + kind.rawValue
        // Spelled out per word before as `case` patterns (see `argumentCases`), never as one offer.
        case .wordsAfter: "none"
        }
    }

    /// `text` in single quotes, as bash, zsh and fish all read them.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
