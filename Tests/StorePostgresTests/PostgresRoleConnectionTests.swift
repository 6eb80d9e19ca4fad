import Foundation
import StoreCatalog
import StoreEngine
import StorePostgres
import StorefrontTesting
import Testing

/// Connections the server refuses for the role: a connection limit (a command works, a
/// follower's second, listening, connection is refused) or a role it does not know. Each says
/// what to do about the role, not that the server may be down.
@Suite("PostgreSQL: connections refused for the role", .serialized)
struct PostgresRoleConnectionTests {
    @Test("A role with CONNECTION LIMIT 1: reads work, listening is refused as unreachable, and a second connection's error names the limit")
    func singleConnectionRole() throws {
        let fixture = try PostgresStoreFixture()
        _ = try fixture.store().purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("CREATE ROLE single LOGIN CONNECTION LIMIT 1; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO single")
        let address = try PostgresAddress(fixture.server.url(user: "single"))
        let follower = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(address: address))
        #expect(follower.balance(of: "rage-faces", for: phone) == 5)
        #expect(follower.changeSignal == nil, "the listening connection is over the role's limit")
        do {
            _ = try follower.refresh()
            Issue.record("a follower without its listening connection read on")
        } catch let error as StoreUnreachable {
            #expect(error.reason.contains("too many connections for role"), "\(error.reason)")
        }
        do {
            _ = try fixture.log(address: address)
            Issue.record("a second connection of the role was let in")
        } catch {
            let message = "\(error)"
            #expect(message.contains("allows no more connections"), "\(message)")
            #expect(message.contains("CONNECTION LIMIT"), "\(message)")
            #expect(!message.contains("check that the server runs"), "\(message)")
        }
    }

    @Test("A user the server does not know is told as such, not as a server that may be down")
    func unknownRole() throws {
        let fixture = try PostgresStoreFixture()
        do {
            _ = try fixture.log(address: try PostgresAddress(fixture.server.url(user: "nobody_here")))
            Issue.record("an unknown role was let in")
        } catch {
            let message = "\(error)"
            #expect(message.contains("role \"nobody_here\" does not exist"), "\(message)")
            #expect(message.contains("not for this user") && message.contains("createuser"), "\(message)")
            #expect(!message.contains("check that the server runs"), "\(message)")
        }
    }
}
