import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications
@testable import StoreSigning
import StorefrontTesting

/// The delivery loop's thread is gone once `stop` returns, so a server may exit right after.
@Suite struct NotificationDeliveryLoopTests {
    let fixture: NotificationFixture
    let directory: SigningTestDirectory
    let signer: TransactionSigner

    init() throws {
        fixture = try NotificationFixture()
        directory = try SigningTestDirectory()
        signer = try TransactionSigner(ledgerPath: directory.ledgerPath)
    }

    func loop() throws -> NotificationDeliveryLoop {
        let feed = fixture.feed()
        let worker = NotificationDeliveryWorker(store: try fixture.stores.store(), feed: feed, signer: CurrentSigner(fixed: signer), sender: ScriptedSender([]))
        return NotificationDeliveryLoop(worker: worker, feed: feed, report: { _ in })
    }

    /// The thread holds the loop while it runs: only a joined thread has let go of it when
    /// `stop` returns (a thread that merely said it was done may still hold it).
    @Test func stopReturnsOnlyAfterTheThreadHasLetGoOfTheLoop() throws {
        for _ in 0..<50 {
            var loop = try loop()
            loop.start()
            loop.stop()
            #expect(isKnownUniquelyReferenced(&loop))
        }
    }

    /// A store whose server went away is a state of the loop, told once when it begins and once
    /// when it ends, never a failed delivery, however many passes find it gone.
    @Test func anUnreachableStoreIsToldOnceWhenLostAndOnceWhenBackNotReportedAsFailures() throws {
        let log = fixture.stores.log
        let states = Recorder<DeliveryState>(), failures = Recorder<String>(), claims = Recorder<Bool>()
        let feed = fixture.feed()
        let worker = NotificationDeliveryWorker(store: try fixture.stores.store(), feed: feed, signer: CurrentSigner(fixed: signer),
                                                sender: ScriptedSender([]))
        let loop = NotificationDeliveryLoop(worker: worker, feed: feed, claim: { claims.add(true); return true },
                                            report: { failures.add("\($0)") }, stateChanged: { states.add($0) })
        loop.start()
        defer { loop.stop() }
        #expect(states.wait { $0 == [.delivering] })
        log.isReachable = false
        #expect(states.wait { $0.count == 2 })
        // Passes go on, once a second, while the store is gone.
        let passesWhenLost = claims.all.count
        #expect(claims.wait { $0.count >= passesWhenLost + 2 })
        log.isReachable = true
        #expect(states.wait { $0.count == 3 })
        loop.stop()
        #expect(states.all == [.delivering, .storeUnreachable(InMemoryEventLog.unreachable), .delivering])
        #expect(failures.all.isEmpty, "\(failures.all)")
    }

    /// The claim itself cannot be asked for (its database is down): the same state, not standing by.
    @Test func aClaimThatCannotBeAskedForIsTheStoreUnreachableNotStandingBy() throws {
        let states = Recorder<DeliveryState>()
        let lost = StoreUnreachable(store: ShownStoreAddress("db"), reason: "connection refused")
        let reachable = Recorder<Bool>()
        let feed = fixture.feed()
        let worker = NotificationDeliveryWorker(store: try fixture.stores.store(), feed: feed, signer: CurrentSigner(fixed: signer),
                                                sender: ScriptedSender([]))
        let loop = NotificationDeliveryLoop(worker: worker, feed: feed, claim: { () throws(StoreUnreachable) -> Bool in
            guard reachable.all.last ?? false else { throw lost }
            return true
        }, report: { _ in }, stateChanged: { states.add($0) })
        loop.start()
        defer { loop.stop() }
        #expect(states.wait { $0 == [.storeUnreachable(lost)] })
        reachable.add(true)
        #expect(states.wait { $0.count == 2 })
        loop.stop()
        #expect(states.all == [.storeUnreachable(lost), .delivering])
    }

    /// A process that may not write the store would send a notification, fail to record the
    /// attempt and send it again on every pass: it takes no claim and sends nothing until it may.
    @Test func aProcessThatMayNotWriteTheStoreGivesUpTheClaimAndSendsNothingUntilItMay() throws {
        try fixture.set(.notificationURL, "http://127.0.0.1:9/notifications")
        try fixture.buy(Rage.drummer)
        let refused = "the role viewer has no INSERT on storefront_events"
        let states = Recorder<DeliveryState>(), claims = Recorder<Bool>(), releases = Recorder<Bool>()
        // The last answer recorded is the check's: a reason, or "" once the process may write.
        let answers = Recorder<String>()
        answers.add(refused)
        let sender = ScriptedSender([.answered(statusCode: 200)])
        let feed = fixture.feed()
        let worker = NotificationDeliveryWorker(store: try fixture.stores.store(), feed: feed, signer: CurrentSigner(fixed: signer),
                                                sender: sender)
        let loop = NotificationDeliveryLoop(worker: worker, feed: feed, claim: { claims.add(true); return true },
                                            releaseClaim: { releases.add(true) },
                                            writeRefusal: { answers.all.last.flatMap { $0.isEmpty ? nil : $0 } },
                                            report: { _ in }, stateChanged: { states.add($0) })
        loop.start()
        defer { loop.stop() }
        #expect(states.wait { $0 == [.cannotRecord(refused)] })
        // Passes go on, once a second, each giving the claim up without asking for it.
        #expect(releases.wait { $0.count >= 2 })
        #expect(claims.all.isEmpty, "the claim is not even asked for")
        #expect(sender.urls.isEmpty, "nothing is sent that could not be recorded")
        answers.add("")
        #expect(states.wait { $0 == [.cannotRecord(refused), .delivering] })
        loop.stop()
        #expect(sender.urls.count == 1)
        #expect(try fixture.notifications().first?.deliveryState == .delivered)
    }

    @Test func takingTheClaimIsToldBeforeTheFirstNotificationIsSent() throws {
        try fixture.set(.notificationURL, "http://127.0.0.1:9/notifications")
        try fixture.buy(Rage.drummer)
        try fixture.buy(Rage.nightly)
        let states = Recorder<DeliveryState>(), toldWhenSent = Recorder<[DeliveryState]>()
        let sender = ScriptedSender([.answered(statusCode: 200), .answered(statusCode: 200)])
        sender.afterSend = { _ in toldWhenSent.add(states.all) }
        let feed = fixture.feed()
        let worker = NotificationDeliveryWorker(store: try fixture.stores.store(), feed: feed, signer: CurrentSigner(fixed: signer),
                                                sender: sender)
        let loop = NotificationDeliveryLoop(worker: worker, feed: feed, claim: { true }, releaseClaim: {}, writeRefusal: { nil },
                                            report: { _ in }, stateChanged: { states.add($0) })
        loop.start()
        defer { loop.stop() }
        #expect(toldWhenSent.wait { $0.count == 2 })
        #expect(toldWhenSent.all == [[.delivering], [.delivering]], "said once, before the first attempt")
        loop.stop()
        #expect(states.all == [.delivering])
    }

    @Test func aSecondStopAndAStopWithoutStartReturnAtOnce() throws {
        let started = try loop()
        started.start()
        started.stop()
        started.stop()
        try loop().stop()
    }
}

