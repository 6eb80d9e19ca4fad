import Foundation
import Testing

/// Xcode .storekit files opened directly by the CLI.
@Suite struct StoreKitCLITests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("StoreEngineTests/StoreKit/Fixtures").path

    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    func sample(_ name: String) throws -> String {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.samples)
        let file = try #require(files.first { $0.contains(name) && $0.hasSuffix(".storekit") })
        return Self.samples + "/" + file
    }

    @Test func consumableAndSubscriptionCanBeBoughtFromASample() throws {
        let path = try sample("SKDemo__Products")
        let products = try #require(try cli.run(["products", "--json", "--catalog", path]).json() as? [[String: Any]])
        let consumable = try #require(products.first { $0["type"] as? String == "consumable" && $0["available"] as? Bool == true })
        let subscription = try #require(products.first { $0["type"] as? String == "autoRenewable" })
        for product in [consumable, subscription] {
            let id = try #require(product["id"] as? String)
            let buy = try cli.run(["buy", id, "--catalog", path, "--json"])
            #expect(buy.status == 0, "\(id): \(buy.stdout) \(buy.stderr)")
        }
        let entitlements = try #require(try cli.run(["entitlements", "--json", "--catalog", path]).json() as? [String: Any])
        #expect((entitlements["subscriptions"] as? [[String: Any]])?.count == 1)
        #expect((entitlements["credits"] as? [String: Int])?[consumable["id"] as? String ?? ""] == 1)
    }

    @Test func convertedCatalogLoadsWithTheSameProductsAndPrices() throws {
        let path = try sample("UnitTestsConfiguration")
        let converted = try cli.run(["catalog", "convert", path])
        #expect(converted.status == 0)
        let output = try StorefrontProcess.temporaryFolder() + "/converted.json"
        try converted.stdout.write(toFile: output, atomically: true, encoding: .utf8)
        #expect(try cli.run(["catalog", "lint", output]).status == 0)
        let original = try #require(try cli.run(["products", "--json", "--catalog", path]).json() as? [[String: Any]])
        let reloaded = try #require(try cli.run(["products", "--json", "--catalog", output]).json() as? [[String: Any]])
        #expect(original.map { $0["id"] as? String } == reloaded.map { $0["id"] as? String })
        #expect(original.map { $0["displayPrice"] as? String } == reloaded.map { $0["displayPrice"] as? String })
        #expect(original.map { $0["type"] as? String } == reloaded.map { $0["type"] as? String })
    }

    @Test func brokenStoreKitFileGivesAPreciseError() throws {
        let broken = try StorefrontProcess.temporaryFolder() + "/Broken.storekit"
        let text = try String(contentsOfFile: try sample("SKDemo__Products"), encoding: .utf8)
        try String(text.prefix(text.count / 2)).write(toFile: broken, atomically: true, encoding: .utf8)
        let result = try cli.run(["products", "--catalog", broken])
        #expect(result.status == 3)
        #expect(result.stderr.contains("Broken.storekit:"))
        #expect(result.stderr.contains("truncated"))
    }
}
