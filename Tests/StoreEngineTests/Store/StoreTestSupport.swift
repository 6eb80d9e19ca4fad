import Foundation
import Testing
@testable import StoreEngine
@testable import StorefrontTesting
@testable import StoreCatalog

/// A store over an in-memory log with a clock the test controls.
struct StoreFixture {
    let log = InMemoryEventLog()
    let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
    let catalog: Catalog

    init(_ name: String = "Rage") throws {
        catalog = try CatalogLoader.loadBundled(name)
    }

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// A new store on the shared log, as another process would open it.
    func store() throws -> Store {
        try Store(catalog: catalog, log: log.connection(), clock: clock)
    }
}

let phone = Buyer(account: "tester", device: "phone")
let tablet = Buyer(account: "tester", device: "tablet")

enum Rage {
    static let face = "com.example.rage.face.random"
    static let lives = "com.example.rage.lives.3"
    static let drummer = "com.example.rage.comic.drummer"
    static let nightly = "com.example.rage.comic.nightly"
    static let monthly = "com.example.rage.pro.monthly"
    static let yearly = "com.example.rage.pro.yearly"
    static let season = "com.example.rage.season"
    static let newsletter = "com.example.rage.newsletter"
}

extension PurchaseOutcome {
    var isPurchased: Bool { if case .purchased = self { true } else { false } }
}

extension Store {
    /// The phone's status for `productID` in the USA storefront, as product lists show it.
    func status(_ productID: String) throws -> ProductStatus {
        let product = try #require(catalog.product(id: productID))
        return status(of: product, in: entitlements(for: phone), storefront: "USA")
    }
}
