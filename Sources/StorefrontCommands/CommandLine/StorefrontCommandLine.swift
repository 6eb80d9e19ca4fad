import Foundation
import StoreCatalog
import StoreEngine
import StorefrontText
import StorePostgres

/// Runs the command line: parses it against the declared commands, opens the interactive
/// storefront when there is no command and a terminal, or runs the command.
public enum StorefrontCommandLine {
    /// Opens the interactive storefront and returns the process's exit status.
    public typealias OpenTerminal = (CommandLineArguments, [String: String], Console) throws -> Int32

    /// Runs `rawArguments` and returns the exit status; `openTerminal` is nil when standard
    /// input and output are not both terminals.
    public static func run(_ rawArguments: [String], environment: [String: String], openTerminal: OpenTerminal?) -> Int32 {
        var console = Console()
        var usesStore = false
        let status = run(rawArguments, environment: environment, openTerminal: openTerminal, console: &console, usesStore: &usesStore)
        guard let failure = StandardStreamWriter.unexplainedOutputFailure else {
            return StandardStreamWriter.failure(of: .output) != nil && status == ExitStatus.success.rawValue ? ExitStatus.dataProblem.rawValue : status
        }
        // The result is lost, not what the command did: a script must not take the status for a change not made.
        console.errLines(CommandLineText.Report.error(CommandLineText.Report.outputLost(
            stream: StandardStreamWriter.Stream.output.name, reason: String(cString: strerror(failure)), usesStore: usesStore)))
        return status == ExitStatus.success.rawValue ? ExitStatus.dataProblem.rawValue : status
    }

    /// `usesStore`: set once the command is known to open a store (to read or change it), so
    /// that advice after a lost result points at the store only for those.
    private static func run(_ rawArguments: [String], environment: [String: String], openTerminal: OpenTerminal?,
                            console: inout Console, usesStore: inout Bool) -> Int32 {
        do {
            let arguments = try CommandLineArguments.parse(rawArguments)
            if let command = arguments.command, !arguments.help {
                usesStore = if case .withStore = command.run { true } else { command.writes }
            }
            console.advisedOptions = advisedOptions(for: arguments, environment: environment)
            if arguments.words.isEmpty, !arguments.help, !arguments.version, let openTerminal {
                return try openTerminal(arguments, environment, console)
            }
            return try runCommand(arguments, environment: environment, console: console).rawValue
        } catch let mistake as UsageError {
            // A mistake found once every word was read: its advice names the store and account given too.
            if let read = mistake.readSoFar { console.advisedOptions = advisedOptions(for: read, environment: environment) }
            return report(mistake, console: console).rawValue
        } catch {
            return report(error, console: console).rawValue
        }
    }

    /// The options advice printed names, so pasted it acts on the store this command was given.
    /// Help names no store, and a copy names its two with --from and --to.
    private static func advisedOptions(for arguments: CommandLineArguments, environment: [String: String]) -> [AdvisedOption] {
        guard !arguments.help, !arguments.version, arguments.command.map({ $0.section != .shell && $0.name != "store copy" }) ?? true else {
            return []
        }
        return StoreCommandText.advisedOptions(
            store: (try? StoreLocation.resolve(arguments, environment: environment))?.advised(arguments),
            // Every command advised takes one catalog: `serve`, given several, is advised
            // commands on its first, the one it opens the store with.
            catalogs: arguments.catalogPaths.prefix(1).map(advisedCatalog), account: arguments.account, device: arguments.device)
    }

    /// Prints what ended a command and returns its exit status.
    public static func report(_ error: any Error, console: Console) -> ExitStatus {
        let (status, message) = ExitMapping.exit(for: error)
        console.errLines(CommandLineText.Report.error(message))
        return status
    }

    private static func runCommand(_ arguments: CommandLineArguments, environment: [String: String],
                                   console: Console) throws -> ExitStatus {
        if arguments.help {
            console.outLines(arguments.command.map(HelpText.of) ?? HelpText.overview())
            return .success
        }
        if arguments.version {
            console.out(CommandLineText.Report.version(StorefrontVersion.current))
            return .success
        }
        guard let command = arguments.command else {
            console.errLines(HelpText.overview())
            console.errLines("\n" + CommandLineText.Usage.noCommand)
            return .usage
        }
        switch command.run {
        case let .standalone(run):
            // `store copy` and the others that write open their stores themselves: a change is under way as much.
            guard command.writes, !command.runsUntilStopped else { return try run(arguments, environment, console) }
            return try ChangeInterruption.finishingChanges(.storeCommand, console: console) { try run(arguments, environment, console) }
        case let .withStore(run):
            let onStore = {
                try runOnStore(run, warnsOfDamage: !command.warnsOfDamageItself, writes: command.writes, arguments: arguments,
                               environment: environment, console: console)
            }
            // From the store's opening on: a Ctrl-C while it connects leaves at once, nothing sent.
            guard command.writes, !command.runsUntilStopped else {
                // A reading command records renewals that fell due first, so it may wait for the
                // lock too; `serve` waits in its own loop, which says nothing of it.
                guard !command.runsUntilStopped else { return try onStore() }
                LockWaitNotice.install(ctrlCLeaves: true)
                defer { LockWaitNotice.remove() }
                return try onStore()
            }
            return try ChangeInterruption.finishingChanges(.change, console: console, onStore)
        }
    }

