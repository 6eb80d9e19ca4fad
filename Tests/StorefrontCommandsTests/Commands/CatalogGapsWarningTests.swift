import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// A command given a catalog that lacks a product or credit the account's history holds warns
/// on stderr, naming them, and goes on (before: the balance was left out without a word).
@Suite struct CatalogGapsWarningTests {
    /// The bundled Rage catalog without the Extra Lives credit and pack, written to a file.
    static func trimmedCatalog(in folder: String) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Sources/StoreCatalog/BundledCatalogs/Rage.json")
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        catalog["credits"] = (catalog["credits"] as? [[String: Any]])?.filter { $0["id"] as? String != "extra-lives" }
        catalog["products"] = (catalog["products"] as? [[String: Any]])?.filter { $0["id"] as? String != "com.example.rage.lives.3" }
        let path = folder + "/trimmed.json"
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aTrimmedCatalogIsWarnedOfByEveryCommandAndTheFullOneIsNot() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let cli = StorefrontProcess(ledger: folder + "/entitlements.jsonl")
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        let trimmed = try Self.trimmedCatalog(in: folder)
        let warning = "storefront: warning: tester's history holds what the catalog of Rage (com.example.rage) does not have: "
            + "2 transactions of com.example.rage.lives.3 (shown by their product id only); a balance of 6 in the credit "
            + "extra-lives (not shown; counted over all the account's devices)."
        for command in [["entitlements"], ["entitlements", "--json"], ["transactions"], ["buy", "com.example.rage.face.random"]] {
            let result = try cli.run(["--catalog", trimmed] + command)
            #expect(result.status == 0 && result.stderr.contains(warning), "\(command): \(result.stderr)")
        }
        let full = try cli.run(["entitlements"])
        #expect(full.status == 0 && full.stderr.isEmpty && full.stdout.contains("Extra Lives (extra-lives): 6"), "\(full.stdout)\(full.stderr)")
        let otherAccount = try cli.run(["--catalog", trimmed, "--account", "bob", "entitlements"])
        #expect(otherAccount.stderr.isEmpty, "\(otherAccount.stderr)")
    }

    @Test("spending a credit the catalog lacks names the balance the store keeps of it and how to spend it (before: only that there is no such credit)")
    func spendingACreditTheCatalogLacksNamesItsBalance() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let cli = StorefrontProcess(ledger: folder + "/entitlements.jsonl")
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let trimmed = try Self.trimmedCatalog(in: folder)
        let refused = try cli.run(["--catalog", trimmed, "spend", "extra-lives"])
        #expect(refused.status == 2 && refused.stderr.contains(
            "there is no credit \"extra-lives\" in this catalog; credits: rage-faces. The store holds a balance of 3 in it, "
                + "kept as it is: spend it with the catalog that has it (--catalog PATH)"), "\(refused.stderr)")
        let unknown = try cli.run(["--catalog", trimmed, "spend", "gems"])
        #expect(unknown.status == 2 && unknown.stderr.contains("there is no credit \"gems\" in this catalog; credits: rage-faces\n"),
                "\(unknown.stderr)")
        #expect(try cli.run(["spend", "extra-lives"]).status == 0 && cli.credits()["extra-lives"] == 2, "the full catalog spends it")
    }

    @Test func entitlementsAsJSONCarryWhatTheCatalogLacks() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let cli = StorefrontProcess(ledger: folder + "/entitlements.jsonl")
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        let trimmed = try Self.trimmedCatalog(in: folder)
        let result = try cli.run(["--catalog", trimmed, "entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self)
        let lacking = try #require(result.notInCatalog)
        #expect(lacking.products.map(\.productId) == ["com.example.rage.lives.3"] && lacking.products.map(\.transactions) == [2])
        #expect(lacking.credits == ["extra-lives": 6] && result.credits["extra-lives"] == nil)
        let full = try cli.run(["entitlements", "--json"])
        #expect(try full.decoded(JSONShapes.EntitlementsResult.self).notInCatalog == nil && !full.stdout.contains("notInCatalog"))
    }
}
