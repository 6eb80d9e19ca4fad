import Foundation
import StoreEngine
import StoreNotifications
import StorefrontText

/// The notification endpoints: Request a Test Notification, Get Test Notification Status and
/// Get Notification History.
enum NotificationEndpoints {
    /// Apple's SendTestNotificationResponse.
    struct TestResponse: Encodable {
        var testNotificationToken: String
    }

    /// Apple's SendAttemptItem: when (store time, milliseconds) and what came of it.
    struct SendAttempt: Encodable {
        var attemptDate: Int64
        var sendAttemptResult: String
    }

    /// Apple's CheckTestNotificationResponse and NotificationHistoryResponseItem.
    struct SignedNotification: Encodable {
        var signedPayload: String
        var sendAttempts: [SendAttempt]
    }

    /// Apple's NotificationHistoryResponse.
    struct HistoryResponse: Encodable {
        var notificationHistory: [SignedNotification]
        var hasMore: Bool
        var paginationToken: String?
    }

    /// Apple's NotificationHistoryRequest.
    struct HistoryRequest: EndpointRequestBody {
        var startDate: Int64?
        var endDate: Int64?
        var notificationType: String?
        var notificationSubtype: String?
        var transactionId: String?
        var onlyFailures: Bool?

        static let wrongValueCodes = ["startDate": AppStoreAPIError.Code.invalidStartDate, "endDate": AppStoreAPIError.Code.invalidEndDate,
                                      "notificationType": AppStoreAPIError.Code.invalidNotificationType,
                                      "notificationSubtype": AppStoreAPIError.Code.invalidNotificationType,
                                      "transactionId": AppStoreAPIError.Code.invalidTransactionID]
    }

    /// POST `/inApps/v1/notifications/test`: records a TEST notification; the running
    /// server's delivery sends it like any other.
    static func requestTest(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let state = try served.refreshed()
        guard state.settings.notificationURL != nil else {
            throw .notFound(AppStoreAPIError.Code.serverNotificationURLNotFound, ServerText.noNotificationURL)
        }
        let feed = try served.notifications()
        do {
            let sequence = try served.store.requestTestNotification(by: Buyer())
            guard let test = try feed.refresh().notifications.last(where: { $0.sequence == sequence }) else {
                throw AppStoreAPIError.internalError(.testNotificationMissing)
            }
            return .json(TestResponse(testNotificationToken: test.id))
        } catch let error as AppStoreAPIError {
            throw error
        } catch {
            throw served.internalError(.recordingChange, cause: error)
        }
    }

    /// GET `/inApps/v1/notifications/test/{testNotificationToken}`.
    static func testStatus(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let token = request.parameter("testNotificationToken")
        guard UUID(uuidString: token) != nil else {
            throw .badRequest(AppStoreAPIError.Code.invalidTestNotificationToken, ServerText.invalidTestNotificationToken(token))
        }
        let fold = try refreshedFold(served)
        guard let test = fold.notification(id: token.lowercased()), test.type == .test else {
            throw .notFound(AppStoreAPIError.Code.testNotificationNotFound, ServerText.noTestNotification(token))
        }
        return .json(try signed(test, served))
    }

    /// POST `/inApps/v1/notifications/history[?paginationToken=…]`.
    static func history(_ request: RouteRequest, _ served: ServedStore) throws(AppStoreAPIError) -> HTTPResponse {
        let body = try JSONRequestBody.decode(HistoryRequest.self, from: request.request)
        let query = try query(from: body, paginationToken: try request.request.singleQueryValue("paginationToken"))
        let fold = try refreshedFold(served)
        let page = query.page(of: fold.notifications) { fold.state.transactions[$0]?.originalID }
        return .json(HistoryResponse(notificationHistory: try page.items.map { notification throws(AppStoreAPIError) in
                                         try signed(notification, served)
                                     },
                                     hasMore: page.next != nil,
                                     paginationToken: page.next.map(NotificationHistoryQuery.paginationToken)))
    }

