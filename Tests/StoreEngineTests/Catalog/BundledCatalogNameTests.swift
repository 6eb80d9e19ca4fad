import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// The built-in catalogs can be named wherever a catalog path is taken.
@Suite struct BundledCatalogNameTests {
    @Test(arguments: ["SpaceShooter", "spaceshooter", "SPACESHOOTER.json", "SpaceShooter.JSON"])
    func aBuiltInCatalogIsFoundByNameInAnyCase(name: String) throws {
        let catalog = try CatalogLoader.load(nameOrPath: name)
        #expect(catalog.bundleID == "com.example.spaceshooter")
    }

    @Test func anUnknownNameSaysWhichAreBuiltIn() {
        let report = CatalogLoader.lint(nameOrPath: "NoSuchShop")
        #expect(report.catalog == nil)
        #expect(report.problems.first?.message.contains("does not exist") == true)
        #expect(report.problems.first?.message.contains("builtin:Rage, builtin:SpaceShooter, builtin:Magazine") == true)
    }

    @Test func aPathIsNeverTakenForAName() {
        #expect(throws: CatalogError.self) { try CatalogLoader.load(path: "SpaceShooter") }
    }
}
