import Foundation
import StoreEngine
import StorefrontText

/// The shells `storefront completion` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The script for this shell, made from the declared commands.
    public func script(commands: [CommandDeclaration] = CommandList.visible) -> String {
        switch self {
        case .bash: BashCompletion.script(commands: commands)
        case .zsh: ZshCompletion.script(commands: commands)
        case .fish: FishCompletion.script(commands: commands)
        }
    }
}

/// `storefront completion bash|zsh|fish`: prints the shell's completion script.
enum CompletionCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let word = arguments.commandArguments[0]
        guard let shell = CompletionShell(rawValue: word) else { throw UsageError(CommandLineText.Usage.unknownShell(word)) }
        console.writeScript(shell.script())
        return .success
    }
}

/// `storefront __complete KIND`: the names the completion scripts offer, one a line.
///
/// Product and credit ids come from the catalog the command line names (`--catalog`), so they
/// are always the ones `buy` and `spend` accept; accounts, devices, transactions and keys from the
/// entitlements file, read without creating it. Nothing is printed on any trouble: a
/// completion must never write errors into the line being typed.
enum CompleteCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let word = arguments.commandArguments[0]
        guard let kind = DynamicCompletion(rawValue: word) else {
            throw UsageError(CommandLineText.Usage.unknownCompletion(word, kinds: DynamicCompletion.allCases.map(\.rawValue)))
        }
        for name in names(kind, arguments: arguments, environment: environment) { console.out(name) }
        return .success
    }

    private static func names(_ kind: DynamicCompletion, arguments: CommandLineArguments, environment: [String: String]) -> [String] {
        guard let catalog = try? StoreSession.loadCatalog(arguments.catalogPath) else { return [] }
        switch kind {
        case .products: return catalog.products.map(\.id)
        case .credits: return catalog.credits.map(\.id)
        case .accounts, .devices, .transactions, .keys:
            // A file that does not exist is not made by completing; a database is only read.
            guard let location = try? StoreLocation.resolve(arguments, environment: environment) else { return [] }
            if case .file(let path) = location, !FileManager.default.fileExists(atPath: path) { return [] }
            guard let session = try? StoreSession.open(arguments, environment: environment) else { return [] }
            switch kind {
            case .accounts: return session.store.knownAccounts
            case .devices: return session.store.knownDevices
            case .keys: return session.store.inAppPurchaseKeys.filter { !$0.isRevoked }.map(\.keyID)
            default: return session.store.transactions(for: session.buyer.account).map(\.id)
            }
        }
    }
}
