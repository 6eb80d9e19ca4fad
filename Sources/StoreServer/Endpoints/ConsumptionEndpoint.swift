import Foundation
import StoreEngine
import StorefrontText

/// PUT `/inApps/v1/transactions/consumption/{transactionId}`: Send Consumption Information
/// (version 1), recorded in the ledger with the transaction.
enum ConsumptionEndpoint {
    /// Apple's ConsumptionRequestV1; each number is one of Apple's enumerations.
    struct Request: Codable, EndpointRequestBody {
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

        static let wrongValueCodes: [String: Int] = {
            typealias Code = AppStoreAPIError.Code
            return ["customerConsented": Code.invalidCustomerConsented, "consumptionStatus": Code.invalidConsumptionStatus,
                    "platform": Code.invalidPlatform, "sampleContentProvided": Code.invalidSampleContentProvided,
                    "deliveryStatus": Code.invalidDeliveryStatus, "appAccountToken": Code.invalidAppAccountToken,
                    "accountTenure": Code.invalidAccountTenure, "playTime": Code.invalidPlayTime,
                    "lifetimeDollarsRefunded": Code.invalidLifetimeDollarsRefunded,
                    "lifetimeDollarsPurchased": Code.invalidLifetimeDollarsPurchased, "userStatus": Code.invalidUserStatus]
        }()
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

    /// Apple's checks: consent given, every enumeration within its values (Apple's library has
    /// no code of its own for `refundPreference`: a wrong one is the general 4000000).
    private static func check(_ body: Request) throws(AppStoreAPIError) {
        guard body.customerConsented == true else {
            throw .badRequest(Request.wrongValueCode("customerConsented"), ServerText.consentRequired)
        }
        let ranges: [(String, Int?, ClosedRange<Int>)] = [
            ("consumptionStatus", body.consumptionStatus, 0...3),
            ("platform", body.platform, 0...2),
            ("deliveryStatus", body.deliveryStatus, 0...5),
            ("accountTenure", body.accountTenure, 0...7),
            ("playTime", body.playTime, 0...7),
            ("lifetimeDollarsRefunded", body.lifetimeDollarsRefunded, 0...7),
            ("lifetimeDollarsPurchased", body.lifetimeDollarsPurchased, 0...7),
            ("userStatus", body.userStatus, 0...4),
        ]
        for (name, value, range) in ranges {
            guard let value, range.contains(value) else {
                throw .badRequest(Request.wrongValueCode(name), ServerText.outOfRange(name, value, range: range))
            }
        }
        // Optional in version 1 of the request, but one of its four values when given.
        if let preference = body.refundPreference, !(0...3).contains(preference) {
            throw .badRequest(Request.wrongValueCode("refundPreference"), ServerText.outOfRange("refundPreference", preference, range: 0...3))
        }
        guard body.sampleContentProvided != nil else {
            throw .badRequest(Request.wrongValueCode("sampleContentProvided"), ServerText.outOfRange("sampleContentProvided", nil, range: nil))
        }
        if let token = body.appAccountToken, !token.isEmpty, UUID(uuidString: token) == nil {
            throw .badRequest(Request.wrongValueCode("appAccountToken"), ServerText.notAUUID("appAccountToken"))
        }
    }
}
