extension ServerText {
    public static let noNotificationURL =
        "the app has no notification URL; set one with `storefront settings set notification-url URL`"

    public static func invalidTestNotificationToken(_ token: String) -> String {
        "\"\(token)\" is not a test notification token; use the testNotificationToken that Request a Test Notification returned"
    }

    public static func noTestNotification(_ token: String) -> String {
        "no test notification has the token \(token); request one with POST /inApps/v1/notifications/test"
    }

    public static func historyNeedsDate(_ field: String) -> String {
        "the notification history request needs \(field), in milliseconds since 1970"
    }

    /// A date given, but below 0.
    public static func historyDateBeforeEpoch(_ field: String, _ value: Int64) -> String {
        "\(field) \(value) is before 1970; give it in milliseconds since 1970 (0 or more)"
    }

    public static let transactionIDAndNotificationType =
        "the notification history request gives both transactionId and notificationType; give one of them, not both"

    public static func subtypeWithoutType(_ subtype: String) -> String {
        "notificationSubtype \"\(subtype)\" is given without its notificationType; give the notificationType it belongs to as well"
    }

    public static func unknownNotificationType(_ name: String) -> String {
        "\"\(name)\" is not a notificationType of App Store Server Notifications V2 that this store sends"
    }

    public static func unknownNotificationSubtype(_ name: String) -> String {
        "\"\(name)\" is not a notificationSubtype of App Store Server Notifications V2 that this store sends"
    }

    public static let invalidPaginationToken =
        "the paginationToken was not issued by this store; send the one the previous page returned, or none for the first page"
}

extension ServerText {
    /// "http://HOST:PORT", the address a server announces beside its ledger.
    public static func url(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