    private static func runOnStore(_ run: (StoreSession, CommandLineArguments, Console) throws -> ExitStatus,
                                   warnsOfDamage: Bool, writes: Bool, arguments: CommandLineArguments,
                                   environment: [String: String], console: Console) throws -> ExitStatus {
        let session = try StoreSession.open(arguments, environment: environment)
        for warning in session.warnings { console.err(CommandLineText.Report.error(warning)) }
        // A change is refused there with these words; a reading command would show an empty store silently.
        if !writes, let unnamed = (session.log as? PostgresEventLog)?.unnamedDatabaseWithoutStore() {
            console.err(CommandLineText.Report.warning("\(unnamed)"))
        }
        let damage = LedgerDamage(session.store)
        // A change on a damaged store is mostly refused, in words that list its problems: the
        // warning, which says the same, is given only when the command ends otherwise.
        let damageWarning = warnsOfDamage ? damage.warning(filePath: session.ledgerPath) : nil
        let warnsAfter = writes && damageWarning != nil
        if !warnsAfter, let damageWarning { console.err(CommandLineText.Report.warning(damageWarning)) }
        if let gaps = session.text.catalogGapsWarning(session.store.catalogGaps(for: session.buyer), buyer: session.buyer) {
            console.err(CommandLineText.Report.warning(gaps))
        }
        if let skipped = session.catchUpSkipped {
            console.err(CommandLineText.Report.warning(CommandLineText.Report.catchUpSkipped(skipped)))
        }
        if let held = session.catchUpHeld { console.err(CommandLineText.Report.warning(CommandLineText.Report.catchUpHeld(held))) }
        // The first change to an empty database makes its key on this machine only.
        defer { session.newKeyNotice.sayIfMade(console) }
        let status: ExitStatus
        do {
            status = try run(session, arguments, console)
            if warnsAfter, let damageWarning { console.err(CommandLineText.Report.warning(damageWarning)) }
        } catch {
            if warnsAfter, let damageWarning, !ExitMapping.refusesADamagedStore(error) {
                console.err(CommandLineText.Report.warning(damageWarning))
            }
            // The command's commit may have moved a torn last line aside before failing.
            if let torn = session.store.tornTail { console.errLines(CommandLineText.Report.error("\(torn)")) }
            throw error
        }
        // Reported after the command: its commit is what moves a torn last line aside.
        if let torn = session.store.tornTail { console.errLines(CommandLineText.Report.error("\(torn)")) }
        // What a damaged ledger shows stops before its first bad line: never a plain success. A
        // change is refused on damage only as the store is when it commits, which reads it
        // again from its start: mended by then, the change was made, and is not a failure to retry.
        let damagedNow = LedgerDamage(session.store).isDamaged
        if warnsOfDamage, damage.isDamaged, !damagedNow, status == .success {
            console.err(CommandLineText.Report.notice(CommandLineText.Report.mendedBeforeTheChange))
        }
        return status == .success && damagedNow ? .dataProblem : status
    }

    /// A catalog as advice names it: a relative path made absolute, so pasted elsewhere it
    /// reads the same file (as the entitlements file is named); a bundled catalog's name, which
    /// names no file here, with `CatalogLoader.builtInPrefix`, so pasted in a folder that holds
    /// a file of that name it still reads the built-in one.
    static func advisedCatalog(_ given: String) -> String {
        // A prefixed name reads no file, even one named like it.
        guard !given.hasPrefix("/"), !given.hasPrefix(CatalogLoader.builtInPrefix) else { return given }
        if FileManager.default.fileExists(atPath: given) { return URL(fileURLWithPath: given).standardizedFileURL.path }
        guard let name = CatalogLoader.bundledName(matching: given) else { return given }
        return CatalogLoader.builtInPrefix + name
    }
}
