import StoreCatalog
import StoreEngine
import StorefrontTesting
import Testing
@testable import StorefrontCommands

/// A command whose store cannot be read as it opens has changed nothing, and says so.
@Suite struct StoreOpeningTests {
    @Test func aConnectionLostWhileOpeningSaysNothingWasSent() throws {
        let log = InMemoryEventLog()
        log.isReachable = false
        log.unreachableReason = "server closed the connection unexpectedly"
        let error = #expect(throws: StoreUnreachable.self) {
            try StoreSession.openStore(CatalogLoader.loadBundled("Rage"), log: log.connection())
        }
        #expect(error?.change == .beforeAnyChange)
        let message = ExitMapping.exit(for: try #require(error)).message
        #expect(message.contains("(server closed the connection unexpectedly) while this command read it, before it changed anything"))
        #expect(message.contains("nothing was sent to it"))
        #expect(!message.contains("may have been recorded"))
    }

    @Test func aStoreThatCanBeReadOpens() throws {
        let store = try StoreSession.openStore(CatalogLoader.loadBundled("Rage"), log: InMemoryEventLog().connection())
        #expect(store.snapshot.eventCount == 0)
    }
}
