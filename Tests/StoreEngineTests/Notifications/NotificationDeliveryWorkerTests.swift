import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications
@testable import StoreSigning

/// The delivery worker sends what is due, records each attempt in the ledger and retries on
/// Apple's schedule in store time.
@Suite struct NotificationDeliveryWorkerTests {
    let fixture: NotificationFixture
    let directory: SigningTestDirectory
    let signer: TransactionSigner

    init() throws {
        fixture = try NotificationFixture()
        directory = try SigningTestDirectory()
        signer = try TransactionSigner(ledgerPath: directory.ledgerPath)
        try fixture.set(.notificationURL, "http://127.0.0.1:9/notifications")
    }

    func worker(_ sender: ScriptedSender, store: Store? = nil) throws -> NotificationDeliveryWorker {
        NotificationDeliveryWorker(store: try store ?? fixture.stores.store(), feed: fixture.feed(), signer: CurrentSigner(fixed: signer), sender: sender)
    }

    @Test func aReceiverAnswering500TwiceThen200GetsThreeAttemptsAtApplesIntervals() throws {
        let sender = ScriptedSender([.answered(statusCode: 500), .answered(statusCode: 500), .answered(statusCode: 200)])
        let worker = try worker(sender)
        try fixture.buy(Rage.drummer)
        #expect(try worker.deliverDue().count == 1)
        #expect(try worker.deliverDue().isEmpty, "the first retry waits an hour")
        try fixture.advance("PT59M")
        #expect(try worker.deliverDue().isEmpty)
        try fixture.advance("PT1M")
        #expect(try worker.deliverDue().count == 1)
        try fixture.advance("PT10H")
        #expect(try worker.deliverDue().isEmpty, "the second retry is 12 hours after the first attempt")
        try fixture.advance("PT1H")
        #expect(try worker.deliverDue().count == 1)
        try fixture.advance("P30D")
        #expect(try worker.deliverDue().isEmpty, "a delivered notification is not sent again")
        let notification = try #require(try fixture.notifications().first)
        #expect(notification.deliveryState == .delivered)
        let first = try #require(notification.attempts.first?.storeTime)
        #expect(notification.attempts.map { $0.storeTime.timeIntervalSince(first) } == [0, 3_600, 12 * 3_600])
        #expect(notification.attempts.map(\.outcome) == sender.script)
        #expect(Set(sender.sentUUIDs) == [notification.id])
    }

    @Test func eachNotificationIsSentOnlyAfterTheStoreMadeWhatItReadDurable() throws {
        let sender = ScriptedSender([.answered(statusCode: 200)])
        var requestsAtSending: [Int] = []
        sender.afterSend = { [log = fixture.stores.log] _ in requestsAtSending.append(log.durabilityRequests) }
        let worker = try worker(sender)
        try fixture.buy(Rage.drummer)
        #expect(try worker.deliverDue().count == 1)
        #expect(requestsAtSending == [1], "asked once, before sending")
    }

    @Test func refusedConnectionsAndTimeoutsAreRetriedUntilTheScheduleEnds() throws {
        let sender = ScriptedSender(Array(repeating: .failed(.refused), count: 3) + Array(repeating: .failed(.timeout), count: 3))
        let worker = try worker(sender)
        try fixture.buy(Rage.drummer)
        try worker.deliverDue()
        for hours in [1, 11, 12, 24, 24] {
            try fixture.advance("PT\(hours)H")
            #expect(try worker.deliverDue().count == 1, "after \(hours) more hours")
        }
        try fixture.advance("P30D")
        #expect(try worker.deliverDue().isEmpty)
        let notification = try #require(try fixture.notifications().first)
        #expect(notification.attempts.count == DeliverySchedule.maximumAttempts)
        #expect(notification.deliveryState == .failed)
    }

