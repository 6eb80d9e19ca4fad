import Foundation

/// A renewal date extension the app's server asked for (App Store Server API, Extend a
/// Subscription Renewal Date): the subscription's expiry and next renewal move by `days`.
public struct RenewalExtension: Sendable, Equatable {
    public var days: Int
    /// Apple's ExtendReasonCode: 0 undeclared, 1 customer satisfaction, 2 other, 3 service issue or outage.
    public var reasonCode: Int
    public var requestIdentifier: String
    /// When it was recorded (store time).
    public var date: Date
    /// The expiry it moved the subscription to.
    public var newExpiresDate: Date

    /// Apple's limits: 1 to 90 days, at most two extensions a year for one subscription.
    public static let allowedDays = 1...90
    public static let allowedReasonCodes = 0...3
    public static let maximumPerYear = 2
    static let year: TimeInterval = 365 * 86_400
}

/// Why the store refuses a request of the app's server.
public enum ServerRequestRefusal: Error, Equatable, Sendable {
    case noTransaction(String)
    /// Only a subscription that is active (not expired, revoked, in billing retry) is extended.
    case subscriptionNotActive(originalTransactionID: String)
    /// A period given free by an offer (a free trial) is not extended, as the App Store says.
    case freeOfferPeriod(originalTransactionID: String)
    case tooManyExtensions(originalTransactionID: String)
}

extension LedgerState {
    mutating func applyRenewalExtension(_ event: StoreEvent) {
        guard let originalID = event.originalTransactionId, let days = event.extendByDays,
              var chain = subscriptions[originalID] else { return }
        let moved = chain.expiresDate.addingTimeInterval(TimeInterval(days) * 86_400)
        chain.expiresDate = moved
        // The renewals after an extension count whole periods from the new date.
        chain.billingAnchor = moved
        subscriptions[originalID] = chain
        if var latest = transactions[chain.latestTransactionID] {
            latest.expiresDate = moved
            transactions[chain.latestTransactionID] = latest
        }
        renewalExtensions[originalID, default: []].append(RenewalExtension(
            days: days, reasonCode: event.extendReasonCode ?? 0, requestIdentifier: event.requestIdentifier ?? "",
            date: event.time, newExpiresDate: moved))
    }
}

extension Store {
    /// Extends the subscription `originalTransactionID` by `days`, as the app's server asks;
    /// the same `requestIdentifier` again returns the first answer and records nothing.
    public func extendRenewalDate(originalTransactionID: String, days: Int, reasonCode: Int, requestIdentifier: String,
                                  by buyer: Buyer) throws -> RenewalExtension {
        try commit { state, now in
            guard let chain = state.subscriptions[originalTransactionID] else {
                throw ServerRequestRefusal.noTransaction(originalTransactionID)
            }
            let earlier = state.renewalExtensions[originalTransactionID] ?? []
            if let same = earlier.first(where: { $0.requestIdentifier == requestIdentifier }) { return ([], same) }
            guard chain.status == .subscribed || chain.status == .inGracePeriod, chain.expiresDate > now else {
                throw ServerRequestRefusal.subscriptionNotActive(originalTransactionID: originalTransactionID)
            }
            if let latest = state.transactions[chain.latestTransactionID], latest.offer != nil, (latest.price ?? 0) == 0 {
                throw ServerRequestRefusal.freeOfferPeriod(originalTransactionID: originalTransactionID)
            }
            guard earlier.filter({ now.timeIntervalSince($0.date) < RenewalExtension.year }).count < RenewalExtension.maximumPerYear else {
                throw ServerRequestRefusal.tooManyExtensions(originalTransactionID: originalTransactionID)
            }
            var event = StoreEvent(kind: .renewalExtended, time: now, app: catalog.bundleID, account: chain.account, device: buyer.device)
            event.originalTransactionId = originalTransactionID
            event.extendByDays = days
            event.extendReasonCode = reasonCode
            event.requestIdentifier = requestIdentifier
            var after = state
            after.apply(event, sequence: state.eventCount + 1)
            return ([event], after.renewalExtensions[originalTransactionID]?.last ?? RenewalExtension(
                days: days, reasonCode: reasonCode, requestIdentifier: requestIdentifier, date: now, newExpiresDate: chain.expiresDate))
        }
    }
}
