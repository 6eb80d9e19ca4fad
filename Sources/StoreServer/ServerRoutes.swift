/// Every endpoint `storefront serve` answers: adding one is one line here.
public enum ServerRoutes {
    public static let table = RouteTable<ServedApps>([
        Route("GET", "/inApps/v1/transactions/{transactionId}", .bearerToken(TransactionInfoEndpoint.handle)),
        Route("GET", "/inApps/v2/history/{transactionId}", .bearerToken(TransactionHistoryEndpoint.handle)),
        Route("GET", "/inApps/v1/subscriptions/{transactionId}", .bearerToken(SubscriptionStatusesEndpoint.handle)),
        Route("GET", "/inApps/v2/refund/lookup/{transactionId}", .bearerToken(RefundHistoryEndpoint.handle)),
        Route("GET", "/inApps/v1/lookup/{orderId}", .bearerToken(OrderLookupEndpoint.handle)),
        Route("PUT", "/inApps/v1/transactions/consumption/{transactionId}", .bearerToken(ConsumptionEndpoint.handle)),
        Route("PUT", "/inApps/v1/subscriptions/extend/{originalTransactionId}", .bearerToken(RenewalExtensionEndpoint.handle)),
        Route("POST", "/verifyReceipt", .open(VerifyReceiptRoute.handle), unreadableRequestAnswer: VerifyReceiptRoute.unreadableRequestAnswer,
              maximumBodyBytes: VerifyReceiptRoute.maximumBodyBytes),
        Route("POST", "/inApps/v1/notifications/test", .bearerToken(NotificationEndpoints.requestTest)),
        Route("GET", "/inApps/v1/notifications/test/{testNotificationToken}", .bearerToken(NotificationEndpoints.testStatus)),
        Route("POST", "/inApps/v1/notifications/history", .bearerToken(NotificationEndpoints.history)),
    ])
}
