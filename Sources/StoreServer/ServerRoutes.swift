/// Every endpoint `storefront serve` answers: adding one is one line here.
public enum ServerRoutes {
    public static let table = RouteTable<ServedStore>([
        Route("GET", "/inApps/v1/transactions/{transactionId}", .bearerToken, TransactionInfoEndpoint.handle),
    ])
}
