import Foundation
import StoreEngine
import StorefrontText

/// PUT `/inApps/v1/subscriptions/extend/{originalTransactionId}`: Extend a Subscription
/// Renewal Date, with Apple's limits (1-90 days, reason codes 0-3, two a year).
enum RenewalExtensionEndpoint {
    /// Apple's ExtendRenewalDateRequest.
    struct Request: EndpointRequestBody {
        var extendByDays: Int?
        var extendReasonCode: Int?
        var requestIdentifier: String?

        static let wrongValueCodes = ["extendByDays": AppStoreAPIError.Code.invalidExtendByDays,
                                      "extendReasonCode": AppStoreAPIError.Code.invalidExtendReasonCode,
                                      "requestIdentifier": AppStoreAPIError.Code.invalidRequestIdentifier]
    }

    /// Apple's ExtendRenewalDateResponse.
    struct Response: Encodable {
        var originalTransactionId: String
        var webOrderLineItemId: String
        var success: Bool
        var effectiveDate: Int64
    }

    static func handle(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        typealias Code = AppStoreAPIError.Code
        let originalID = try TransactionIDParameter.parse(request.parameter("originalTransactionId"), code: Code.invalidOriginalTransactionID)
        let body = try JSONRequestBody.decode(Request.self, from: request.request)
        guard let days = body.extendByDays, RenewalExtension.allowedDays.contains(days) else {
            throw .badRequest(Request.wrongValueCode("extendByDays"),
                              ServerText.outOfRange("extendByDays", body.extendByDays,
                                                    written: JSONRequestBody.numberAsWritten("extendByDays", in: request.request),
                                                    range: RenewalExtension.allowedDays))
        }
        guard let reason = body.extendReasonCode, RenewalExtension.allowedReasonCodes.contains(reason) else {
            throw .badRequest(Request.wrongValueCode("extendReasonCode"),
                              ServerText.outOfRange("extendReasonCode", body.extendReasonCode,
                                                    written: JSONRequestBody.numberAsWritten("extendReasonCode", in: request.request),
                                                    range: RenewalExtension.allowedReasonCodes))
        }
        guard let requestIdentifier = body.requestIdentifier, !requestIdentifier.isEmpty, requestIdentifier.utf8.count <= 128 else {
            throw .badRequest(Request.wrongValueCode("requestIdentifier"), ServerText.badRequestIdentifier)
        }
        let state = try served.refreshed()
        guard let record = state.transactions[originalID], record.isBought else {
            throw .notFound(Code.originalTransactionIDNotFound, ServerText.noTransaction(originalID))
        }
        // The path names a subscription by its original transaction: no original transaction has
        // a renewal's or an upgrade's id, so it is not found (the error this endpoint documents;
        // Apple's 4000187 belongs to later endpoints), with the one to give named.
        guard record.id == record.originalID else {
            throw .notFound(Code.originalTransactionIDNotFound, ServerText.notOriginalTransaction(originalID, original: record.originalID))
        }
        let buyer = Buyer(account: record.account, device: record.purchaseDevice)
        let made: RenewalExtension
        do {
            made = try served.store.extendRenewalDate(originalTransactionID: record.originalID, days: days, reasonCode: reason,
                                                      requestIdentifier: requestIdentifier, by: buyer)
        } catch let refusal as ServerRequestRefusal {
            switch refusal {
            case .noTransaction, .subscriptionNotActive:
                throw AppStoreAPIError(httpStatus: 403, errorCode: Code.subscriptionExtensionIneligible,
                                       errorMessage: ServerText.extensionIneligible(originalID))
            case .freeOfferPeriod:
                throw AppStoreAPIError(httpStatus: 403, errorCode: Code.subscriptionExtensionIneligible,
                                       errorMessage: ServerText.extensionIneligibleInFreeOffer(originalID))
            case .tooManyExtensions:
                throw AppStoreAPIError(httpStatus: 403, errorCode: Code.subscriptionMaxExtension,
                                       errorMessage: ServerText.tooManyExtensions(maximum: RenewalExtension.maximumPerYear))
            }
        } catch {
            throw served.internalError(.recordingChange, cause: error)
        }
        let latest = served.store.snapshot.subscriptions[record.originalID]?.latestTransactionID ?? record.originalID
        return .json(Response(originalTransactionId: record.originalID, webOrderLineItemId: latest, success: true,
                              effectiveDate: Int64((made.newExpiresDate.timeIntervalSince1970 * 1_000).rounded())))
    }
}
