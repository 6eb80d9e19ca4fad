import Foundation
import StoreEngine
import StorefrontText

/// PUT `/inApps/v1/transactions/consumption/{transactionId}`: Send Consumption Information
/// (version 1), recorded in the ledger with the transaction.
enum ConsumptionEndpoint {
    /// Apple's ConsumptionRequestV1; each number is one of Apple's enumerations.
    struct Request: Codable {
        var customerConsented: Bool?
        var consumptionStatus: Int?
        var platform: Int?
        var sampleContentProvided: Bool?
        var deliveryStatus: Int?
        var appAccountToken: String?
        var accountTenure: Int?
        var playTime: Int?
        var lifetimeDollarsRefunded: Int?
        var lifetimeDollarsPurchased: Int?
        var userStatus: Int?
        var refundPreference: Int?
    }

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let id = try TransactionIDParameter.parse(request.parameter("transactionId"))
        let body = try JSONRequestBody.decode(Request.self, from: request.request)
        try check(body)
        let state = try served.refreshed()
        guard let record = state.transactions[id], record.isBought else {
            throw .notFound(AppStoreAPIError.Code.transactionIDNotFound, ServerText.noTransaction(id))
        }
        guard record.productType == .consumable else {
            throw .badRequest(AppStoreAPIError.Code.invalidTransactionNotConsumable, ServerText.notConsumable(id))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let fields = (try? encoder.encode(body)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        try served.record { store in
            try store.recordConsumptionInfo(fields, transactionID: id, by: Buyer(account: record.account, device: record.purchaseDevice))
        }
        return .empty(status: 202)
    }

    /// Apple's checks: consent given, every enumeration within its values.
    private static func check(_ body: Request) throws(AppStoreAPIError) {
        typealias Code = AppStoreAPIError.Code
        guard body.customerConsented == true else {
            throw .badRequest(Code.invalidCustomerConsented, ServerText.consentRequired)
        }
        let ranges: [(String, Int?, ClosedRange<Int>, Int)] = [
            ("consumptionStatus", body.consumptionStatus, 0...3, Code.invalidConsumptionStatus),
            ("platform", body.platform, 0...2, Code.invalidPlatform),
            ("deliveryStatus", body.deliveryStatus, 0...5, Code.invalidDeliveryStatus),
            ("accountTenure", body.accountTenure, 0...7, Code.invalidAccountTenure),
            ("playTime", body.playTime, 0...7, Code.invalidPlayTime),
            ("lifetimeDollarsRefunded", body.lifetimeDollarsRefunded, 0...7, Code.invalidLifetimeDollarsRefunded),
            ("lifetimeDollarsPurchased", body.lifetimeDollarsPurchased, 0...7, Code.invalidLifetimeDollarsPurchased),
            ("userStatus", body.userStatus, 0...4, Code.invalidUserStatus),
        ]
        for (name, value, range, code) in ranges {
            guard let value, range.contains(value) else {
                throw .badRequest(code, ServerText.outOfRange(name, value, range: range))
            }
        }
        guard body.sampleContentProvided != nil else {
            throw .badRequest(Code.invalidSampleContentProvided, ServerText.outOfRange("sampleContentProvided", nil, range: nil))
        }
        if let token = body.appAccountToken, !token.isEmpty, UUID(uuidString: token) == nil {
            throw .badRequest(Code.invalidAppAccountToken, ServerText.notAUUID("appAccountToken"))
        }
    }
}
