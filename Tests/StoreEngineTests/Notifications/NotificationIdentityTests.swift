import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications

/// A notification's notificationUUID comes from its event: the same in every reader and after
/// a restart, different in another store.
@Suite struct NotificationIdentityTests {
    @Test func everyReaderGivesANotificationTheSameUUID() throws {
        let fixture = try NotificationFixture()
        try fixture.set(.notificationURL, "https://example.com/notifications")
        try fixture.buy(Rage.yearly)
        try fixture.advance("P2Y")
        let first = try fixture.notifications().map(\.id)
        let reopened = try NotificationFeed(log: fixture.stores.log.connection(), catalog: fixture.stores.catalog,
                                            identity: NotificationFixture.identity).refresh().notifications.map(\.id)
        #expect(first.count == 3)
        #expect(first == reopened)
        let otherStore = try fixture.feed(identity: NotificationIdentity(storeID: "another-store")).refresh().notifications.map(\.id)
        #expect(Set(otherStore).isDisjoint(with: first))
    }

    @Test func aStoreNamedByItsHeaderLineGivesTheSameUUIDsWhereverItIsRead() throws {
        let header = #"{"format":"storefront-ledger","version":1,"created":"2026-01-01T00:00:00Z","mac":"0a1b"}"#
        let here = try NotificationIdentity(storeHeaderLine: header)
        let there = try NotificationIdentity(storeHeaderLine: header)
        let another = try NotificationIdentity(storeHeaderLine: header.replacingOccurrences(of: "0a1b", with: "0a1c"))
        #expect(try here.uuid(sequence: 3, index: 0) == there.uuid(sequence: 3, index: 0))
        #expect(try here.uuid(sequence: 3, index: 0) != another.uuid(sequence: 3, index: 0))
    }

    @Test func theUUIDIsAVersion8UUIDOfTheSequenceAndIndex() throws {
        let identity = NotificationIdentity(storeID: "s")
        let uuid = try identity.uuid(sequence: 12, index: 0)
        #expect(UUID(uuidString: uuid) != nil)
        #expect(Array(uuid)[14] == "8")
        #expect(uuid == uuid.lowercased())
        #expect(try identity.uuid(sequence: 12, index: 1) != uuid)
        #expect(try identity.uuid(sequence: 13, index: 0) != uuid)
        #expect(try identity.uuid(sequence: 12, index: 0) == uuid)
    }

    @Test func notificationsMadeWithoutANotificationURLAreListedButNotSent() throws {
        let fixture = try NotificationFixture()
        try fixture.buy(Rage.drummer)
        try fixture.set(.notificationURL, "http://127.0.0.1:9/n")
        try fixture.buy(Rage.nightly)
        let states = try fixture.notifications().map(\.deliveryState)
        #expect(states.count == 2)
        #expect(states.first == .notSent)
        guard case .pending = states.last else { Issue.record("expected pending, got \(String(describing: states.last))"); return }
    }
}
