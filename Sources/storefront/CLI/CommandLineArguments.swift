import StoreEngine

/// The parsed command line: global options (accepted before or after the command), the
/// command's words and its own options.
struct CommandLineArguments {
    var catalogPath: String?
    var entitlementsPath: String?
    var account = "tester"
    var device = "default"
    var locale: String?
    var storefront: String?
    var json = false
    var help = false
    var version = false
    /// The command and its positional arguments, e.g. ["buy", "com.example.x"].
    var words: [String] = []
    /// Command options by name without dashes, e.g. "quantity": "3".
    var options: [String: String] = [:]
    /// Command flags without a value, e.g. "no-finish".
    var flags: Set<String> = []

    /// Options of commands that take a value; anything else starting with `--` is a flag.
    static let valueOptions: Set<String> = ["quantity", "simulate", "amount", "offer", "app-account-token", "expect-sequence"]
    static let globalValueOptions: Set<String> = ["catalog", "entitlements", "account", "device", "locale", "storefront"]
    static let knownFlags: Set<String> = ["no-finish", "der"]

    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineArguments {
        var result = CommandLineArguments()
        var index = 0
        var given: Set<String> = []
        func value(for name: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError("--\(name) needs a value")
            }
            return arguments[index]
        }
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
                let needsValue = globalValueOptions.contains(name) || valueOptions.contains(name)
                // Keeping the last of two values would silently drop the other.
                if needsValue, !given.insert(name).inserted {
                    throw UsageError("--\(name) is given twice; give it once")
                }
                var text: String?
                if needsValue {
                    if let inline { text = inline } else { text = try value(for: name) }
                }
                if !needsValue, inline != nil { throw UsageError("--\(name) takes no value") }
                switch name {
                case "catalog": result.catalogPath = text
                case "entitlements": result.entitlementsPath = text
                case "account": result.account = try buyerName(text, option: name)
                case "device": result.device = try buyerName(text, option: name)
                case "locale": result.locale = text
                case "storefront": result.storefront = text
                case "json": result.json = true
                case "help": result.help = true
                case "version": result.version = true
                default:
                    if let text { result.options[name] = text } else if knownFlags.contains(name) {
                        result.flags.insert(name)
                    } else {
                        throw UsageError("unknown option --\(name)")
                    }
                }
            } else if argument == "-h" {
                result.help = true
            } else if argument.hasPrefix("-"), argument.count > 1, argument.dropFirst().first?.isNumber != true {
                // "-3d" is a word (a negative duration or number) that its command explains;
                // anything else with one dash is a mistyped option.
                throw UsageError("unknown option \(argument); options start with two dashes, e.g. --json")
            } else {
                result.words.append(argument)
            }
            index += 1
        }
        return result
    }

    private static func buyerName(_ text: String?, option: String) throws(UsageError) -> String {
        do {
            return try BuyerName.normalized(text ?? "", role: option)
        } catch {
            throw UsageError("--\(option): \(error)")
        }
    }

    /// The process's arguments as text, refusing any that is not valid UTF-8: decoding would
    /// turn its bytes into U+FFFD, so different names or paths would silently become one.
    static func decode(_ rawArguments: [[UInt8]]) throws(UsageError) -> [String] {
        var decoded: [String] = []
        for (index, bytes) in rawArguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                let owner = index > 0 && decoded[index - 1].hasPrefix("--") ? " (the value of \(decoded[index - 1]))" : ""
                throw UsageError("argument \(index + 1)\(owner) is not valid UTF-8; names, ids and paths must be UTF-8 text "
                                 + "(check the terminal's or the script's encoding)")
            }
            decoded.append(text)
        }
        return decoded
    }

    /// A command option parsed as a whole number of at least `minimum`.
    func integerOption(_ name: String, default fallback: Int, minimum: Int = 1) throws(UsageError) -> Int {
        guard let text = options[name] else { return fallback }
        guard let value = Int(text), value >= minimum else {
            let isTooLarge = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
            throw UsageError("--\(name) must be a whole number of at least \(minimum)"
                             + (isTooLarge ? " and at most \(Int.max)" : "") + ", not \"\(text)\"")
        }
        return value
    }

    /// Refuses words after a command that takes none, e.g. `products extra`.
    func expectNoArguments(command: String) throws(UsageError) {
        guard words.count > 1 else { return }
        throw UsageError("\(command) takes no arguments, but was given \"\(words[1])\"; `storefront --help` shows how to use it")
    }

    /// Refuses command options that the command does not take.
    func allowOnly(_ allowed: Set<String>, command: String) throws(UsageError) {
        for name in Set(options.keys).union(flags) where !allowed.contains(name) {
            throw UsageError("\(command) does not take --\(name)")
        }
    }
}

/// A mistake on the command line (exit status 2).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
