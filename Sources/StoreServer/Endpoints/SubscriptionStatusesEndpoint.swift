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

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        var wanted: Set<Int> = []
        for text in request.request.queryValues("status") {
            guard let number = Int(text), (1...5).contains(number) else {
                throw .badRequest(AppStoreAPIError.Code.invalidStatus, ServerText.invalidValue("status", text, allowed: ["1", "2", "3", "4", "5"]))
            }
            wanted.insert(number)
        }
        let customer = try CustomerLookup(transactionID: request.parameter("transactionId"), in: try served.refreshed())
        let buyer = Buyer(account: customer.record.account, device: customer.record.purchaseDevice)
        var groups: [String: [LastTransaction]] = [:]
        var order: [String] = []
        for subscription in served.store.entitlements(for: buyer).subscriptions where !subscription.group.isEmpty {
            let status = statusNumber(subscription.state)
            guard wanted.isEmpty || wanted.contains(status), let record = customer.state.transactions[subscription.transactionID],
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
