import Foundation
import StorefrontTesting
import Testing

/// `storefront serve` on a PostgreSQL store whose server goes away under it: its answers say
/// the database cannot be reached, and a restart of the database is told as what it is (the
/// connection lost, then back), not as another server delivering and this one taking over.
///
/// Each test restarts its database server, so each has a server of its own.
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

        /// Waits (up to 20 s) until some session holds a delivery claim: the server delivers.
        func waitForTheDeliveryClaim() throws {
            // The claim's advisory lock in its two-key form: its first key is "ntfy".
            let held = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 "
                + "AND classid = \(0x6E74_6679) AND granted"
            for _ in 0..<400 {
                if (try? server.psql(held))?.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("no server took the delivery claim within 20 seconds")
        }

        /// Waits (up to 20 s) until every notification was attempted at least once (or, with
        /// `delivered`, delivered); the notifications as `notifications --json` lists them.
        @discardableResult
        func waitUntilEveryNotificationIsAttempted(delivered: Bool = false) throws -> [[String: Any]] {
            var listed: [[String: Any]] = []
            for _ in 0..<400 {
                listed = try cli.run(["notifications", "--json"]).json()?["notifications"] as? [[String: Any]] ?? []
                let done = listed.allSatisfy { notification in
                    delivered ? notification["state"] as? String == "delivered"
                        : !(notification["sendAttempts"] as? [Any] ?? []).isEmpty
                }
                if !listed.isEmpty, done { return listed }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("the notifications were not \(delivered ? "delivered" : "attempted") within 20 seconds: \(listed)")
            return listed
        }
    }

    /// The lines of `stderr` that speak of the delivery and of the database's connection.
    static func deliveryLines(_ stderr: String) -> [String] {
        stderr.components(separatedBy: "\n").filter {
            $0.contains("deliver") || $0.contains("connection") || $0.contains("another storefront serve")
        }
    }

    static let lostPrefix = "storefront: warning: lost the connection to the store's database postgresql://postgres@127.0.0.1:"
    static let lostEnding = "; notifications wait, and requests are answered 500, until it is back"
    static let back = "storefront: the connection to the store's database is back; this storefront serve delivers the app's "
        + "notifications again"

    /// Checks that `stderr` tells of one outage: one line lost, one line back, nothing else.
    static func expectOneOutageTold(_ stderr: String) {
        let lines = deliveryLines(stderr)
        #expect(lines.count == 2, "\(stderr)")
        #expect(lines.first?.hasPrefix(lostPrefix) == true && lines.first?.hasSuffix(lostEnding) == true, "\(stderr)")
        #expect(lines.last == back, "\(stderr)")
        #expect(!stderr.contains("another storefront serve") && !stderr.contains("now delivers")
            && !stderr.contains("could not be delivered"), "\(stderr)")
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

    @Test("a restart of the database under serve: one line that the connection was lost, one that it delivers again",
          arguments: [0.0, 2.0])
    func restartUnderServe(downFor seconds: Double) throws {
        let outage = try Outage()
        #expect(try outage.cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        let serve = try ServeProcess(outage.cli)
        try outage.waitForTheDeliveryClaim()
        try outage.waitUntilEveryNotificationIsAttempted()
        outage.server.stop()
        Thread.sleep(forTimeInterval: seconds)
        try outage.server.start()
        try outage.waitForTheDeliveryClaim()
        // Its notification is attempted only once the server has delivered again.
        #expect(try outage.cli.run(["buy", "com.example.rage.comic.nightly"]).status == 0)
        try outage.waitUntilEveryNotificationIsAttempted()
        let said = serve.stop()
        Self.expectOneOutageTold(said.stderr)
    }

    @Test("requests during a restart under serve: the lost line first, one 500 line, then back with their count")
    func requestsDuringARestartUnderServe() throws {
        let outage = try Outage()
        let serve = try ServeProcess(outage.cli)
        try outage.waitForTheDeliveryClaim()
        outage.server.stop()
        for _ in 0..<3 {
            #expect(try serve.send("POST", "/verifyReceipt", body: Array(#"{"receipt-data": "AAAA"}"#.utf8)).status == 500)
        }
        try outage.server.start()
        try outage.waitForTheDeliveryClaim()
        #expect(try serve.send("POST", "/verifyReceipt", body: Array(#"{"receipt-data": "AAAA"}"#.utf8)).status != 500, "reached again")
        // A notification attempted after the restart: a delivery pass ended with the store reached.
        #expect(try outage.cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        try outage.waitUntilEveryNotificationIsAttempted()
        let said = serve.stop()
        let lines = said.stderr.components(separatedBy: "\n").filter {
            $0.contains("connection to the store's database") || $0.contains("answered 500")
        }
        #expect(lines.count == 3, "\(said.stderr)")
        #expect(lines.first?.hasPrefix(Self.lostPrefix) == true && lines.first?.hasSuffix(Self.lostEnding) == true, "\(said.stderr)")
        #expect(lines.dropFirst().first?.hasPrefix("storefront: warning: answered 500 (the store's database cannot be reached): "
            + "the store at postgresql://postgres@127.0.0.1:\(outage.server.port)/storefront is unreachable (") == true,
            "\(said.stderr)")
        #expect(lines.last == Self.back + "; 3 requests were answered 500 meanwhile", "\(said.stderr)")
    }

    @Test("a notification whose attempt died with the restarting database is sent again, not reported as failed")
    func attemptCutOffByTheRestartIsSentAgain() throws {
        let webhook = try HeldWebhook()
        defer { webhook.stop() }
        let outage = try Outage(notificationURL: webhook.url)
        let serve = try ServeProcess(outage.cli)
        try outage.waitForTheDeliveryClaim()
        #expect(try outage.cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        #expect(webhook.waitForRequests(1), "the notification was sent")
        // The server waits on the receiver while its database is down: its record of the
        // attempt cannot be made, which it says, and the database comes back only then.
        outage.server.stop()
        webhook.answerAll()
        let toldLost = serve.readErrors(until: Self.lostEnding)
        try outage.server.start()
        let listed = try outage.waitUntilEveryNotificationIsAttempted(delivered: true)
        var said = serve.stop()
        said.stderr = toldLost + said.stderr
        let uuids = webhook.notificationUUIDs
        #expect(uuids.count == 2 && uuids[0] != nil && uuids[0] == uuids[1], "sent again under its UUID: \(uuids)")
        #expect(listed.count == 1 && listed.first?["notificationUUID"] as? String == uuids.first ?? nil, "\(listed)")
        let attempts = listed.first?["sendAttempts"] as? [[String: Any]] ?? []
        #expect(attempts.map { $0["sendAttemptResult"] as? String } == ["SUCCESS"], "the attempt recorded: \(attempts)")
        Self.expectOneOutageTold(said.stderr)
    }
}