    @Test func aCrashBetweenSendingAndRecordingSendsTheSameUUIDAgain() throws {
        try fixture.buy(Rage.drummer)
        let notification = try #require(try fixture.notifications().first)
        // What a process that died after sending did: the body went out, nothing was recorded.
        let lost = ScriptedSender([.answered(statusCode: 200)])
        _ = lost.send(NotificationRequestBody(signedPayload: try fixture.store.signedNotification(notification, signer: signer)).encoded(),
                      to: try #require(URL(string: "http://127.0.0.1:9/")))
        let sender = ScriptedSender([.answered(statusCode: 200)])
        try worker(sender).deliverDue()
        #expect(sender.sentUUIDs == lost.sentUUIDs)
        #expect(sender.sentUUIDs == [notification.id])
        #expect(try fixture.notifications().first?.deliveryState == .delivered)
    }

    /// The store's server went away while the receiver answered: the attempt is not recorded,
    /// so the notification is still due and goes again, under its UUID, once the store is back.
    @Test func anAttemptThatCouldNotBeRecordedIsSentAgainUnderItsUUIDOnceTheStoreIsBack() throws {
        let sender = ScriptedSender([.answered(statusCode: 200), .answered(statusCode: 200)])
        let log = fixture.stores.log
        sender.afterSend = { count in if count == 1 { log.isReachable = false } }
        let worker = try worker(sender)
        try fixture.buy(Rage.drummer)
        #expect(throws: StoreUnreachable.self) { try worker.deliverDue() }
        log.isReachable = true
        #expect(try worker.deliverDue().map(\.outcome) == [.answered(statusCode: 200)])
        let notification = try #require(try fixture.notifications().first)
        #expect(sender.sentUUIDs == [notification.id, notification.id])
        #expect(notification.attempts.count == 1 && notification.deliveryState == .delivered)
    }

    @Test func nothingIsSentWhileTheAppHasNoNotificationURL() throws {
        let sender = ScriptedSender([.answered(statusCode: 200)])
        let worker = try worker(sender)
        try fixture.buy(Rage.drummer)
        try fixture.set(.notificationURL, "none")
        #expect(try worker.deliverDue().isEmpty)
        try fixture.set(.notificationURL, "http://127.0.0.1:9/again")
        #expect(try worker.deliverDue().count == 1)
        #expect(sender.urls == ["http://127.0.0.1:9/again"])
    }

    @Test func aURLChangedDuringAPassReachesTheNotificationsStillWaiting() throws {
        let sender = ScriptedSender(Array(repeating: .answered(statusCode: 200), count: 3))
        let worker = try worker(sender)
        try fixture.buy(Rage.drummer)
        try fixture.buy(Rage.yearly)
        try fixture.buy(Rage.nightly)
        let fixture = fixture
        sender.afterSend = { count in
            if count == 1 { try? fixture.set(.notificationURL, "http://127.0.0.1:9/moved") }
        }
        #expect(try worker.deliverDue().count == 3)
        #expect(sender.urls == ["http://127.0.0.1:9/notifications", "http://127.0.0.1:9/moved", "http://127.0.0.1:9/moved"])
    }

    @Test func renewalsThatFellDueAreRecordedAndNotifiedByThePass() throws {
        let sender = ScriptedSender(Array(repeating: .answered(statusCode: 200), count: 2))
        let worker = try worker(sender)
        try fixture.buy(Rage.yearly)
        try worker.deliverDue()
        fixture.stores.clock.advance(by: 366 * 86_400)
        #expect(try worker.deliverDue().count == 1)
        #expect(try fixture.sequence() == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
    }
}

/// A sender that answers from a script, and remembers what it was given.
final class ScriptedSender: NotificationSender, @unchecked Sendable {
    let script: [NotificationDeliveryOutcome]
    private let lock = NSLock()
    private var sent: [(body: [UInt8], url: URL)] = []
    /// Called with the number of bodies sent so far, after each send: what happens meanwhile.
    var afterSend: ((Int) -> Void)?

    init(_ script: [NotificationDeliveryOutcome]) {
        self.script = script
    }

    func send(_ body: [UInt8], to url: URL) -> NotificationDeliveryOutcome {
        let (outcome, count) = lock.withLock {
            sent.append((body, url))
            return (sent.count <= script.count ? script[sent.count - 1] : .failed(.unreachable), sent.count)
        }
        afterSend?(count)
        return outcome
    }

    var urls: [String] { lock.withLock { sent.map(\.url.absoluteString) } }

    /// The notificationUUID in each body sent, read from the token's payload.
    var sentUUIDs: [String] {
        lock.withLock { sent.map { Self.notificationUUID(in: $0.body) ?? "?" } }
    }

    static func notificationUUID(in body: [UInt8]) -> String? {
        guard let request = try? JSONDecoder().decode(NotificationRequestBody.self, from: Data(body)) else { return nil }
        let parts = request.signedPayload.split(separator: ".")
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
              let decoded = try? JSONDecoder().decode(NotificationPayload.self, from: Data(payload)) else { return nil }
        return decoded.notificationUUID
    }
}
