import StoreEngine
import StoreLedger

/// `storefront repair`: keeps a damaged ledger's intact lines and moves the rest aside.
enum RepairCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "repair")
        let path = try StoreSession.ledgerPath(arguments, environment: environment)
        let repair: LedgerRepair
        do {
            repair = try LedgerEventLog.repair(path: path)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        if arguments.json {
            struct Shape: Encodable {
                var path: String
                var changed: Bool
                var keptLines: Int
                var lastKeptSequence: Int
                var movedTo: String?
                var firstMovedLine: Int?
                var movedLines: Int
                var movedBytes: Int
                var firstProblem: String?
            }
            try console.json(Shape(
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
