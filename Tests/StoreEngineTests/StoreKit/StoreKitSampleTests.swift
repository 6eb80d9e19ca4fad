import Foundation
import Testing
@testable import StoreEngine
@testable import StoreJSON

/// Every real `.storekit` sample loads, and what it holds matches its checked-in summary.
///
/// Re-record the summaries with `STOREFRONT_RECORD_GOLDENS=1 swift test --filter StoreKitSampleTests`,
/// then review the difference before committing it.
@Suite struct StoreKitSampleTests {
    @Test func everyVersionFromOneToFiveIsSampled() {
        let majors = Set(StoreKitFixtures.sampleNames.compactMap { name -> Int? in
            guard let root = try? JSONParser.parse(Array(StoreKitFixtures.text(name).utf8)) else { return nil }
            return root["version"]?["major"]?.numberLiteral.flatMap { Int($0) }
        })
        #expect(StoreKitFixtures.sampleNames.count >= 10)
        #expect(majors == [1, 2, 3, 4, 5])
    }

    @Test(arguments: StoreKitFixtures.sampleNames)
    func loadsWithoutErrors(name: String) {
        let report = StoreKitFixtures.lint(name)
        #expect(report.format == .storeKit)
        #expect(StoreKitFixtures.errors(report).isEmpty, "\(report.problems)")
        #expect(report.catalog?.products.isEmpty == false)
    }

    @Test(arguments: StoreKitFixtures.sampleNames)
    func summaryMatchesGolden(name: String) throws {
        let actual = CatalogSummary.text(of: StoreKitFixtures.lint(name))
        let goldenPath = StoreKitFixtures.path((name as NSString).deletingPathExtension + ".summary.txt")
        if ProcessInfo.processInfo.environment["STOREFRONT_RECORD_GOLDENS"] == "1" {
            try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: goldenPath, encoding: .utf8)
        #expect(actual == expected, "the summary of \(name) changed; re-record with STOREFRONT_RECORD_GOLDENS=1 if that is intended")
    }
}
