import Foundation
import StoreEngine
@testable import StoreLedger

/// Reads a ledger as a fresh process would and checks what no store may ever record.
struct LedgerAudit {
    var entries: [LedgerEntry<StoreEvent>]
    var problems: [LedgerProblem]
    /// The state the engine folds from the ledger.
    var state: LedgerState

    /// Audits the ledger at `path`, or returns nil when `ifPresent` and there is none yet.
    init?(path: String, ifPresent: Bool) throws {
        guard !ifPresent || FileManager.default.fileExists(atPath: path) else { return nil }
        try self.init(path: path)
    }

    init(path: String) throws {
        let verification = try LedgerFile<StoreEvent>.verify(path: path)
        let update = try LedgerFile<StoreEvent>(path: path).readNew()
        entries = update.entries
        problems = verification.problems
        let store = try Store(catalog: try Rage.catalog(), log: try LedgerEventLog.open(path: path))
        state = store.snapshot
    }

    /// Transactions recorded twice, spends applied twice, transactions refunded twice.
    var doubleCounts: [String] {
        var found: [String] = []
        func repeated(_ keys: [String], _ what: String) {
            var seen: Set<String> = []
            for key in keys where !seen.insert(key).inserted { found.append("\(what) \(key) recorded twice") }
        }
        let events = entries.map(\.event)
        repeated(events.filter { $0.kind == .purchase }.compactMap(\.transactionId), "purchase")
        repeated(events.filter { $0.kind == .spend }.compactMap(\.spendId), "spend")
        repeated(events.filter { $0.kind == .refund }.compactMap(\.transactionId), "refund of")
        return found
    }

    /// Balances that went below zero at some point in the ledger's order, replayed without the
    /// engine's clamping, and balances above a credit's maximum.
    func balanceViolations(maximums: [String: Int]) -> [String] {
        var balances: [String: Int] = [:]
        var grants: [String: (key: String, amount: Int)] = [:]
        var found: [String] = []
        for entry in entries where entry.event.app == "com.example.rage" {
            let event = entry.event
            switch event.kind {
            case .purchase:
                guard let credit = event.credit, let amount = event.amount else { continue }
                let key = "\(event.account)/\(credit)"
                balances[key, default: 0] += amount
                if let id = event.transactionId { grants[id] = (key, amount) }
                if let maximum = maximums[credit], balances[key, default: 0] > maximum {
                    found.append("line \(entry.line): \(key) is \(balances[key, default: 0]), over its maximum \(maximum)")
                }
            case .spend, .refund:
                guard let credit = event.credit, let amount = event.amount else { continue }
                let key = "\(event.kind == .refund ? (event.transactionId.flatMap { grants[$0]?.key } ?? "") : "\(event.account)/\(credit)")"
                balances[key, default: 0] -= amount
                if balances[key, default: 0] < 0 {
                    found.append("line \(entry.line): \(key) went to \(balances[key, default: 0])")
                }
            default:
                continue
            }
        }
        return found
    }
}
