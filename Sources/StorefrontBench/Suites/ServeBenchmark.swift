import Foundation
import StoreEngine
import StoreCatalog

/// `storefront serve` on the largest generated ledger: Get Transaction Info under 1, 8 and 64
/// keep-alive loopback clients, and how soon a commit's notification reaches a webhook.
enum ServeBenchmark {
    static let section = "App Store Server API (storefront serve, loopback)"
    /// The client count the request targets apply to.
    static let targetClients = 8

    static func run(_ context: BenchContext) throws -> [Figure] {
        let storefront: String
        switch context.storefront {
        case .success(let path): storefront = path
        case .failure(let problem):
            return [Figure.missing(id: "serve", section: section, label: "every serve figure", unit: "",
                                   target: nil, reason: "\(problem)")]
        }
        guard let size = context.scale.ledgerSizes.max(), let pristine = context.data.ledgerPaths[size] else { return [] }
        let (catalogPath, catalog) = try context.data.ledgerCatalog()
        let ledger = context.data.path("serve.jsonl")
        try LedgerFileWriter.copy(pristine, to: ledger)
        let shell = StorefrontShell(binary: storefront, ledger: ledger, catalog: catalogPath)
        let key = try shell.createAPIKey()
        let token = try BearerToken.make(keyPath: key.privateKeyPath, keyID: key.keyId, issuerID: key.issuerId,
                                         bundleID: CatalogGenerator.bundleID)
        let receiver = try NotificationReceiver()
        defer { receiver.stop() }
        try shell.setNotificationURL(receiver.url)
        let store = try Store(catalog: catalog, log: LedgerEventLog.open(path: ledger))
        let requests = try transactionIDs(in: store).map {
            KeepAliveClient.getRequest(path: "/inApps/v1/transactions/\($0)", bearer: token)
        }
        context.progress("serve: starting storefront serve on \(NumberText.grouped(size)) events")
        let server = try ServeChild(shell: shell)
        defer { server.stop() }
        var figures = try requestFigures(port: server.port, requests: requests, size: size, context)
        figures += try notificationFigures(store: store, catalog: catalog, receiver: receiver, context)
        try server.stopCleanly()
        return figures
    }

    /// Requests per second and latency at every client count, after a short warm-up.
    private static func requestFigures(port: UInt16, requests: [[UInt8]], size: Int, _ context: BenchContext) throws -> [Figure] {
        _ = try LoadRun(port: port, requests: requests, clients: 1, seconds: context.scale.serveSeconds / 4).run()
        var figures: [Figure] = []
        for clients in context.scale.serveClientCounts {
            context.progress("serve: \(clients) keep-alive client\(clients == 1 ? "" : "s") for \(NumberText.format(context.scale.serveSeconds)) s")
            let result = try LoadRun(port: port, requests: requests, clients: clients, seconds: context.scale.serveSeconds).run()
            let applies = clients == targetClients && size >= 100_000
            let name = "\(clients) client\(clients == 1 ? "" : "s")"
            figures.append(Figure(id: "serve.rate.\(clients)", section: section,
                                  label: "Get Transaction Info, \(name), \(NumberText.grouped(size)) events", unit: "req/s",
                                  runs: result.latencies.count, median: result.requestsPerSecond,
                                  target: applies ? .atLeast(3_000, "req/s") : nil))
            figures.append(Figure(id: "serve.latency.\(clients)", section: section, label: "latency, \(name)", unit: "ms",
                                  samples: result.latencies))
            if clients == targetClients {
                figures.append(Figure(id: "serve.latency-p99.\(clients)", section: section, label: "p99 latency, \(name)",
                                      unit: "ms", runs: result.latencies.count, median: result.latencies.p99,
                                      target: applies ? .atMost(10, "ms") : nil))
            }
        }
        return figures
    }

    /// Buys in this process and times each buy to the arrival of the notification it causes.
    ///
    /// Timed from the start of the buy, so the figure bounds commit → received from above; the
    /// pause between buys varies so that commits fall at every point of the server's cycle.
    private static func notificationFigures(store: Store, catalog: Catalog, receiver: NotificationReceiver,
                                            _ context: BenchContext) throws -> [Figure] {
        let samples = context.scale.serveNotificationSamples
        context.progress("serve: \(samples) buys to their notifications")
        let product = try PostgresBenchmark.coinProduct(catalog)
        let buyer = Buyer(account: "tester-notify", device: "phone-notify")
        var fromStart: [Double] = []
        var fromCommit: [Double] = []
        for sample in 0..<samples {
            usleep(useconds_t(1_000 * ((sample * 7) % 23)))
            let before = receiver.count
            let started = Stopwatch.nanoseconds()
            try CommitBenchmark.expectPurchase(store.purchase(product.id, buyer: buyer, storefront: "USA"))
            let committed = Stopwatch.nanoseconds()
            guard let arrived = receiver.arrival(after: before, within: 10) else {
                throw BenchError.unexpectedResult("no notification reached \(receiver.url) within 10 s of buy \(sample + 1)")
            }
            fromStart.append(Double(Int64(arrived) - Int64(started)) / 1e6)
            fromCommit.append(Double(Int64(arrived) - Int64(committed)) / 1e6)
        }
        return [
            Figure(id: "serve.notification", section: section, label: "buy started → notification received", unit: "ms",
                   samples: Samples(fromStart), target: .atMost(100, "ms")),
            Figure(id: "serve.notification.after-commit", section: section,
                   label: "buy committed (fdatasync returned) → notification received", unit: "ms", samples: Samples(fromCommit)),
        ]
    }

    /// One bought transaction of each of the first 64 generated accounts, so clients ask for
    /// different customers' transactions.
    private static func transactionIDs(in store: Store) throws -> [String] {
        let ids = (0..<LedgerHistoryGenerator.accountCount).compactMap { account in
            store.snapshot.transactions(of: "tester-\(account)").first { $0.state == .purchased }?.id
        }.prefix(64)
        guard !ids.isEmpty else { throw BenchError.generatedDataInvalid("the serve ledger holds no bought transaction") }
        return Array(ids)
    }
}
