import StoreEngine
import StoreLedger
import StorefrontText

/// `storefront repair`: keeps a damaged ledger's intact lines and moves the rest aside.
enum RepairCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        // A database has no lines to cut: asked to repair one, say so rather than look for a file.
        if case let .postgres(address, _, _) = try StoreLocation.resolve(arguments, environment: environment) {
            throw CommandFailure(status: .usage, message: CommandLineText.Files.noRepairForDatabase(address.shown))
        }
        let path = try StoreSession.ledgerPath(arguments, environment: environment)
        let repair: LedgerRepair
        do {
            repair = try LedgerEventLog.repair(path: path)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        if arguments.json {
            try console.json(JSONShapes.RepairResult(
                path: path, changed: repair.changedAnything, keptLines: repair.keptLines,
                lastKeptSequence: repair.lastKeptSequence, movedTo: repair.movedTo,
                firstMovedLine: repair.movedTo == nil ? nil : repair.firstMovedLine, movedLines: repair.movedLines,
                movedBytes: repair.movedBytes, firstProblem: repair.firstProblem?.description))
        } else {
            console.outLines(repair.description)
        }
        return .success
    }
}
