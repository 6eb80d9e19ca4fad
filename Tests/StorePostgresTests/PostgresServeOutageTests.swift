import Foundation
import StorefrontTesting
import Testing

/// `storefront serve` on a PostgreSQL store whose server goes away under it: its answers say
/// the database cannot be reached.
///
/// Each test stops its database server, so each has a server of its own.
@Suite("serve through an outage of its PostgreSQL server", .serialized)
struct PostgresServeOutageTests {
    /// A store on a server of its own, a CLI on it with its own key folder, and the app's
    /// notification URL set to `notificationURL`.
    struct Outage {
        let server: ThrowawayPostgres
        let folder: String
        let cli: StorefrontProcess

        init(notificationURL: String = "http://127.0.0.1:9/refused") throws {
            server = try ThrowawayPostgres()
            folder = try StorefrontProcess.temporaryFolder()
            var cli = StorefrontProcess(ledger: folder + "/unused.jsonl")
            cli.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
            cli.storeArguments = ["--store", server.url()]
            self.cli = cli
            #expect(try cli.run(["settings", "set", "notification-url", notificationURL]).status == 0)
        }
    }

    @Test("serve with its database gone answers the retryable 500 that says so, and tells its operator why on stderr")
    func serveWithTheDatabaseGone() throws {
        let outage = try Outage()
        #expect(try outage.cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        let serve = try ServeProcess(outage.cli)
        outage.server.stop()
        let answer = try serve.send("POST", "/verifyReceipt", body: Array(#"{"receipt-data": "AAAA"}"#.utf8))
        let said = serve.stop()
        let body = String(decoding: answer.body, as: UTF8.self)
        #expect(answer.status == 500, "\(body)")
        #expect(answer.json?["errorCode"] as? Int == 5_000_001, "Apple's retryable code: \(body)")
        #expect(answer.json?["errorMessage"] as? String
            == "The store's database cannot be reached right now. Try again later.", "\(body)")
        #expect(!body.contains("\\n") && !body.contains("storefront ") && !body.contains(outage.folder), "\(body)")
        #expect(said.stderr.contains("storefront: warning: answered 500 (the store's database cannot be reached): "
            + "the store at postgresql://postgres@127.0.0.1:\(outage.server.port)/storefront is unreachable ("), "\(said.stderr)")
        #expect(!said.stderr.contains("run the command again"), "a server runs no command again: \(said.stderr)")
    }
}
