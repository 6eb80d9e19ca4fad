import Testing
@testable import StoreCatalog

/// A number too large for a double is named as out of range, at its file, line and field, in
/// both catalog formats: not as a wrong type, and not as "not JSON".
@Suite struct CatalogNumberRangeTests {
    @Test func aCreditMaximumTooLargeForADoubleIsOutOfRangeAtItsPlace() throws {
        let text = CatalogValidationTests().catalog(products: "", credits: #"[{"id": "coins", "maximum": 1e400}]"#)
        let report = CatalogLoader.lint(bytes: text, file: "range.json")
        #expect(report.catalog == nil)
        let errors = report.problems.filter { $0.severity == .error }
        #expect(errors.count == 1, "one number, one error: \(errors)")
        let problem = try #require(errors.first)
        #expect(problem.file == "range.json" && problem.field == "credits[0].maximum")
        #expect(problem.line == 6 && problem.column == 42)
        #expect(problem.message.contains("1e400 is out of range"), "\(problem.message)")
    }

    @Test func aStoreKitVersionTooLargeForADoubleIsOutOfRangeAtItsPlace() throws {
        let text = StoreKitCountryCodeTests.oneProduct(price: "0.99", settings: #""_storefront" : "USA""#)
            .replacingOccurrences(of: #""major" : 3"#, with: #""major" : -2E+999"#)
        let report = StoreKitFixtures.lint(text: text)
        let problem = try #require(StoreKitFixtures.errors(report).first { $0.field == "version.major" })
        #expect(problem.file == "Inline.storekit" && problem.line == 13)
        #expect(problem.message.contains("-2E+999 is out of range"), "\(problem.message)")
    }
}
