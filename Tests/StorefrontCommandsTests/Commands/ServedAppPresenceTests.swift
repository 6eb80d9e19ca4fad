import Foundation
import StoreEngine
import StoreLedger
import StoreNotifications
import StorefrontTesting
import Testing
@testable import StorefrontCommands

/// The serving file names a server that delivers: one that cannot record attempts gives it up,
/// so `notifications` names another server, or none, and takes it again once it can.
@Suite struct ServedAppPresenceTests {
    @Test func aServerThatCannotRecordGivesUpTheServingFileUntilItCan() throws {
        let family = LedgerFamily(ledgerPath: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let app = "com.example.rage"
        let readOnly = ServedAppPresence(family: family, app: app)
        readOnly.announce("http://127.0.0.1:8081")
        #expect(ServerPresence.servingAddress(family, app: app) == "http://127.0.0.1:8081")

        readOnly.follow(.cannotRecord("the role viewer has no INSERT on storefront_events"))
        #expect(ServerPresence.servingAddress(family, app: app) == nil)
        readOnly.claimIfMissing()
        #expect(ServerPresence.servingAddress(family, app: app) == nil, "not taken back by the next pass")

        let writer = ServedAppPresence(family: family, app: app)
        writer.announce("http://127.0.0.1:8082")
        #expect(ServerPresence.servingAddress(family, app: app) == "http://127.0.0.1:8082", "the server that delivers is named")
        writer.release()

        readOnly.follow(.delivering)
        #expect(ServerPresence.servingAddress(family, app: app) == "http://127.0.0.1:8081")
        readOnly.release()
    }
}
