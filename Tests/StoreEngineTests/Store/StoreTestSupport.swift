import Foundation
import Testing
@testable import StoreEngine
import StorefrontText
@testable import StorefrontTesting
@testable import StoreCatalog
import StoreLedger

/// A store over a log with a clock the test controls: in memory, or one of the stores
/// Storefront ships (`StoreBackend`) for the suites that run against each of them.
struct StoreFixture {
    let log = InMemoryEventLog()
    let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
    let catalog: Catalog
    let backend: StoreBackend
    private let place: StoreBackend.Place

    init(_ name: String = "Rage", backend: StoreBackend = .memory) throws {
        catalog = try CatalogLoader.loadBundled(name)
        self.backend = backend
        place = try backend.newPlace()
    }

    init(catalog: Catalog) {
        self.catalog = catalog
        backend = .memory
        place = .memory
    }

    /// A new store on the shared log, as another process would open it.
    func store() throws -> Store {
        try Store(catalog: catalog, log: connection(), clock: clock)
    }

    /// A new reader and writer of the shared log, with its own position.
    func connection() throws -> StoreEventLog {
        try place.connection(memory: log)
    }

    /// A new store on the shared log whose key is read from `otherKeyPath`, not the store's
    /// key file: a writer on another machine with its own copy of the key.
    func store(keyFileAt otherKeyPath: String) throws -> Store {
        let log = try #require(try place.connection(keyFileAt: otherKeyPath), "a store in memory has no key file")
        return try Store(catalog: catalog, log: log, clock: clock)
    }

    /// The key file of a store kept in a file or a database; nil in memory.
    var keyPath: String? { place.keyPath }

    /// Every event the log holds, in order, read afresh.
    func allEvents() throws -> [StoreEvent] {
        let reader = try connection()
        var events: [StoreEvent] = []
        var batch: EventBatch
        repeat {
            batch = try reader.readNew()
            events += batch.entries.map(\.event)
        } while batch.isPartial
        return events
    }
}

/// A fresh Rage store and the words it is said in (en_US, USA), for suites about what the store says.
func storeWithWords() throws -> (fixture: StoreFixture, store: Store, text: StoreText) {
    let fixture = try StoreFixture()
    let store = try fixture.store()
    return (fixture, store, StoreText(catalog: store.catalog, locale: "en_US", storefront: "USA"))
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
