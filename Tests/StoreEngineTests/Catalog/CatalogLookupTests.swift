import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

@Suite struct CatalogLookupTests {
    @Test func productsAreFoundByIdAndPositionAfterEveryChange() throws {
        var catalog = try CatalogLoader.loadBundled()
        let ids = catalog.products.map(\.id)
        for (position, id) in ids.enumerated() {
            #expect(catalog.product(id: id)?.id == id)
            #expect(catalog.position(ofProduct: id) == position)
        }
        #expect(catalog.product(id: "com.example.nothing") == nil)

        let first = catalog.products[0]
        catalog.products = Array(catalog.products.dropFirst()) + [first]
        #expect(catalog.position(ofProduct: first.id) == ids.count - 1)
        catalog.products.removeLast()
        #expect(catalog.product(id: first.id) == nil)
        var renamed = first
        renamed.referenceName = "changed"
        catalog.products += [renamed, first]
        #expect(catalog.product(id: first.id)?.referenceName == "changed")
    }
}
