import Foundation
import StoreLedger

/// Consumption information the app's server sent for a transaction (App Store Server API,
/// Send Consumption Information), kept as the JSON object of Apple's fields it sent.
public struct ConsumptionReport: Sendable, Equatable {
    /// The fields as a JSON object with sorted keys, e.g. `{"consumptionStatus":1,...}`.
    public var fields: String
    public var received: Date

    public init(fields: String, received: Date) {
        self.fields = fields
        self.received = received
    }
}

extension LedgerState {
    mutating func applyConsumptionInfo(_ event: StoreEvent) {
        guard let id = event.transactionId, let fields = event.consumption, transactions.contains(id) else { return }
        consumptionReports[id] = ConsumptionReport(fields: fields, received: event.time)
    }
}

extension Store {
    /// Records `fields` (a JSON object of Apple's consumption fields) as the consumption
    /// information of transaction `transactionID`, sent by the app's server.
    public func recordConsumptionInfo(_ fields: String, transactionID: String, by buyer: Buyer) throws {
        try commit { state, now in
            guard state.transactions.contains(transactionID) else { throw ServerRequestRefusal.noTransaction(transactionID) }
            var event = StoreEvent(kind: .consumptionInfo, time: now, app: catalog.bundleID, account: buyer.account, device: buyer.device)
            event.transactionId = transactionID
            event.consumption = fields
            return ([event], ())
        }
    }
}

extension StoreEvent {
    /// What is wrong with the fields of a consumption or extension event, if anything.
    func serverRequestFieldProblem() -> LedgerFieldProblem? {
        let needed: [(String, Bool)] = kind == .consumptionInfo
            ? [("transactionId", transactionId != nil), ("consumption", consumption != nil)]
            : [("originalTransactionId", originalTransactionId != nil), ("extendByDays", extendByDays != nil)]
        if let missing = needed.first(where: { !$0.1 }) {
            return LedgerFieldProblem(field: missing.0, reason: "a \(kind.rawValue) event names no \(missing.0)")
        }
        if kind == .renewalExtended, let days = extendByDays, !RenewalExtension.allowedDays.contains(days) {
            return LedgerFieldProblem(field: "extendByDays", reason: "\(days) is not from 1 to 90 days")
        }
        return nil
    }
}
