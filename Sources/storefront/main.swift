import Foundation
import StoreEngine

/// Runs the command line and returns the exit status.
func runStorefront(_ rawArguments: [String], environment: [String: String]) -> Int32 {
    let console = Console()
    do {
        let arguments = try CommandLineArguments.parse(rawArguments)
        if arguments.words.isEmpty, !arguments.help, !arguments.version, TUILauncher.hasTerminal {
            return try TUILauncher.run(arguments, environment: environment, console: console)
        }
    } catch let failure as CommandFailure {
        console.errLines("storefront: \(failure.message)")
        return failure.status.rawValue
    } catch let error as UsageError {
        console.errLines("storefront: \(error.description)")
        return ExitStatus.usage.rawValue
    } catch {
        console.errLines("storefront: \(error)")
        return ExitStatus.dataProblem.rawValue
    }
    return runCommand(rawArguments, environment: environment).rawValue
}

/// Runs one command of the command line and returns its exit status.
func runCommand(_ rawArguments: [String], environment: [String: String]) -> ExitStatus {
    let console = Console()
    do {
        let arguments = try CommandLineArguments.parse(rawArguments)
        if arguments.help {
            console.outLines(Usage.text)
            return .success
        }
        if arguments.version {
            console.out("storefront \(StorefrontVersion.current)")
            return .success
        }
        guard let command = arguments.words.first else {
            console.errLines(Usage.text)
            console.errLines("\nNo command given and no terminal to open the storefront in; give a command such as `products`.")
            return .usage
        }
        switch command {
        case "catalog": return try CatalogCommands.run(arguments: arguments, console: console)
        case "verify": return try VerifyCommand.run(arguments: arguments, environment: environment, console: console)
        case "repair": return try RepairCommand.run(arguments: arguments, environment: environment, console: console)
        default: break
        }
        guard let handler = CommandTable.handlers[command] else {
            throw UsageError("unknown command \"\(command)\"; `storefront --help` lists the commands")
        }
        let session = try StoreSession.open(arguments, environment: environment)
        for warning in session.warnings { console.err("storefront: \(warning)") }
        let damage = LedgerDamage(problems: session.store.ledgerProblems)
        if let warning = damage.warning(ledgerPath: session.ledgerPath) { console.err("storefront: warning: \(warning)") }
        if let skipped = session.catchUpSkipped {
            console.err("storefront: warning: renewals and expiries that fell due are shown but not recorded: \(skipped)")
        }
        let status: ExitStatus
        do {
            status = try handler(session, arguments, console)
        } catch {
            // The command's commit may have moved a torn last line aside before failing.
            if let torn = session.store.tornTail { console.errLines("storefront: \(torn)") }
            throw error
        }
        // Reported after the command: its commit is what moves a torn last line aside.
        if let torn = session.store.tornTail { console.errLines("storefront: \(torn)") }
        // What a damaged ledger shows stops before its first bad line: never a plain success.
        return status == .success && damage.isDamaged ? .dataProblem : status
    } catch let error as UsageError {
        console.errLines("storefront: \(error.description)")
        return .usage
    } catch let failure as CommandFailure {
        console.errLines("storefront: \(failure.message)")
        return failure.status
    } catch {
        console.errLines("storefront: \(error)")
        return .dataProblem
    }
}

/// The commands that work on an opened store, by name.
enum CommandTable {
    static let handlers: [String: @Sendable (StoreSession, CommandLineArguments, Console) throws -> ExitStatus] = [
    "products": { session, arguments, console in
        try arguments.allowOnly([], command: "products")
        try arguments.expectNoArguments(command: "products")
        return try ProductsCommand.run(session, json: arguments.json, console: console)
    },
    "buy": PurchaseCommands.buy,
    "restore": PurchaseCommands.restore,
    "spend": PurchaseCommands.spend,
    "refund": PurchaseCommands.refund,
    "entitlements": AccountCommands.entitlements,
    "transactions": AccountCommands.transactions,
    "settings": AccountCommands.settings,
    "reset-device": AccountCommands.resetDevice,
    "advance": SubscriptionCommands.advance,
    "renew": SubscriptionCommands.renew,
    "expire": SubscriptionCommands.expire,
    "cancel-renewal": SubscriptionCommands.cancelRenewal,
    "resume-renewal": SubscriptionCommands.resumeRenewal,
    "resolve-billing": SubscriptionCommands.resolveBilling,
    "approve": DeferredCommands.approve,
    "decline": DeferredCommands.decline,
    "resolve": DeferredCommands.resolve,
    "deliver-unfinished": DeferredCommands.deliverUnfinished,
    "certificate": CertificateCommands.certificate,
    "app-transaction": AppTransactionCommand.run,
    "verify-transaction": SigningCommands.verifyTransaction,
    ]
}

/// The arguments as the kernel passed them, before any decoding.
func rawCommandLineArguments() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
        guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }
}

do {
    let arguments = try CommandLineArguments.decode(rawCommandLineArguments())
    exit(runStorefront(arguments, environment: ProcessInfo.processInfo.environment))
} catch {
    Console().err("storefront: \(error.description)")
    exit(ExitStatus.usage.rawValue)
}
