import Foundation

/// A page of the notification history: the App Store Server API's Get Notification History
/// filters, applied to the store's notifications that were meant to be sent, 20 at a time.
///
/// Pure: the server reads the request into this, and hands it the notifications.
public struct NotificationHistoryQuery: Sendable, Equatable {
    /// Notifications whose causing event happened in `start..<end` (store time).
    public var start: Date
    public var end: Date
    public var type: NotificationType?
    public var subtype: NotificationSubtype?
    /// Only notifications about this transaction or any other of its subscription.
    public var transactionID: String?
    /// Only notifications that have not reached the app's server (pending after a failed attempt, or failed).
    public var onlyFailures: Bool
    /// Where the page starts among the matching notifications.
    public var offset: Int

    /// The most notifications one page holds, as on the App Store.
    public static let pageSize = 20

    public init(start: Date, end: Date, type: NotificationType? = nil, subtype: NotificationSubtype? = nil,
                transactionID: String? = nil, onlyFailures: Bool = false, offset: Int = 0) {
        (self.start, self.end, self.type, self.subtype) = (start, end, type, subtype)
        (self.transactionID, self.onlyFailures, self.offset) = (transactionID, onlyFailures, offset)
    }

    /// One page of matching notifications, and the offset of the next page when there is one.
    public func page(of notifications: [StoreNotification], originalOf: (String) -> String?) -> (items: [StoreNotification], next: Int?) {
        let original = transactionID.flatMap(originalOf)
        let matching = notifications.filter { notification in
            // Made while the app had no notification URL: never sent, so not in a history of
            // what the App Store sent (`storefront notifications` still lists it).
            guard notification.isDeliverable else { return false }
            guard notification.time >= start, notification.time < end else { return false }
            if let type, notification.type != type { return false }
            if let subtype, notification.subtype != subtype { return false }
            if let transactionID, notification.transactionID != transactionID,
               original == nil || notification.originalTransactionID != original { return false }
            if onlyFailures, notification.isDelivered || notification.attempts.isEmpty { return false }
            return true
        }
        let items = Array(matching.dropFirst(offset).prefix(Self.pageSize))
        let next = offset + items.count
        return (items, next < matching.count ? next : nil)
    }

    /// The opaque paginationToken of the page at `offset`.
    public static func paginationToken(offset: Int) -> String { "page-\(offset)" }

    /// The offset a paginationToken names; nil for a token this store did not issue.
    public static func offset(fromPaginationToken token: String) -> Int? {
        guard token.hasPrefix("page-"), let offset = Int(token.dropFirst(5)), offset >= 0 else { return nil }
        return offset
    }
}
