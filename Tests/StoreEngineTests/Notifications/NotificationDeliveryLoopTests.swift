import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications
@testable import StoreSigning

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

    @Test func aSecondStopAndAStopWithoutStartReturnAtOnce() throws {
        let started = try loop()
        started.start()
        started.stop()
        started.stop()
        try loop().stop()
    }
}
