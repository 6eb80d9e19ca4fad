/// Every endpoint `storefront serve` answers: adding one is one line here.
public enum ServerRoutes {
    public static let table = RouteTable<ServedStore>([
        Route("GET", "/inApps/v1/transactions/{transactionId}", .bearerToken, TransactionInfoEndpoint.handle),
        Route("POST", "/inApps/v1/notifications/test", .bearerToken, NotificationEndpoints.requestTest),
        Route("GET", "/inApps/v1/notifications/test/{testNotificationToken}", .bearerToken, NotificationEndpoints.testStatus),
        Route("POST", "/inApps/v1/notifications/history", .bearerToken, NotificationEndpoints.history),
    ])
}
