import Foundation
import StoreLedger
import StoreEngine
import StorefrontText
import StorePostgres

/// `storefront verify [--expect-sequence N [--expect-mac MAC]]`: checks every line of the store.
///
/// The commit mark catches lines cut from the end, but not an older ledger put back together
/// with its own older lock file: nothing left on this machine remembers the newer state. The
/// printed head (last sequence number and its line's MAC), kept elsewhere, and
/// `--expect-sequence` with the number last seen, catch that too; `--expect-mac` with its MAC
/// also catches an older copy written to again until it reached that number.
enum VerifyCommand {
    static func run(arguments: CommandLineArguments, environment: [String: String], console: Console) throws -> ExitStatus {
        let expected = arguments.value(of: CommandOptions.expectSequence) == nil
            ? nil : try arguments.integerOption(CommandOptions.expectSequence.name, default: 0, minimum: 0)
        let expectedMAC = arguments.value(of: CommandOptions.expectMAC)
        if let expectedMAC {
            guard expected != nil else { throw UsageError(CommandLineText.Files.expectMACNeedsSequence) }
            // A typo must not read as a store replaced: only a MAC's shape is compared.
            guard expectedMAC.count == 64, expectedMAC.allSatisfy(\.isHexDigit) else {
                throw UsageError(CommandLineText.Files.notAMAC(expectedMAC))
            }
        }
        let location = try StoreLocation.resolve(arguments, environment: environment)
        let path = location.name
        var report: LedgerVerification
        do {
            switch location {
            case .file(let path): report = try LedgerEventLog.verify(path: path)
            case .postgres(let address, let keyPath, _): report = try PostgresEventLog.verify(address: address, keyPath: keyPath)
            }
        } catch let error as PostgresStoreError {
            throw CommandFailure(status: .dataProblem, message: error.words(advisingVerify: false))
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        let medium: StoreMedium
        if case .postgres(let address, _, _) = location { medium = .database(address: address.shown) } else { medium = .entitlementsFile }
        let advised = location.advised(arguments)
        let describe = { (problem: LedgerProblem) in StoreProblemText.describe(problem, in: medium) }
        // Only a store that verifies ends where its lines end: a damaged one stops being read at the damage.
        let endsEarly = expected.flatMap { $0 > report.lastSequence && report.isIntact ? $0 : nil }.map {
            medium == .entitlementsFile ? CommandLineText.Files.rolledBack(lastSequence: report.lastSequence, expected: $0, store: advised)
                : CommandLineText.Stores.rolledBack(lastSequence: report.lastSequence, expected: $0)
        }
        let firstUntrusted = firstUntrustedSequence(of: report)
        // A head kept elsewhere names its event by number and MAC: a store rolled back and written
        // to again reaches the number with other events.
        let replaced = try expected.flatMap { sequence -> String? in
            // Before its first problem a damaged store still verifies, so its MAC there still tells.
            guard let expectedMAC, endsEarly == nil, sequence < firstUntrusted else { return nil }
            let found = sequence == report.lastSequence ? report.headMAC : try macOfEvent(sequence, in: location)
            guard found?.lowercased() != expectedMAC.lowercased() else { return nil }
            return CommandLineText.Files.replacedSince(sequence: sequence, found: found, medium: medium)
        }
        let rolledBack = endsEarly ?? replaced
        // An expectation at or past the damage cannot be checked: said, so it is not taken as passed.
        let notChecked = expected.flatMap { sequence in
            !report.isIntact && sequence >= firstUntrusted
                ? CommandLineText.Files.expectationNotChecked(sequence: sequence, withMAC: expectedMAC != nil) : nil
        }
        // A damaged store has no head to keep: the last MAC read may be one that does not verify.
        let headMAC = report.isIntact ? report.headMAC : nil
        if arguments.json {
            var problems = report.problems.map { problem in
                medium == .entitlementsFile
                    ? JSONShapes.VerifyProblem(line: problem.line, message: describe(problem))
                    : JSONShapes.VerifyProblem(seq: problem.line.map(StoreProblemText.sequence(ofLine:)), message: describe(problem))
            }
            if let rolledBack { problems.append(JSONShapes.VerifyProblem(message: rolledBack)) }
            if let notChecked { problems.append(JSONShapes.VerifyProblem(message: notChecked)) }
            try console.json(JSONShapes.VerifyResult(path: path, intact: problems.isEmpty, events: report.entryCount,
                                   lastSequence: report.lastSequence, headMac: headMAC, problems: problems))
        } else if report.isIntact, rolledBack == nil {
            console.out(medium == .entitlementsFile ? CommandLineText.Files.intact(path, events: report.entryCount)
                            : CommandLineText.Stores.intact(path, events: report.entryCount))
            console.out(CommandLineText.Files.head(sequence: report.lastSequence, mac: report.headMAC, store: advised))
            if report.incompleteLastLineBytes > 0 {
                console.out(CommandLineText.Files.incompleteLastLine(bytes: report.incompleteLastLineBytes))
            }
        } else {
            if !report.isIntact {
                if case .postgres = location {
                    console.out(CommandLineText.Files.problemCount(path, count: report.problems.count))
                    report.problems.forEach { console.out("  - " + describe($0)) }
                } else {
                    console.outLines(report.description)
                    console.out(CommandLineText.Files.verifyRemedy(unrepairable: report.problems.contains { !$0.isRepairable }))
                }
            }
            if let rolledBack { console.out(CommandLineText.Files.aboutPath(path, rolledBack)) }
            if let notChecked { console.out(CommandLineText.Files.aboutPath(path, notChecked)) }
        }
        return report.isIntact && rolledBack == nil ? .success : .dataProblem
    }

    /// The first sequence number whose event is not verified: past the last one for an intact
    /// store, at the first damaged line, or the first number missing before a gap.
    private static func firstUntrustedSequence(of report: LedgerVerification) -> Int {
        report.problems.compactMap { problem -> Int? in
            if case .sequenceGap(_, let expected, _) = problem { return expected }
            return problem.firstUntrustedLine.map { $0 - 1 }
        }.min() ?? report.lastSequence + 1
    }

    /// The MAC of the line holding event `sequence` in the store at `location`, as stored; 0 is
    /// the header's, the head of a store without events.
    private static func macOfEvent(_ sequence: Int, in location: StoreLocation) throws -> String? {
        switch location {
        case .file(let path):
            let lines = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))).split(separator: UInt8(ascii: "\n"))
            let line = sequence == 0 ? lines.first
                : lines.first { LedgerLineChain<StoreEvent>.sequenceNumber(ofLine: Array($0)) == sequence }
            return line.flatMap { LedgerLineChain<StoreEvent>.mac(ofLine: Array($0)) }
        case .postgres(let address, let keyPath, _):
            return try PostgresEventLog.storedLine(address: address, keyPath: keyPath, sequence: sequence)
                .flatMap { LedgerLineChain<StoreEvent>.mac(ofLine: $0) }
        }
    }
}
