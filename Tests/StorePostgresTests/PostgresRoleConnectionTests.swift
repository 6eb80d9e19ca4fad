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
    @Test("A role with CONNECTION LIMIT 1: listening is refused, yet the follower reads, follows and writes by its one session (before: read-only, its balances stale), and a second connection's error names the limit")
    func singleConnectionRole() throws {
        let fixture = try PostgresStoreFixture()
        let writer = try fixture.store()
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        try fixture.server.psql("CREATE ROLE single LOGIN CONNECTION LIMIT 1; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO single")
        let address = try PostgresAddress(fixture.server.url(user: "single"))
        let follower = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: try fixture.log(address: address))
        #expect(follower.balance(of: "rage-faces", for: phone) == 5)
        #expect(follower.changeSignal == nil, "the listening connection is over the role's limit")
        _ = try writer.purchase(face, buyer: phone, storefront: "USA")
        #expect(follower.hasExternalChanges(), "with nothing to announce commits, every look reads")
        _ = try follower.refresh()
        #expect(follower.balance(of: "rage-faces", for: phone) == 10, "a purchase made elsewhere is followed")
        _ = try follower.spend("rage-faces", amount: 1, buyer: phone)
        try writer.refresh()
        #expect(writer.balance(of: "rage-faces", for: phone) == 9, "the follower's one session writes")
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
