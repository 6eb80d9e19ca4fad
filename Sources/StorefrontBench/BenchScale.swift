/// How much data and how many runs: the full benchmark, or the quick one CI runs.
struct BenchScale {
    var catalogSizes: [Int]
    var ledgerSizes: [Int]
    /// The catalog the generated ledgers belong to.
    var ledgerCatalogSize: Int
    var catalogLoadRuns: Int
    var priceCount: Int
    var priceRuns: Int
    var processRuns: Int
    /// Commits of each kind (buy, spend) per ledger size, for Storefront and for SQLite.
    var commitsPerKind: Int
    /// Commits are measured in rounds alternating Storefront and SQLite, so a change in the
    /// machine's load affects both alike.
    var commitRounds: Int
    var openRuns: Int
    var writerCounts: [Int]
    var commitsPerWriter: Int
    var concurrencyRuns: Int
    var frameRuns: Int
    var scrollKeys: Int
    /// Buys timed on PostgreSQL, and as many bare INSERTs beside them.
    var postgresCommits: Int
    var postgresWriterCounts: [Int]
    var postgresCommitsPerWriter: Int
    /// Commits whose arrival in another process is timed.
    var postgresFollowSamples: Int
    /// Keep-alive client counts for `storefront serve`, and how long each count sends requests.
    var serveClientCounts: [Int]
    var serveSeconds: Double
    /// Buys timed to the notification they cause.
    var serveNotificationSamples: Int

    static let full = BenchScale(
        catalogSizes: [10, 1_000, 10_000], ledgerSizes: [1_000, 10_000, 100_000], ledgerCatalogSize: 1_000,
        catalogLoadRuns: 20, priceCount: 100_000, priceRuns: 10, processRuns: 20,
        commitsPerKind: 200, commitRounds: 4, openRuns: 5,
        writerCounts: [1, 2, 4, 8], commitsPerWriter: 100, concurrencyRuns: 3,
        frameRuns: 50, scrollKeys: 1_000,
        postgresCommits: 400, postgresWriterCounts: [1, 2, 4, 8], postgresCommitsPerWriter: 100, postgresFollowSamples: 100,
        serveClientCounts: [1, 8, 64], serveSeconds: 3, serveNotificationSamples: 100)

    static let quick = BenchScale(
        catalogSizes: [10, 1_000], ledgerSizes: [100, 1_000], ledgerCatalogSize: 10,
        catalogLoadRuns: 3, priceCount: 5_000, priceRuns: 2, processRuns: 2,
        commitsPerKind: 10, commitRounds: 2, openRuns: 1,
        writerCounts: [1, 2], commitsPerWriter: 5, concurrencyRuns: 1,
        frameRuns: 3, scrollKeys: 50,
        postgresCommits: 10, postgresWriterCounts: [1, 2], postgresCommitsPerWriter: 5, postgresFollowSamples: 3,
        serveClientCounts: [1, 8, 64], serveSeconds: 0.3, serveNotificationSamples: 5)
}
