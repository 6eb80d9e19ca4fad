import Foundation
import StorefrontTesting
import StoreEngine

/// A sequential model of the Rage store for the operations the process suites run, written
/// from the store's rules rather than from its code: what each operation should do, applied
/// one at a time in commit order.
///
/// Suites replay the commits that were reported (and any that landed before a kill) through
/// it and compare its balances, transactions and deliveries with what the engine folds from
/// the ledger.
struct StoreModel {
    enum Operation: Sendable, CustomStringConvertible {
        case buy(String, Buyer)
        case spend(String, amount: Int, Buyer)
        /// A refund, asked for by the account that bought the transaction.
        case refund(String, account: String)
        case restore(Buyer)

        var description: String {
            switch self {
            case .buy(let product, let buyer): "buy \(product) as \(buyer.account) on \(buyer.device)"
            case .spend(let credit, let amount, let buyer): "spend \(amount) \(credit) as \(buyer.account)"
            case .refund(let id, let account): "refund \(id) as \(account)"
            case .restore(let buyer): "restore \(buyer.account) onto \(buyer.device)"
            }
        }

        /// The command line for the binary, with JSON output.
        var arguments: [String] {
            switch self {
            case .buy(let product, let buyer): ["buy", product, "--json"] + Self.who(buyer)
            case .spend(let credit, let amount, let buyer):
                ["spend", credit, "--amount", String(amount), "--json"] + Self.who(buyer)
            case .refund(let id, let account): ["refund", id, "--json", "--account", account]
            case .restore(let buyer): ["restore", "--json"] + Self.who(buyer)
            }
        }

        private static func who(_ buyer: Buyer) -> [String] {
            ["--account", buyer.account, "--device", buyer.device]
        }
    }

    /// What an operation should come to.
    enum Outcome: Equatable, CustomStringConvertible {
        case purchased(id: String, balance: Int?)
        case alreadyOwned
        case overMaximum
        case spent(balance: Int)
        case insufficient(balance: Int)
        case refunded(revoked: Int)
        case notRefundable
        case restored(ids: [String])

        /// Whether the operation appends an event.
        var writes: Bool {
            switch self {
            case .purchased, .spent, .refunded: true
            case .restored(let ids): !ids.isEmpty
            case .alreadyOwned, .overMaximum, .insufficient, .notRefundable: false
            }
        }

        var description: String {
            switch self {
            case .purchased(let id, let balance): "purchased \(id)" + (balance.map { ", balance \($0)" } ?? "")
            case .alreadyOwned: "already owned"
            case .overMaximum: "refused over the maximum"
            case .spent(let balance): "spent, balance \(balance)"
            case .insufficient(let balance): "insufficient, balance \(balance)"
            case .refunded(let revoked): "refunded, \(revoked) revoked"
            case .notRefundable: "not refundable"
            case .restored(let ids): "restored \(ids)"
            }
        }

        /// Whether the binary's exit status and JSON output say this outcome happened.
        func matches(_ result: StorefrontProcess.Result) -> Bool {
            let json = result.json()
            switch self {
            case .purchased(let id, let balance):
                return result.status == 0 && json?["outcome"] as? String == "purchased"
                    && json?["transactionId"] as? String == id && json?["balance"] as? Int == balance
            case .alreadyOwned:
                return result.status == 0 && json?["outcome"] as? String == "alreadyOwned"
            case .overMaximum:
                return result.status == 1 && json?["outcome"] as? String == "refused"
            case .spent(let balance):
                return result.status == 0 && json?["outcome"] as? String == "spent" && json?["balance"] as? Int == balance
            case .insufficient(let balance):
                return result.status == 1 && json?["outcome"] as? String == "insufficient"
                    && json?["balance"] as? Int == balance
            case .refunded(let revoked):
                return result.status == 0 && json?["revoked"] as? Int == revoked
            case .notRefundable:
                return result.status == 1 && result.stdout.isEmpty
            case .restored(let ids):
                return result.status == 0 && (json?["transactionIds"] as? [String] ?? []).sorted() == ids.sorted()
            }
        }
    }

    struct Transaction: Equatable {
        var id: String
        var buyer: Buyer
        var product: String
        var credit: String?
        var amount: Int
        var refunded = false
    }

    /// What each consumable grants, and the most of each credit an account may hold.
    static let grants: [String: (credit: String, amount: Int)] = [
        Rage.face: (Rage.faces, 5), Rage.lives: (Rage.extraLives, 3),
    ]
    static let maximums = [Rage.faces: 50, Rage.extraLives: 99]
    static let nonConsumables: Set<String> = [Rage.drummer, Rage.nightly, Rage.noAds]

