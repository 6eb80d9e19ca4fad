import Foundation
import StoreEngine
import StorePostgres
import StorefrontText

/// `storefront store init|migrate|copy`: making, upgrading and moving whole stores.
enum StoreCommands {
    /// Creates a PostgreSQL store's tables, header and key (nothing when they exist).
    static func initialize(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let (log, keyPath) = try postgresLog(arguments, environment: environment, command: "store init")
        let before = try log.initialize()
        console.out(before == 0 ? CommandLineText.Stores.created(log.address.display, keyPath: keyPath)
                                : CommandLineText.Stores.alreadyThere(log.address.display, version: before))
        return .success
    }

    /// Upgrades a PostgreSQL store's schema to the one this build writes.
    static func migrate(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let (log, _) = try postgresLog(arguments, environment: environment, command: "store migrate")
        let versions = try log.migrate()
        console.out(CommandLineText.Stores.migrated(log.address.display, from: versions.from, to: versions.to))
        return .success
    }

    /// Copies every event from `--from` into the empty `--to`.
    static func copy(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        guard let from = arguments.value(of: CommandOptions.from), let to = arguments.value(of: CommandOptions.to) else {
            throw CommandFailure(status: .usage, message: CommandLineText.Stores.copyNeedsBothEnds)
        }
        let source = try StoreLocation.named(from, environment: environment)
        let target = try StoreLocation.named(to, environment: environment)
        let sourceLog = try openCopySource(source)
        let count = try EventLogCopy.copy(from: sourceLog, named: source.name, to: try target.openLog(), named: target.name)
        console.out(CommandLineText.Stores.copied(count, from: source.name, to: target.name))
        return .success
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
            let log = try PostgresEventLog(address: address, keyPath: keyPath)
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
        guard case .postgres(let address, let keyPath, _) = try StoreLocation.resolve(arguments, environment: environment) else {
            throw CommandFailure(status: .usage, message: CommandLineText.Stores.needsPostgres(command))
        }
        do {
            return (try PostgresEventLog(address: address, keyPath: keyPath), keyPath)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
    }
}
