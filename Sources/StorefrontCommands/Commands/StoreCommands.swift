import Foundation
import StoreEngine
import StorePostgres
import StorefrontText

/// `storefront store init|migrate|copy`: making, upgrading and moving whole stores.
enum StoreCommands {
    /// Creates a PostgreSQL store's tables, header and key (nothing when they exist).
    static func initialize(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let (log, keyPath) = try postgresLog(arguments, environment: environment, command: "store init")
        // A store of this version that lacks a table (dropped by hand) has it made again first, as
        // migrate does: reading the store, which init does, needs every table.
        let remade = try log.schemaVersion() == PostgresEventLog.schemaVersionWritten ? try log.migrate().remade : []
        let before: Int
        do {
            before = try log.initialize()
        } catch let damaged as StoreDamaged where !remade.isEmpty {
            // The tables made again are written, whatever the store then refuses: the refusal says so.
            throw CommandFailure(status: .dataProblem, message: damaged.described(writtenFirst: CommandLineText.Stores.remadeBeforeRefusal(remade)))
        }
        if arguments.json {
            try console.json(JSONShapes.StoreInitResult(
                store: log.address.display, created: before == 0,
                schemaVersion: before == 0 ? PostgresEventLog.schemaVersionWritten : before, keyFile: keyPath))
        } else {
            // A header table made again on a store without events holds the header init wrote, unlike migrate's.
            let headerWritten = remade.contains("storefront_header") ? CommandLineText.Stores.headerWrittenAgain : ""
            console.out(before == 0 ? CommandLineText.Stores.created(log.address.display, keyPath: keyPath)
                                    : remade.isEmpty ? CommandLineText.Stores.alreadyThere(log.address.display, version: before)
                                    : CommandLineText.Stores.migrated(log.address.display, from: before, to: before, remade: remade) + headerWritten)
        }
        return .success
    }

    /// Upgrades a PostgreSQL store's schema to the one this build writes.
    static func migrate(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let (log, _) = try postgresLog(arguments, environment: environment, command: "store migrate")
        let versions = try log.migrate()
        // A header table made again is empty: where rows remain, the header row that signed them
        // is gone for good, and the store stays refused; said, rather than a success, whether this
        // run made the table or an earlier one did.
        _ = try? log.readNew()
        if log.problems.contains(where: { if case .headerMissing = $0 { true } else { false } }) {
            let remade = versions.remade.isEmpty ? nil : CommandLineText.Stores.remadeBeforeRefusal(versions.remade)
            throw CommandFailure(status: .dataProblem, message: StoreDamaged(store: log.address.shown, problems: log.problems)
                .described(writtenFirst: remade))
        }
        if arguments.json {
            try console.json(JSONShapes.StoreMigrateResult(store: log.address.display, fromVersion: versions.from,
                                                           toVersion: versions.to,
                                                           changed: versions.from != versions.to || !versions.remade.isEmpty))
        } else {
            console.out(CommandLineText.Stores.migrated(log.address.display, from: versions.from, to: versions.to,
                                                        remade: versions.remade))
        }
        return .success
    }

