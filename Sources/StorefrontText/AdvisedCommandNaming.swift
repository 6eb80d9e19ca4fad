import StoreEngine
import StoreLedger

/// An option a command was given that says where and as whom it acts (`--entitlements PATH`,
/// `--catalog`, `--account`, `--device`), which the commands its messages advise repeat.
public struct AdvisedOption: Sendable, Hashable {
    public var flag: String
    public var value: String
    /// Said after a command the option was added to: where libpq finds the password that a
    /// database's shown address leaves out.
    public var noteAfterCommand: String?

    public init(_ flag: String, _ value: String, noteAfterCommand: String? = nil) {
        self.flag = flag
        self.value = value
        self.noteAfterCommand = noteAfterCommand
    }
}

extension StoreCommandText {
    /// The options advice repeats for a command given `store`, `catalogs`, `account` and
    /// `device`: a file named by `--entitlements` or `--store`, or a database named by `--store`
    /// (its shown address, without the password, which libpq then reads from PGPASSWORD or
    /// ~/.pgpass); one the environment or the default names is found again where the advice is
    /// pasted. Pasted without it, advice given about a database made and changed a new file of
    /// the default instead. Then every catalog given, and an account or device other than the
    /// default.
    public static func advisedOptions(store: AdvisedStore?, catalogs: [String], account: String, device: String) -> [AdvisedOption] {
        var options: [AdvisedOption] = []
        switch store {
        case .file(let path, true)?: options.append(AdvisedOption("--entitlements", path))
        case .database(let address)? where !address.namedByEnvironment:
            options.append(AdvisedOption("--store", address.text, noteAfterCommand: address.passwordLeftOut ? passwordSource : nil))
        case .file(_, false)?, .database?, nil: break
        }
        options += catalogs.map { AdvisedOption("--catalog", $0) }
        if account != "tester" { options.append(AdvisedOption("--account", account)) }
        if device != "default" { options.append(AdvisedOption("--device", device)) }
        return options
    }

    /// `text` with every command it advises (`` `storefront …` ``) given the `options` it does
    /// not name itself, quoted for the shell, right after `storefront`, so advice pasted into
    /// the shell acts on the same file, app, account and device. Pasted as printed before,
    /// `storefront refund 2000000000000002` after an `expire` on another file refunded whatever
    /// that number was in the default one.
    ///
    /// Each backquote followed by `storefront` and a space or a closing backquote opens such a
    /// command, which runs to the next backquote: found that way rather than by pairing every
    /// backquote, a backquote in an echoed value (a path, a product id) cannot leave advice
    /// unnamed. A copy names its two stores with `--from` and `--to`, even where the advice
    /// leaves them out, so it is left as written.
    /// The options that say as whom a command acts.
    private static let buyerFlags: Set<String> = ["--account", "--device"]

    /// Commands that act on the app's store, its files or its catalog, as no account or device:
    /// advice naming them is not given `--account` or `--device`, which they would take without
    /// effect (`storefront --account kid api-key create` read as a key of kid's).
    private static let commandsActingAsNoBuyer: Set<String> = ["api-key", "certificate", "catalog", "store", "verify", "repair", "serve"]

    /// Whether the advised command (its words after `storefront`) acts as an account and device:
    /// not one of `commandsActingAsNoBuyer`, nor a `settings set` of a store-wide setting (only
    /// `purchases-allowed` and `next-purchase` belong to a device; `--device` was repeated, without
    /// effect, after clearing an injected error).
    private static func actsAsBuyer(_ words: [Substring]) -> Bool {
        guard let command = words.first else { return true }
        if commandsActingAsNoBuyer.contains(String(command)) { return false }
        guard command == "settings", words.count > 2, words[1] == "set" else { return true }
        return StoreSetting(rawValue: String(words[2]))?.isPerDevice == true
    }

    public static func naming(_ options: [AdvisedOption], in text: String) -> String {
        guard !options.isEmpty, text.contains("`storefront") else { return text }
        var result = ""
        var rest = Substring(text)
        while let opening = rest.range(of: "`storefront") {
            result += rest[..<opening.upperBound]
            rest = rest[opening.upperBound...]
            guard let next = rest.first, next == " " || next == "`" else { continue }
            let end = rest.firstIndex(of: "`") ?? rest.endIndex
            let words = rest[..<end].split(separator: " ")
            guard !words.starts(with: ["store", "copy"]) else { continue }
            let actsAsBuyer = actsAsBuyer(words)
            let missing = options.filter { option in
                !words.contains { $0 == option.flag || $0.hasPrefix(option.flag + "=") }
                    && (actsAsBuyer || !buyerFlags.contains(option.flag))
            }
            // A value that starts with a dash is joined to its option, as the parser would take
            // it for an option of its own after a space (`--account=--json`).
            result += missing.map { $0.value.hasPrefix("-") ? " \($0.flag)=\(ShellWord.quoted($0.value))"
                                                            : " \($0.flag) \(ShellWord.quoted($0.value))" }.joined()
            // The password's source, after the command's closing backquote, unless it is said there already.
            let notes = missing.compactMap(\.noteAfterCommand)
            guard !notes.isEmpty, end < rest.endIndex else { continue }
            let following = rest[rest.index(after: end)...]
            let note = " " + notes.joined(separator: " ")
            guard !following.hasPrefix(note) else { continue }
            result += rest[...end] + note
            rest = following
        }
        return result + rest
    }
}
