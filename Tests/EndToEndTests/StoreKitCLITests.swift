import Foundation
import StorefrontCommands
import StorefrontTesting
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
        let products = try cli.run(["products", "--json", "--catalog", path]).decoded([JSONShapes.ProductEntry].self)
        let consumable = try #require(products.first { $0.type == "consumable" && $0.available })
        let subscription = try #require(products.first { $0.type == "autoRenewable" })
        for product in [consumable, subscription] {
            let id = product.id
            let buy = try cli.run(["buy", id, "--catalog", path, "--json"])
            #expect(buy.status == 0, "\(id): \(buy.stdout) \(buy.stderr)")
        }
        let entitlements = try cli.run(["entitlements", "--json", "--catalog", path]).decoded(JSONShapes.EntitlementsResult.self)
        #expect(entitlements.subscriptions.count == 1)
        #expect(entitlements.credits[consumable.id] == 1)
    }

    @Test("lint of a .storekit file whose settings set nothing prints no empty \"StoreKit settings:\" heading; one with settings lists them under it")
    func lintHeadsOnlySettingsThereAre() throws {
        let path = try sample("SKDemo__Products")
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let withSettings = try cli.run(["catalog", "lint", path])
        #expect(withSettings.status == 0 && withSettings.stdout.contains("StoreKit settings:\n  "), "\(withSettings.stdout)")
        file["settings"] = [String: Any]()
        let emptied = try StorefrontProcess.temporaryFolder() + "/NoSettings.storekit"
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: emptied))
        let lint = try cli.run(["catalog", "lint", emptied])
        #expect(lint.status == 0 && !lint.stdout.contains("StoreKit settings:"), "\(lint.stdout)")
        #expect(lint.stdout.contains("usable"), "\(lint.stdout)")
    }

    @Test func convertedCatalogLoadsWithTheSameProductsAndPrices() throws {
        let path = try sample("UnitTestsConfiguration")
        let converted = try cli.run(["catalog", "convert", path])
        #expect(converted.status == 0)
        let output = try StorefrontProcess.temporaryFolder() + "/converted.json"
        try converted.stdout.write(toFile: output, atomically: true, encoding: .utf8)
        #expect(try cli.run(["catalog", "lint", output]).status == 0)
        let original = try cli.run(["products", "--json", "--catalog", path]).decoded([JSONShapes.ProductEntry].self)
        let reloaded = try cli.run(["products", "--json", "--catalog", output]).decoded([JSONShapes.ProductEntry].self)
        #expect(original.map(\.id) == reloaded.map(\.id))
        #expect(original.map(\.displayPrice) == reloaded.map(\.displayPrice))
        #expect(original.map(\.type) == reloaded.map(\.type))
    }

    @Test("catalog convert says which settings the catalog written leaves out (before: dropped without a word)")
    func convertSaysWhichSettingsAreLeftOut() throws {
        let path = try sample("SKDemo__Products")
        let converted = try cli.run(["catalog", "convert", path])
        #expect(converted.status == 0)
        #expect(converted.stderr.contains("the catalog written leaves out the settings") && converted.stderr.contains("_askToBuyEnabled")
                && converted.stderr.contains("_timeRate") && !converted.stderr.contains("_storefront"), "\(converted.stderr)")
        let plain = try cli.run(["catalog", "convert", "Rage"])
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
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