    private(set) var balances: [String: [String: Int]] = [:]
    private(set) var transactions: [String: Transaction] = [:]
    private(set) var transactionOrder: [String] = []
    /// "<transaction id>@<device>" for non-consumables delivered to a device.
    private(set) var deliveries: Set<String> = []
    private(set) var eventCount = 0
    private var nextNumber: Int64 = 2_000_000_000_000_001

    func balance(of credit: String, for account: String) -> Int {
        balances[account]?[credit] ?? 0
    }

    /// What `operation` would come to now, without applying it.
    func predict(_ operation: Operation) -> Outcome {
        var copy = self
        return copy.apply(operation)
    }

    /// Applies `operation` as the store should, and returns its outcome.
    @discardableResult
    mutating func apply(_ operation: Operation) -> Outcome {
        let outcome = decide(operation)
        if outcome.writes { eventCount += 1 }
        return outcome
    }

    private mutating func decide(_ operation: Operation) -> Outcome {
        switch operation {
        case .buy(let product, let buyer):
            return buy(product, buyer)
        case .spend(let credit, let amount, let buyer):
            let balance = balance(of: credit, for: buyer.account)
            guard balance >= amount else { return .insufficient(balance: balance) }
            balances[buyer.account, default: [:]][credit] = balance - amount
            return .spent(balance: balance - amount)
        case .refund(let id, _):
            guard var transaction = transactions[id], !transaction.refunded else { return .notRefundable }
            var revoked = 0
            if let credit = transaction.credit {
                revoked = min(transaction.amount, balance(of: credit, for: transaction.buyer.account))
                balances[transaction.buyer.account, default: [:]][credit, default: 0] -= revoked
            }
            transaction.refunded = true
            transactions[id] = transaction
            return .refunded(revoked: revoked)
        case .restore(let buyer):
            let ids = transactionOrder.filter { id in
                guard let transaction = transactions[id] else { return false }
                return transaction.buyer.account == buyer.account && !transaction.refunded
                    && Self.nonConsumables.contains(transaction.product) && !deliveries.contains("\(id)@\(buyer.device)")
            }
            for id in ids { deliveries.insert("\(id)@\(buyer.device)") }
            return .restored(ids: ids)
        }
    }

    private mutating func buy(_ product: String, _ buyer: Buyer) -> Outcome {
        if Self.nonConsumables.contains(product),
            transactions.values.contains(where: { $0.buyer.account == buyer.account && $0.product == product && !$0.refunded })
        {
            return .alreadyOwned
        }
        let grant = Self.grants[product]
        if let grant, let maximum = Self.maximums[grant.credit],
            balance(of: grant.credit, for: buyer.account) + grant.amount > maximum
        {
            return .overMaximum
        }
        let id = String(nextNumber)
        nextNumber += 1
        transactions[id] = Transaction(id: id, buyer: buyer, product: product, credit: grant?.credit, amount: grant?.amount ?? 0)
        transactionOrder.append(id)
        deliveries.insert("\(id)@\(buyer.device)")
        guard let grant else { return .purchased(id: id, balance: nil) }
        balances[buyer.account, default: [:]][grant.credit, default: 0] += grant.amount
        return .purchased(id: id, balance: balance(of: grant.credit, for: buyer.account))
    }

    /// The differences between this model and the state the engine folded, empty when they agree.
    func differences(from state: LedgerState, accounts: [String], devices: [String]) -> [String] {
        var found: [String] = []
        if state.eventCount != eventCount { found.append("\(state.eventCount) events, the model has \(eventCount)") }
        for account in accounts {
            for credit in Self.maximums.keys {
                let engine = state.balance(of: credit, for: Buyer(account: account, device: devices[0]))
                if engine != balance(of: credit, for: account) {
                    found.append("\(account) has \(engine) \(credit), the model \(balance(of: credit, for: account))")
                }
            }
        }
        let engineIDs = Set(state.transactions.keys)
        if engineIDs != Set(transactions.keys) {
            found.append("transactions differ: engine only \(engineIDs.subtracting(transactions.keys).sorted()), "
                + "model only \(Set(transactions.keys).subtracting(engineIDs).sorted())")
        }
        for (id, transaction) in transactions {
            guard let record = state.transactions[id] else { continue }
            if record.productID != transaction.product || record.account != transaction.buyer.account
                || (record.state == .refunded) != transaction.refunded
            {
                found.append("transaction \(id) is \(record.productID) \(record.state.rawValue) for \(record.account)")
            }
            guard Self.nonConsumables.contains(transaction.product) else { continue }
            for device in devices {
                let delivered = state.isDelivered(id, to: Buyer(account: transaction.buyer.account, device: device))
                if delivered != deliveries.contains("\(id)@\(device)") {
                    found.append("transaction \(id) delivered to \(device): \(delivered)")
                }
            }
        }
        return found
    }
}
