import Foundation
import StorefrontTesting
import Testing

/// A command given a catalog it refuses reports it as `catalog lint` does: the same problems,
/// the text warnings included (before: only lint gave those, so the two counted differently).
@Suite struct CatalogRefusalReportTests {
    @Test func aRefusedCatalogIsReportedWithLintsTextWarnings() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let catalog = folder + "/bad.json"
        try """
        {
          "format": "storefront-catalog", "version": 1,
          "app": {"name": "Bad\\u001b[31m", "bundleId": "com.example.bad"},
          "defaultLanguage": "en",
          "storefronts": [{"code": "USA", "currency": "USD"}],
          "products": [
            {"id": "p", "type": "nonConsumable", "localizations": {"en": {"title": "P\\tx"}}, "prices": {"USA": "-1"}}
          ]
        }
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        let cli = StorefrontProcess(ledger: folder + "/entitlements.jsonl")
        let lint = try cli.run(["catalog", "lint", catalog])
        let lines = lint.stdout.split(separator: "\n").map(String.init)
        #expect(lint.status == 3 && lines.count == 3 && lines.filter { $0.contains(": warning: ") }.count == 2, "\(lint.stdout)")
        let products = try cli.run(["--catalog", catalog, "products"])
        #expect(products.status == 3 && products.stderr.contains("the catalog has 1 problem (and 2 warnings)"), "\(products.stderr)")
        for line in lines { #expect(products.stderr.contains("  " + line + "\n"), "\(line) not in \(products.stderr)") }
    }
}
