import Foundation
import StoreEngine
import StoreLedger
import Testing
@testable import StorefrontCommands

/// What `serve` tells its operator as the ledger it serves becomes damaged, is mended and is
/// damaged again: one line per change, none on passes that change nothing.
@Suite struct ServedLedgerDamageReportTests {
    /// The lines a report said, in order.
    final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var saidLines: [String] = []
        func say(_ line: String) { lock.withLock { saidLines.append(line) } }
        var lines: [String] { lock.withLock { saidLines } }
    }

    static let path = "/stores/entitlements.jsonl"
    static let damage: [LedgerProblem] = [.tampered(line: 3)]

    static func report() -> (ServedLedgerDamageReport, Said) {
        let said = Said()
        return (ServedLedgerDamageReport(ledgerPath: path, say: { said.say($0) }), said)
    }

    @Test func aSoundLedgerSaysNothing() {
        let (report, said) = Self.report()
        for _ in 0..<3 { report.check([], medium: .entitlementsFile) }
        #expect(said.lines.isEmpty)
    }

    @Test func damageIsWarnedOfOnceThenItsMendingOnceThenDamageAgain() {
        let (report, said) = Self.report()
        report.check([], medium: .entitlementsFile)
        report.check(Self.damage, medium: .entitlementsFile)
        report.check(Self.damage, medium: .entitlementsFile)
        #expect(said.lines.count == 1)
        #expect(said.lines.last?.hasPrefix("storefront: warning: \(Self.path) has a problem") == true, "\(said.lines)")

        report.check([], medium: .entitlementsFile)
        report.check([], medium: .entitlementsFile)
        #expect(said.lines.count == 2)
        #expect(said.lines.last == "storefront: \(Self.path) is sound again: every line verifies, so all of it is served and it can be written")

        report.check(Self.damage, medium: .entitlementsFile)
        #expect(said.lines.count == 3)
        #expect(said.lines.last == said.lines.first)
    }

    @Test func otherDamageIsWarnedOfAgainWithoutSayingItWasMended() {
        let (report, said) = Self.report()
        report.check(Self.damage, medium: .entitlementsFile)
        report.check([.tampered(line: 3), .tampered(line: 5)], medium: .entitlementsFile)
        #expect(said.lines.count == 2)
        #expect(said.lines.allSatisfy { $0.hasPrefix("storefront: warning: ") }, "\(said.lines)")
        #expect(said.lines.last?.contains("2 problems") == true, "\(said.lines)")
    }

    @Test func aDatabaseIsWarnedOfAndSaidSoundInItsOwnWords() {
        let (report, said) = Self.report()
        let database = StoreMedium.database(address: ShownStoreAddress("postgresql://tester@db.example/shop"))
        report.check(Self.damage, medium: database)
        report.check([], medium: database)
        #expect(said.lines.count == 2)
        #expect(said.lines.first?.contains("the store postgresql://tester@db.example/shop has a problem") == true, "\(said.lines)")
        #expect(said.lines.last == "storefront: the store postgresql://tester@db.example/shop is sound again: every row verifies, "
            + "so all of it is served and it can be written")
        #expect(!said.lines.joined().contains(Self.path))
    }
}