    /// The history request's filters, or Apple's 400 for the first that is wrong.
    static func query(from body: HistoryRequest, paginationToken: String?) throws(AppStoreAPIError) -> NotificationHistoryQuery {
        guard let start = body.startDate else {
            throw .badRequest(HistoryRequest.wrongValueCode("startDate"), ServerText.historyNeedsDate("startDate"))
        }
        guard start >= 0 else {
            throw .badRequest(HistoryRequest.wrongValueCode("startDate"), ServerText.historyDateBeforeEpoch("startDate", start))
        }
        guard let end = body.endDate else {
            throw .badRequest(HistoryRequest.wrongValueCode("endDate"), ServerText.historyNeedsDate("endDate"))
        }
        guard end >= 0 else {
            throw .badRequest(HistoryRequest.wrongValueCode("endDate"), ServerText.historyDateBeforeEpoch("endDate", end))
        }
        guard start <= end else { throw .badRequest(AppStoreAPIError.Code.startDateAfterEndDate, ServerText.startAfterEnd) }
        var type: NotificationType?
        if let name = body.notificationType {
            guard let known = NotificationType(rawValue: name) else {
                throw .badRequest(HistoryRequest.wrongValueCode("notificationType"), ServerText.unknownNotificationType(name))
            }
            type = known
        }
        var subtype: NotificationSubtype?
        if let name = body.notificationSubtype {
            guard let known = NotificationSubtype(rawValue: name) else {
                throw .badRequest(HistoryRequest.wrongValueCode("notificationSubtype"), ServerText.unknownNotificationSubtype(name))
            }
            subtype = known
        }
        // Apple's rules: a transaction's notifications or a type's, not both; a subtype only with its type.
        if body.transactionId != nil, body.notificationType != nil {
            throw .badRequest(AppStoreAPIError.Code.multipleFiltersSupplied, ServerText.transactionIDAndNotificationType)
        }
        if let subtype = body.notificationSubtype, body.notificationType == nil {
            throw .badRequest(AppStoreAPIError.Code.invalidNotificationType, ServerText.subtypeWithoutType(subtype))
        }
        var offset = 0
        if let paginationToken {
            guard let known = NotificationHistoryQuery.offset(fromPaginationToken: paginationToken) else {
                throw .badRequest(AppStoreAPIError.Code.invalidPaginationToken, ServerText.invalidPaginationToken)
            }
            offset = known
        }
        if let id = body.transactionId { _ = try TransactionIDParameter.parse(id, code: HistoryRequest.wrongValueCode("transactionId")) }
        return NotificationHistoryQuery(start: Date(timeIntervalSince1970: Double(start) / 1000),
                                        end: Date(timeIntervalSince1970: Double(end) / 1000), type: type, subtype: subtype,
                                        transactionID: body.transactionId, onlyFailures: body.onlyFailures ?? false,
                                        offset: offset)
    }

    private static func refreshedFold(_ served: ServedStore) throws(AppStoreAPIError) -> NotificationFold {
        let feed = try served.notifications()
        try served.refreshed()
        do {
            return try feed.refresh()
        } catch {
            throw served.internalError(.readingStore, cause: error)
        }
    }

    /// `notification` signed now, with its attempts: the history's payload is signed anew on
    /// each request (same notificationUUID, a newer signedDate).
    private static func signed(_ notification: StoreNotification, _ served: ServedStore) throws(AppStoreAPIError) -> SignedNotification {
        let payload: String
        let signer = try served.signer()
        do {
            payload = try served.store.signedNotification(notification, signer: signer)
        } catch {
            throw served.internalError(.signing, cause: error)
        }
        return SignedNotification(signedPayload: payload, sendAttempts: notification.attempts.map {
            SendAttempt(attemptDate: Int64(($0.storeTime.timeIntervalSince1970 * 1000).rounded()),
                        sendAttemptResult: $0.outcome.sendAttemptResult)
        })
    }
}

extension AppStoreAPIError.Code {
    public static let invalidPaginationToken = 4_000_014
    public static let invalidNotificationType = 4_000_018
    public static let multipleFiltersSupplied = 4_000_019
    public static let invalidTestNotificationToken = 4_000_020
    public static let serverNotificationURLNotFound = 4_040_007
    public static let testNotificationNotFound = 4_040_008
}

extension ServedStore {
    /// The app's notification feed, or 500 when the server was started without one.
    func notifications() throws(AppStoreAPIError) -> NotificationFeed {
        guard let notificationFeed else { throw .internalError(.notificationsUnavailable) }
        return notificationFeed
    }
}
