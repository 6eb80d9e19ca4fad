import Foundation
import StoreEngine
import StorefrontText

/// GET `/inApps/v1/subscriptions/{transactionId}`: Get All Subscription Statuses.
enum SubscriptionStatusesEndpoint {
    /// Apple's StatusResponse.
    struct Response: Encodable {
        var environment: String
        var bundleId: String
        var appAppleId: Int?
        var data: [Group]
    }

    /// Apple's SubscriptionGroupIdentifierItem.
    struct Group: Encodable {
        var subscriptionGroupIdentifier: String
        var lastTransactions: [LastTransaction]
    }

    /// Apple's LastTransactionsItem.
    struct LastTransaction: Encodable {
        var status: Int
        var originalTransactionId: String
        var signedTransactionInfo: String
        var signedRenewalInfo: String
    }

    /// Apple's subscription status numbers.
    static func statusNumber(_ state: SubscriptionChain.Status) -> Int {
        switch state {
        case .subscribed: 1
        case .expired: 2
        case .inBillingRetryPeriod: 3
        case .inGracePeriod: 4
        case .revoked: 5
        }
    }

    /// The subscription's period running: a period paid ahead (`renew`) is its latest
    /// transaction before it begins, but the App Store tells of a renewal when its period begins
    /// (as `DID_RENEW` is sent then). Where the period running was refunded and the subscription
    /// goes on into one paid ahead, that one is named, as entitlements name it: the refunded one
    /// would put a revoked transaction beside an active status, and an earlier one has ended.
    static func runningPeriod(of subscription: Entitlements.Subscription, in state: LedgerState, at now: Date) -> TransactionRecord? {
        guard let latest = state.transactions[subscription.transactionID] else { return nil }
        guard latest.purchaseDate > now else { return latest }
        return state.transactions(of: latest.account).last {
            $0.originalID == subscription.originalTransactionID && $0.state == .purchased && $0.replacedBy == nil
                && $0.purchaseDate <= now && ($0.expiresDate ?? .distantPast) > now
        } ?? latest
    }

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        var wanted: Set<Int> = []
        for text in request.request.queryValues("status") {
            guard let number = Int(text), (1...5).contains(number) else {
                throw .badRequest(AppStoreAPIError.Code.invalidStatus, ServerText.invalidValue("status", text, allowed: ["1", "2", "3", "4", "5"]))
            }
            wanted.insert(number)
        }
        let customer = try CustomerLookup(transactionID: request.parameter("transactionId"), of: served)
        var groups: [String: [LastTransaction]] = [:]
        var order: [String] = []
        // Every subscription of the customer, an ended one beside a newer one in its group
        // too (entitlements show one per product, the one going on).
        let account = customer.account
        let subscriptions = customer.state.subscriptionChains(of: account).compactMap { chain in
            served.store.subscription(originalID: chain.originalID, account: account)
        }
        for subscription in subscriptions where !subscription.group.isEmpty {
            let status = statusNumber(subscription.state)
            guard wanted.isEmpty || wanted.contains(status),
                  let record = runningPeriod(of: subscription, in: customer.state, at: served.store.now()),
                  let renewalInfo = try served.signedRenewalInfo(subscription) else { continue }
            if groups[subscription.group] == nil { order.append(subscription.group) }
            groups[subscription.group, default: []].append(LastTransaction(
                status: status, originalTransactionId: subscription.originalTransactionID,
                signedTransactionInfo: try served.signedTransaction(record), signedRenewalInfo: renewalInfo))
        }
        return .json(Response(environment: served.environmentName, bundleId: served.bundleID,
                              appAppleId: served.store.catalog.appAppleID,
                              data: order.map { Group(subscriptionGroupIdentifier: $0, lastTransactions: groups[$0] ?? []) }))
    }
}
