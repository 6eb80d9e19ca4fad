import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications

/// A delivery attempt finds its notification whatever names the store's notifications now, and
/// the notification keeps the UUID it was sent with: a receiver never gets it again as new.
@Suite struct NotificationAttemptMatchingTests {
    static let before = NotificationIdentity(storeID: "named-before")
    static let now = NotificationIdentity(storeID: "named-now")

    @Test func anAttemptFindsItsNotificationByItsCauseWhenTheStoreIsNamedAnew() throws {
        let fixture = try NotificationFixture()
        try fixture.set(.notificationURL, "https://example.com/notifications")
        try fixture.buy(Rage.drummer)
        let sent = try #require(try fixture.feed(identity: Self.before).refresh().notifications.first)
        try fixture.store.recordAttempt(at: sent, outcome: .answered(statusCode: 200), sentAt: Date())
        let renamed = try fixture.feed(identity: Self.now).refresh()
        let newName = try Self.now.uuid(sequence: sent.sequence, index: 0)
        #expect(newName != sent.id)
        #expect(renamed.notifications.map(\.id) == [sent.id], "the UUID it was sent with, not the new name")
        #expect(renamed.notifications.first?.deliveryState == .delivered)
        #expect(renamed.due(at: .distantFuture).isEmpty, "nothing to send again")
        #expect(renamed.notification(id: sent.id)?.sequence == sent.sequence)
    }

    @Test func anAttemptThatNamesOnlyAFormerUUIDFindsItsNotificationThroughTheFormerIdentity() throws {
        let fixture = try NotificationFixture()
        try fixture.set(.notificationURL, "https://example.com/notifications")
        try fixture.buy(Rage.drummer)
        try fixture.buy(Rage.nightly)
        let made = try fixture.feed(identity: Self.before).refresh().notifications
        try recordAttemptNamingOnlyItsUUID(made[0].id, in: fixture)
        let withoutFormer = try fixture.feed(identity: Self.now).refresh().notifications
        #expect(withoutFormer.map(\.attempts.count) == [0, 0], "without the former identity the attempt finds nothing")
        let former = try NotificationFeed(log: fixture.stores.log.connection(), catalog: fixture.stores.catalog,
                                          identity: Self.now, formerIdentities: [Self.before]).refresh().notifications
        #expect(former[0].deliveryState == .delivered && former[1].attempts.isEmpty)
        #expect(former[0].id == made[0].id, "the delivered one keeps the UUID it was sent with")
        let newName = try Self.now.uuid(sequence: made[1].sequence, index: 0)
        #expect(former[1].id == newName, "one never sent is named the new way")
    }

    @Test func aRetryOfANotificationSentBeforeGoesOutUnderItsFirstUUID() throws {
        let fixture = try NotificationFixture()
        try fixture.set(.notificationURL, "https://example.com/notifications")
        try fixture.buy(Rage.drummer)
        let first = try #require(try fixture.feed(identity: Self.before).refresh().notifications.first)
        try fixture.store.recordAttempt(at: first, outcome: .answered(statusCode: 500), sentAt: Date())
        let retried = try #require(try fixture.feed(identity: Self.now).refresh().notifications.first)
        try fixture.store.recordAttempt(at: retried, outcome: .answered(statusCode: 200), sentAt: Date())
        let listed = try #require(try fixture.feed(identity: Self.now).refresh().notifications.first)
        #expect(retried.id == first.id)
        #expect(listed.id == first.id && listed.attempts.count == 2 && listed.deliveryState == .delivered)
    }

    /// An attempt as earlier versions recorded it: by notificationUUID alone.
    private func recordAttemptNamingOnlyItsUUID(_ id: String, in fixture: NotificationFixture) throws {
        var attempt = StoreEvent(kind: .notificationAttempt, time: fixture.store.now(), app: fixture.stores.catalog.bundleID,
                                 account: phone.account, device: phone.device)
        attempt.notificationId = id
        attempt.statusCode = 200
        attempt.realTime = Date()
        _ = try fixture.stores.log.connection().commit { _ in (events: [attempt], result: ()) }
    }
}
