import Foundation
import StorefrontTesting
import Testing

/// What a store on PostgreSQL holds after a fault, checked as the file's fault tests check a
/// ledger: copied into a file, then audited for problems, double counts and broken balances.
struct PostgresStoreAudit {
    /// The transaction ids of every purchase stored.
    var storedPurchases: [String]
    /// Everything wrong, in words; empty when the store is sound.
    var issues: [String]
    var eventCount: Int

    /// Verifies the store through `cli`, copies it into `directory`, and audits it against the
    /// purchases commands reported (each must be stored exactly once).
    init(cli: StorefrontProcess, server: ThrowawayPostgres, directory: ScratchDirectory, reported: [String]) throws {
        let verify = try cli.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)")
        var auditor = cli
        auditor.storeArguments = []
        let copied = directory.file("audit.jsonl")
        #expect(try auditor.run(["store", "copy", "--from", server.url(), "--to", copied]).status == 0)
        let audit = try LedgerAudit(path: copied)
        let stored = audit.entries.filter { $0.event.kind == .purchase }.compactMap(\.event.transactionId)
        var issues = audit.problems.map { "store: \($0)" } + audit.doubleCounts
        issues += audit.balanceViolations(maximums: StoreModel.maximums)
        issues += reported.filter { id in stored.filter { $0 == id }.count != 1 }.map { "reported purchase \($0) is not stored once" }
        storedPurchases = stored
        self.issues = issues
        eventCount = audit.entries.count
    }
}
