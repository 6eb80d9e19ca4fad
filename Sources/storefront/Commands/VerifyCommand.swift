import Foundation
import StoreEngine

/// `storefront verify`: checks every line of the entitlements file.
enum VerifyCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        try arguments.allowOnly([], command: "verify")
        let path = LedgerLocation.path(explicit: arguments.entitlementsPath, environment: environment)
        let report: LedgerVerification
        do {
            report = try LedgerFile<StoreEvent>.verify(path: path)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        if arguments.json {
            struct Shape: Encodable {
                var path: String
                var intact: Bool
                var events: Int
                var problems: [Problem]
            }
            struct Problem: Encodable {
                var line: Int?
                var message: String
            }
            try console.json(Shape(path: path, intact: report.isIntact, events: report.entryCount,
                                   problems: report.problems.map { Problem(line: $0.line, message: $0.description) }))
        } else if report.isIntact {
            console.out("\(path): intact, \(report.entryCount) events, every line verified.")
            if report.incompleteLastLineBytes > 0 {
                console.out("  note: after them, an incomplete line of \(report.incompleteLastLineBytes) bytes (cut short "
                    + "by a crash while writing); the next command moves it aside into a .torn file")
            }
        } else {
            console.outLines(report.description)
        }
        return report.isIntact ? .success : .dataProblem
    }
}
