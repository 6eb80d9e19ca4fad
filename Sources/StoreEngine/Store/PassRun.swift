import Foundation
import StoreCatalog

/// A run of passes (non-renewing subscriptions to one product) that an account bought one
/// after another. A pass bought while the run still runs extends it, and the run ends where its
/// passes, counted whole from the run's start, end, so month-end clamping is applied once; a
/// pass bought after the run ended starts a run of its own.
///
/// The purchase decision dates a new pass by it, and the fold lays a run out again by it once a
/// pass of the run is refunded, so both agree on every ledger.
struct PassRun: Equatable {
    var start: Date
    var count: Int
    var end: Date

    /// The run as it stands after each of `passes`, given in the order they began: each pass
    /// counts with its recorded duration, or `fallback` where none was recorded.
    static func runs(after passes: [TransactionRecord], fallback: SubscriptionPeriod) -> [PassRun] {
        var runs: [PassRun] = []
        for pass in passes {
            let duration = pass.passDuration ?? fallback
            if let current = runs.last, pass.purchaseDate <= current.end {
                runs.append(PassRun(start: current.start, count: current.count + 1,
                                    end: duration.added(to: current.start, times: current.count + 1)))
            } else {
                runs.append(PassRun(start: pass.purchaseDate, count: 1, end: duration.added(to: pass.purchaseDate)))
            }
        }
        return runs
    }
}

extension TransactionRecord {
    /// For a pass (a non-renewing subscription): when the other passes of its product that the
    /// account holds would end once this one is refunded, their run laid out again without it as
    /// the refund does (see `LedgerState.layOutRunAgain`); nil when none is left. `history` is
    /// the account's transactions.
    public func passesEndAfterRefund(among history: [TransactionRecord]) -> Date? {
        guard productType == .nonRenewing else { return nil }
        let left = history.filter { $0.id != id && $0.isInForce && $0.productID == productID && $0.account == account }
            .sorted { ($0.purchaseDate, $0.sequence) < ($1.purchaseDate, $1.sequence) }
        guard let fallback = passDuration, left.allSatisfy({ $0.passDuration != nil }) else {
            return left.compactMap(\.expiresDate).max()
        }
        return PassRun.runs(after: left, fallback: fallback).map(\.end).max()
    }
}

extension LedgerState {
    /// The passes for `productID` that `account` holds (not refunded), in the order they began:
    /// a request approved late is earlier in the ledger than a pass bought while it waited, but
    /// begins after it, so in ledger order the run would seem to start at the approval.
    func passesInForce(of account: String, productID: String) -> [TransactionRecord] {
        transactions(of: account).enumerated()
            .filter { $0.element.isInForce && $0.element.productID == productID }
            .sorted { ($0.element.purchaseDate, $0.offset) < ($1.element.purchaseDate, $1.offset) }.map(\.element)
    }

    /// A refunded pass gives its time back: the passes of its product that began after it are
    /// dated again as if it had never been bought, each ending where its run, laid out anew
    /// without it, ends (one bought after that shorter run ended begins a run of its own, with
    /// its full duration). Passes recorded without a duration keep their ends: the run cannot be
    /// laid out again without the catalog, which may have changed since.
    mutating func layOutRunAgain(afterRefundOf refunded: TransactionRecord) {
        let passes = passesInForce(of: refunded.account, productID: refunded.productID)
        guard let fallback = refunded.passDuration, passes.allSatisfy({ $0.passDuration != nil }) else { return }
        for (pass, run) in zip(passes, PassRun.runs(after: passes, fallback: fallback))
        where (pass.purchaseDate, pass.sequence) > (refunded.purchaseDate, refunded.sequence) {
            transactions[pass.id]?.expiresDate = run.end
        }
    }
}