    /// Copies every event from `--from` into the empty `--to`.
    static func copy(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        guard let from = arguments.value(of: CommandOptions.from), let to = arguments.value(of: CommandOptions.to) else {
            let missing = [CommandOptions.from, CommandOptions.to].filter { arguments.value(of: $0) == nil }.map { "--" + $0.name }
            throw CommandFailure(status: .usage, message: CommandLineText.Stores.copyNeedsBothEnds(missing: missing))
        }
        let source = try StoreLocation.named(from, givenBy: "--from", environment: environment)
        let target = try StoreLocation.named(to, givenBy: "--to", environment: environment)
        let targetAdvised: StoreCommandText.AdvisedStore = switch target {
        case .file(let path): .file(path: path, namedByOption: true)
        case .postgres(let address, _, _): .database(address.shown)
        }
        ChangeInterruption.sayOnLeavingStoreCommand(console.preparedForStandardError(CommandLineText.Report.leftDuringCopy(
            into: target.name, verify: StoreCommandText.command("verify", on: targetAdvised))))
        let sourceLog = try openCopySource(source)
        // A new database's key is made by the copy's first commit, on this machine only: the
        // team needs to be told where it is, as `store init` tells. Only a key this copy made
        // is said to be: another process's first change may make it meanwhile.
        let keyNotice = NewStoreKeyNotice(target)
        var copied = false
        // A copy that fails after its first commit made the key keeps it, for the next copy:
        // said now, as the copy that then succeeds finds it there and makes none.
        defer {
            if !copied, let made = keyNotice.madeKeyPath {
                console.err(CommandLineText.Report.notice(CommandLineText.Stores.keyMadeBeforeFailing(made)))
            }
        }
        let count: Int
        do {
            let targetLog = try openCopyTarget(target)
            keyNotice.watch(targetLog)
            count = try EventLogCopy.copy(from: sourceLog, named: source.name, to: targetLog, named: target.name,
                                          verifiedOnly: arguments.isSet(CommandOptions.verifiedOnly))
        } catch let refusal as EventLogCopy.Refusal {
            // A damaged database is told in rows, with the command that lists them; a file by its path.
            guard case .database(let address) = sourceLog.medium else {
                if case .sourceDamaged(let path, let problems) = refusal {
                    throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.copySourceDamaged(
                        .file(path: path, namedByOption: true), problems: problems))
                }
                throw refusal
            }
            switch refusal {
            case .sourceDamaged(_, let problems):
                throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.copySourceDamaged(address, problems: problems))
            case .nothingVerified(_, let problems):
                throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.nothingVerified(address, problems: problems))
            case .targetNotEmpty, .sourceEmpty:
                throw refusal
            }
        } catch let lost as StoreUnreachable {
            // A buy's advice (its transactions, an account's balances) does not fit a whole store's copy.
            guard case .cutOff = lost.change else { throw lost }
            throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.copyCutOff(into: lost.store, reason: lost.reason))
        }
        copied = true
        let keyMade = keyNotice.madeKeyPath
        // Only `--verified-only` copies from a source with problems: the first one is where it stopped.
        let leftOutFrom = sourceLog.problems.first.map { StoreProblemText.describe($0, in: sourceLog.medium, withRemedy: false) }
        let targetKey: String? = if case .postgres(_, let keyPath, _) = target { keyPath } else { nil }
        if arguments.json {
            try console.json(JSONShapes.StoreCopyResult(from: source.name, to: target.name, events: count, keyFileMade: keyMade,
                                                        keyFile: targetKey, leftOutFrom: leftOutFrom))
        } else {
            console.out(CommandLineText.Stores.copied(count, from: source.name, to: target.name))
            if let leftOutFrom { console.out(CommandLineText.Stores.leftOut(firstProblem: leftOutFrom)) }
            if let keyMade {
                console.out(CommandLineText.Stores.keyMade(keyMade))
            } else if let targetKey {
                // A key there already, or named by the variable, signed the copy: the team must have that one.
                console.out(CommandLineText.Stores.keyUsed(targetKey, givenByVariable: !(environment["STOREFRONT_STORE_KEY"] ?? "").isEmpty))
            }
        }
        return .success
    }

    /// The log of a copy's target; a database the server lacks is told with the copy to run again once it is made.
    private static func openCopyTarget(_ target: StoreLocation) throws -> StoreEventLog {
        guard case .postgres(let address, let keyPath, _) = target else { return try target.openLog() }
        do {
            return try PostgresEventLog(address: address, keyPath: keyPath)
        } catch .noDatabase(let store, let database, let server) {
            let create = StoreCommandText.createDatabaseThenInit(database, host: server.host, port: server.port, user: server.user,
                                                                 store: store, thenInstead: "run this copy again")
            throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.copyTargetHasNoDatabase(
                address.display, database: database, create: create))
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }

    /// The log of a copy's source, refused (exit 3) when there is no store there: a mistyped
    /// path or database would otherwise copy nothing into a target made for it.
    private static func openCopySource(_ source: StoreLocation) throws -> StoreEventLog {
        switch source {
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.copySourceMissing(path))
            }
            return try source.openLog()
        case .postgres(let address, let keyPath, _):
            let log: PostgresEventLog
            do {
                log = try PostgresEventLog(address: address, keyPath: keyPath)
            } catch PostgresStoreError.noDatabase(_, let database, _) {
                // Making the database, as a store's own advice says, would give a copy nothing to copy.
                throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.copySourceHasNoDatabase(
                    address.display, database: database))
            }
            guard try log.schemaVersion() > 0 else {
                throw CommandFailure(status: .dataProblem, message: CommandLineText.Stores.copySourceHasNoStore(address.display))
            }
            return log
        }
    }

    /// The PostgreSQL log the global options name; a file store is a usage error here.
    private static func postgresLog(
        _ arguments: CommandLineArguments, environment: [String: String], command: String
    ) throws -> (PostgresEventLog, keyPath: String) {
        let location = try StoreLocation.resolve(arguments, environment: environment)
        guard case .postgres(let address, let keyPath, _) = location else {
            // A path given where an address was meant is named, so the user sees what was taken.
            let given = arguments.storeAddress.map { _ in "--store" } ?? arguments.entitlementsPath.map { _ in "--entitlements" }
                ?? ["STOREFRONT_STORE", "STOREFRONT_ENTITLEMENTS"].first { environment[$0]?.isEmpty == false }
            throw CommandFailure(status: .usage, message: CommandLineText.Stores.needsPostgres(command, file: location.name, givenBy: given))
        }
        do {
            return (try PostgresEventLog(address: address, keyPath: keyPath), keyPath)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }
}
