import Foundation
import StoreEngine

/// Everything a buyer or a QA tester could observe of a store's state, comparable as a whole.
struct StateDigest: Equatable, CustomStringConvertible {
    var eventCount: Int
    var balances: [LedgerState.CreditKey: Int]
    var transactions: TransactionTable
    var subscriptions: [String: SubscriptionChain]
    var settings: StoreSettings
    /// "<transaction id>@<device>" for every transaction delivered to one of `devices`.
    var deliveries: Set<String>

    init(_ state: LedgerState, devices: [String]) {
        eventCount = state.eventCount
        balances = state.balances.filter { $0.value != 0 }
        transactions = state.transactions
        subscriptions = state.subscriptions
        settings = state.settings
        deliveries = []
        for (id, record) in state.transactions {
            for device in devices where state.isDelivered(id, to: Buyer(account: record.account, device: device)) {
                deliveries.insert("\(id)@\(device)")
            }
        }
    }

    var description: String {
        let credits = balances.map { "\($0.key.account)/\($0.key.credit)=\($0.value)" }.sorted()
        let states = transactions.map { "\($0.key):\($0.value.productID):\($0.value.state.rawValue)" }.sorted()
        return "\(eventCount) events; credits \(credits); transactions \(states); delivered \(deliveries.sorted())"
    }
}
