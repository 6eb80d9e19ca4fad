import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications
@testable import StorefrontTesting

/// A store over an in-memory log, with a notification feed reading the same log.
final class NotificationFixture {
    let stores: StoreFixture
    let store: Store
    static let identity = NotificationIdentity(storeID: "test-store")

    init() throws {
        stores = try StoreFixture()
        store = try stores.store()
    }

    /// A feed over its own connection to the log, as a serving process opens one.
    func feed(identity: NotificationIdentity = NotificationFixture.identity) -> NotificationFeed {
        NotificationFeed(log: stores.log.connection(), catalog: stores.catalog, identity: identity)
    }

    /// Every notification so far, read by a fresh feed.
    func notifications() throws -> [StoreNotification] {
        try feed().refresh().notifications
    }

    /// Their (type, subtype) pairs as Apple names them, e.g. "SUBSCRIBED/INITIAL_BUY" or "DID_RENEW".
    func sequence() throws -> [String] {
        try notifications().map { [$0.type.rawValue, $0.subtype?.rawValue].compactMap { $0 }.joined(separator: "/") }
    }

    func advance(_ text: String) throws {
        try store.advance(by: try #require(StoreDuration(text)), buyer: phone)
    }

    func set(_ setting: StoreSetting, _ value: String) throws {
        try store.set(setting, to: value, for: phone)
    }

    /// Buys `productID` on the phone in the USA storefront; the transaction it made.
    @discardableResult
    func buy(_ productID: String, offer: String? = nil) throws -> TransactionRecord? {
        let outcome = try store.purchase(productID, buyer: phone, storefront: "USA",
                                         options: Store.PurchaseOptions(offerID: offer))
        if case let .purchased(record) = outcome { return record }
        return nil
    }
}
