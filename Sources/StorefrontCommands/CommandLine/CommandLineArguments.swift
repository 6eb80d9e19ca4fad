import StoreEngine
import StorefrontText
import StoreCatalog

/// The parsed command line: the global options (accepted before or after the command), the
/// declared command it names, and that command's words and options.
public struct CommandLineArguments: Sendable {
    /// Every `--catalog` given, in order: one for most commands, one per app for `serve`.
    public var catalogPaths: [String] = []
    public var entitlementsPath: String?
    /// `--store`: a PostgreSQL URI or libpq keyword string, or an entitlements file's path.
    public var storeAddress: String?
    public var account = "tester"
    public var device = "default"
    public var locale: String?
    public var storefront: String?
    public var json = false
    public var help = false
    public var version = false
    /// Every word that is not an option: the command's name, then its arguments.
    public var words: [String] = []
    /// The command the words name; nil when there are none.
    public var command: CommandDeclaration?
    /// Command options by name without dashes, e.g. "quantity": "3".
    public var options: [String: String] = [:]
    /// Command flags without a value, e.g. "no-finish".
    public var flags: Set<String> = []

    /// The catalog the command opens; nil for the default one.
    public var catalogPath: String? { catalogPaths.first }

    /// The words after the command's name, e.g. the product id of `buy`.
    public var commandArguments: [String] { Array(words.dropFirst(command?.words.count ?? 0)) }

    /// Parses `arguments` against the declared commands: an option the command does not take,
    /// a command nobody declared or the wrong number of arguments is a usage error here,
    /// before anything is opened.
    public static func parse(_ arguments: [String], commands: [CommandDeclaration] = CommandList.all)
        throws(UsageError) -> CommandLineArguments {
        var parser = CommandLineParser(commands: commands)
        return try parser.parse(arguments)
    }

    /// The process's arguments as text, refusing any that is not valid UTF-8: decoding would
    /// turn its bytes into U+FFFD, so different names or paths would silently become one.
    public static func decode(_ rawArguments: [[UInt8]]) throws(UsageError) -> [String] {
        var decoded: [String] = []
        for (index, bytes) in rawArguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                let owner = index > 0 && decoded[index - 1].hasPrefix("--") ? decoded[index - 1] : nil
                throw UsageError(CommandLineText.Usage.notUTF8(argument: index + 1, valueOf: owner))
            }
            decoded.append(text)
        }
        return decoded
    }

    /// `text` as a whole number when it is written in digits alone, without a leading zero: a
    /// sign, a space, a fraction or a zero in front is a mistake to point out, not a number to
    /// guess at (`Int("+3")` is 3; a script may have meant `010` as octal, and transaction ids
    /// are not read with one either).
    public static func wholeNumber(_ text: String) -> Int? {
        guard isWrittenInDigits(text), text == "0" || !text.hasPrefix("0") else { return nil }
        return Int(text)
    }

    /// Whether `text` is one or more ASCII digits, however many.
    public static func isWrittenInDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// A command option parsed as a whole number of at least `minimum`.
    public func integerOption(_ name: String, default fallback: Int, minimum: Int = 1) throws(UsageError) -> Int {
        guard let text = options[name] else { return fallback }
        guard let value = Self.wholeNumber(text), value >= minimum else {
            let isTooLarge = Self.isWrittenInDigits(text) && Int(text) == nil
            throw UsageError(CommandLineText.Usage.notAWholeNumber(option: name, minimum: minimum,
                                                                   maximum: isTooLarge ? Int.max : nil, given: text))
        }
        return value
    }
}

/// A mistake on the command line (exit status 2).
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// What was read of the command line before a mistake found once every word was read (a
    /// missing argument, an option the command does not take): its store, account and device,
    /// which the error's advice names as any advice does.
    public var readSoFar: CommandLineArguments?
    /// One line: it echoes what was typed, which may hold a line break.
    public init(_ description: String) { self.description = EchoedText.oneLine(description) }
}
