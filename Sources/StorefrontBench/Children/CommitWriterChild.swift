import Foundation
import StoreEngine
import StoreCatalog

/// The child side of the concurrency benchmark: one writer process committing buys and
/// spends to a ledger that other writers share.
///
/// It opens the store, says "ready", waits for a line on standard input so all writers
/// start together, commits, and reports how long its commits took.
enum CommitWriterChild {
    static let name = "commit-writer"

    struct Result: Codable {
        var seconds: Double
        var commits: Int
    }

    static func run(ledger: String, catalog catalogPath: String, account: String, commits: Int) throws {
        let catalog = try CatalogLoader.load(path: catalogPath)
        guard let product = catalog.products.first(where: { $0.grant?.credit == CatalogGenerator.coins }) else {
            throw BenchError.generatedDataInvalid("the catalog has no consumable granting coins")
        }
        let store = try Store(catalog: catalog, log: BenchStoreLog.open(ledger))
        let buyer = Buyer(account: account, device: "phone-\(account)")
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        _ = readLine()
        let (seconds, _) = try Stopwatch.time {
            for index in 0..<commits {
                if index % 2 == 0 {
                    guard case .purchased = try store.purchase(product.id, buyer: buyer, storefront: "USA") else {
                        throw BenchError.unexpectedResult("a concurrent buy did not go through")
                    }
                } else {
                    guard case .spent = try store.spend(CatalogGenerator.coins, buyer: buyer) else {
                        throw BenchError.unexpectedResult("a concurrent spend did not go through")
                    }
                }
            }
        }
        try ChildCommand.report(Result(seconds: seconds, commits: commits))
    }
}
