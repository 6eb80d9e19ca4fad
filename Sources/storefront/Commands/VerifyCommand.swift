import Foundation
import StoreEngine
import StoreLedger

/// `storefront verify [--expect-sequence N]`: checks every line of the entitlements file.
///
/// The commit mark catches lines cut from the end, but not an older ledger put back together
/// with its own older lock file: nothing left on this machine remembers the newer state. The
/// printed head (last sequence number and its line's MAC), kept elsewhere, and
/// `--expect-sequence` with the number last seen, catch that too.
enum VerifyCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        try arguments.allowOnly(["expect-sequence"], command: "verify")
        let expected = arguments.options["expect-sequence"] == nil
            ? nil : try arguments.integerOption("expect-sequence", default: 0, minimum: 0)
        let path = try StoreSession.ledgerPath(arguments, environment: environment)
        let report: LedgerVerification
        do {
            report = try LedgerEventLog.verify(path: path)
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        let rolledBack = expected.flatMap { $0 > report.lastSequence ? $0 : nil }.map {
            "the ledger ends at sequence number \(report.lastSequence), but \($0) was expected: lines were cut from "
                + "its end or an older copy was put back; restore the newer copy, or run `storefront repair` "
                + "only if the older state is the one to keep"
        }
        if arguments.json {
            struct Shape: Encodable {
                var path: String
                var intact: Bool
                var events: Int
                var lastSequence: Int
                var headMac: String?
                var problems: [Problem]
            }
            struct Problem: Encodable {
                var line: Int?
                var message: String
            }
            var problems = report.problems.map { Problem(line: $0.line, message: $0.description) }
            if let rolledBack { problems.append(Problem(line: nil, message: rolledBack)) }
            try console.json(Shape(path: path, intact: problems.isEmpty, events: report.entryCount,
                                   lastSequence: report.lastSequence, headMac: report.headMAC, problems: problems))
        } else if report.isIntact, rolledBack == nil {
            console.out("\(path): intact, \(EnglishCount.of(report.entryCount, "event")), every line verified.")
            console.out("  head: sequence number \(report.lastSequence), MAC \(report.headMAC ?? "none"); keep it "
                + "elsewhere and check later with `storefront verify --expect-sequence \(report.lastSequence)`")
            if report.incompleteLastLineBytes > 0 {
                console.out("  note: after them, an incomplete line of \(EnglishCount.of(report.incompleteLastLineBytes, "byte")) (cut short "
                    + "by a crash while writing); the next command moves it aside into a .torn file")
            }
        } else {
            if !report.isIntact { console.outLines(report.description) }
            if let rolledBack { console.out("\(path): \(rolledBack)") }
        }
        return report.isIntact && rolledBack == nil ? .success : .dataProblem
    }
}
