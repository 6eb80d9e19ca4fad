import Foundation
import StoreSigning
import Testing
@testable import StorefrontTesting

/// One `storefront serve --catalog Rage --catalog Magazine` for two apps of one store: each
/// app's token gets that app's data and never the other's, `/verifyReceipt` answers each app's
/// receipt, each app's webhook gets its own notifications, and each app's `notifications`
/// names the server.
@Suite(.serialized)
struct ServeSeveralAppsEndToEndTests {
    /// One app of the store: its command line, its API key and a token signed with it.
    struct App {
        let bundleID: String
        let cli: StorefrontProcess
        let key: [String: Any]

        init(_ store: StorefrontProcess, catalog: String, bundleID: String) throws {
            var cli = store
            cli.storeArguments += ["--catalog", catalog]
            self.cli = cli
            self.bundleID = bundleID
            key = try #require(try cli.succeed(["api-key", "create", "--json"]).json())
        }

        /// A bearer token signed with this app's key, claiming `bid` (this app's by default).
        func token(claiming bid: String? = nil) throws -> String {
            try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as? String ?? "", keyID: key["keyId"] as? String ?? "",
                                       issuerID: key["issuerId"] as? String ?? "", bundleID: bid ?? bundleID)
        }

        /// The id of this app's last transaction of `productID`.
        func transactionID(of productID: String) throws -> String {
            let listed = try #require(try cli.succeed(["transactions", "--json"]).jsonArray())
            return try #require(listed.last { $0["productId"] as? String == productID }?["transactionId"] as? String)
        }
    }

    static let rageMonthly = "com.example.rage.pro.monthly"
    static let magazineMonthly = "com.example.magazine.monthly"

    /// GET Get Transaction Info for `id` with `token`.
    private func transactionInfo(_ server: ServeProcess, _ id: String, token: String) throws -> HTTPExchange {
        try server.send("GET", "/inApps/v1/transactions/\(id)", headers: ["Authorization": "Bearer \(token)"])
    }

    /// The `transactionId` inside a Get Transaction Info answer's signed transaction.
    private func signedTransactionID(_ answer: HTTPExchange) throws -> String? {
        let jws = try #require(answer.json?["signedTransactionInfo"] as? String)
        let payload = try #require(jws.split(separator: ".").dropFirst().first.flatMap { Base64URL.decode($0) })
        return (try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])?["transactionId"] as? String
    }

    @Test(arguments: CLIStoreBackend.allCases)
    func eachAppsTokenGetsItsOwnDataItsWebhookItsNotificationsAndNeverTheOthers(backend: CLIStoreBackend) throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let store = try backend.newCLI()
        let rage = try App(store, catalog: "Rage", bundleID: "com.example.rage")
        let magazine = try App(store, catalog: "Magazine", bundleID: "com.example.magazine")
        let root = try rage.cli.succeed(["certificate", "--der"]).stdoutBytes
        var receivers: [String: WebhookReceiver] = [:]
        for app in [rage, magazine] {
            let receiver = try WebhookReceiver(rootDER: root, bundleID: app.bundleID)
            try app.cli.succeed(["settings", "set", "notification-url", receiver.url])
            receivers[app.bundleID] = receiver
        }
        let server = try ServeProcess(store, arguments: ["--catalog", "Rage", "--catalog", "Magazine"])
        defer { server.stop() }
        try rage.cli.succeed(["buy", Self.rageMonthly])
        try magazine.cli.succeed(["buy", Self.magazineMonthly])
        #expect(receivers[rage.bundleID]?.waitFor(1).map(\.kind) == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(receivers[magazine.bundleID]?.waitFor(1).map(\.kind) == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(receivers.values.allSatisfy { $0.notifications.allSatisfy { $0.error == nil } },
                "each verified with its own bundle id: \(receivers.values.flatMap(\.notifications).compactMap(\.error))")
        for app in [rage, magazine] {
            #expect(try app.cli.succeed(["notifications", "--json"]).json()?["servedBy"] as? String == server.baseURL, "\(app.bundleID)")
        }

        let rageID = try rage.transactionID(of: Self.rageMonthly)
        let magazineID = try magazine.transactionID(of: Self.magazineMonthly)
        let ownRage = try transactionInfo(server, rageID, token: try rage.token())
        #expect(ownRage.status == 200)
        #expect(try signedTransactionID(ownRage) == rageID)
        let ownMagazine = try transactionInfo(server, magazineID, token: try magazine.token())
        #expect(ownMagazine.status == 200)
        #expect(try signedTransactionID(ownMagazine) == magazineID)

        // Rage's token asking for Magazine's transaction gets Rage's answer for an id it never issued.
        let crossed = try transactionInfo(server, magazineID, token: try rage.token())
        let unknown = try transactionInfo(server, "2999999999999999", token: try rage.token())
        #expect(crossed.status == 404 && unknown.status == 404)
        #expect(crossed.json?["errorCode"] as? Int == 4_040_010)
        #expect(!String(decoding: crossed.body, as: UTF8.self).contains("signedTransactionInfo"))
        // A token claiming the other app is checked with that app's keys, which did not sign it.
        let borrowedBid = try transactionInfo(server, magazineID, token: try rage.token(claiming: magazine.bundleID))
        #expect(borrowedBid.status == 401)
        // It says whose key it is (before: "this store has no API key", which `api-key list` of the other app contradicts).
        #expect((borrowedBid.json?["errorMessage"] as? String)?.contains("is a key of com.example.rage, and the token's bid is com.example.magazine") == true,
                "\(borrowedBid.json ?? [:])")
        let unserved = try transactionInfo(server, rageID, token: try rage.token(claiming: "com.example.spaceshooter"))
        #expect(unserved.status == 401)
        let refusal = try #require(unserved.json?["errorMessage"] as? String)
        #expect(refusal.contains("com.example.spaceshooter") && refusal.contains("com.example.rage, com.example.magazine"), "\(refusal)")

        let said = server.stop().stderr
        #expect(said.contains("serving com.example.rage (Rage, catalog Rage.json (built in))"), "\(said)")
        #expect(said.contains("serving com.example.magazine (Magazine, catalog Magazine.json (built in))"), "\(said)")
        #expect(!said.contains("does not serve"), "every app of the store is served: \(said)")
        for app in [rage, magazine] {
            #expect(try app.cli.succeed(["notifications", "--json"]).json()?["servedBy"] == nil, "a stopped server is not named")
        }
    }

    @Test func verifyReceiptAnswersEachServedAppsReceiptAndTreatsAnUnservedAppsAsAnotherApps() throws {
        let store = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let rage = try App(store, catalog: "Rage", bundleID: "com.example.rage")
        let magazine = try App(store, catalog: "Magazine", bundleID: "com.example.magazine")
        let shooter = try App(store, catalog: "SpaceShooter", bundleID: "com.example.spaceshooter")
        try rage.cli.succeed(["buy", Self.rageMonthly])
        try magazine.cli.succeed(["buy", Self.magazineMonthly])
        try shooter.cli.succeed(["buy", "com.example.spaceshooter.greenship"])
        let server = try ServeProcess(store, arguments: ["--catalog", "Magazine", "--catalog", "Rage"])
        defer { server.stop() }
        func verify(_ app: App) throws -> [String: Any] {
            let receipt = try app.cli.succeed(["receipt"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let body = Array(try JSONSerialization.data(withJSONObject: ["receipt-data": receipt]))
            let answer = try server.send("POST", "/verifyReceipt", headers: ["Content-Type": "application/json"], body: body)
            #expect(answer.status == 200)
            return try #require(answer.json)
        }
        for (app, product) in [(rage, Self.rageMonthly), (magazine, Self.magazineMonthly)] {
            let answer = try verify(app)
            #expect(answer["status"] as? Int == 0, "\(app.bundleID): \(answer)")
            let receipt = try #require(answer["receipt"] as? [String: Any])
            #expect(receipt["bundle_id"] as? String == app.bundleID)
            #expect((receipt["in_app"] as? [[String: String]])?.map { $0["product_id"] } == [product])
        }
        #expect(try verify(shooter)["status"] as? Int == 21010, "as a server of one app answers another app's receipt")
        let said = server.stop().stderr
        let warnings = said.split(separator: "\n").filter { $0.contains("does not serve") }
        #expect(warnings.count == 1, "\(said)")
        #expect(warnings.first?.contains("com.example.spaceshooter") == true && warnings.first?.contains("--catalog") == true, "\(said)")
    }

    @Test func twoCatalogsOfOneAppAreAUsageErrorNamingBoth() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let store = StorefrontProcess(ledger: folder + "/entitlements.jsonl")
        try store.succeed(["buy", "com.example.rage.comic.drummer"])
        let copy = folder + "/rage-copy.json"
        try FileManager.default.copyItem(atPath: TUISheetsTests.catalogPath("Rage"), toPath: copy)
        let result = try store.run(["serve", "--port", "0", "--catalog", "Rage", "--catalog", "Magazine", "--catalog", copy])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing listens")
        #expect(result.stderr.contains("--catalog Rage and --catalog \(copy) are both the app com.example.rage"), "\(result.stderr)")
        let twice = try store.run(["products", "--catalog", "Rage", "--catalog", "Magazine"])
        #expect(twice.status == 2 && twice.stderr.contains("--catalog is given twice"), "only serve takes several: \(twice.stderr)")
    }

    @Test func aServerOfOneCatalogServesItAloneAndNamesTheAppsItLeavesOut() throws {
        let store = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let rage = try App(store, catalog: "Rage", bundleID: "com.example.rage")
        let magazine = try App(store, catalog: "Magazine", bundleID: "com.example.magazine")
        try rage.cli.succeed(["buy", Self.rageMonthly])
        try magazine.cli.succeed(["buy", Self.magazineMonthly])
        let server = try ServeProcess(store)
        let answer = try transactionInfo(server, try rage.transactionID(of: Self.rageMonthly), token: try rage.token())
        #expect(answer.status == 200)
        let other = try transactionInfo(server, try magazine.transactionID(of: Self.magazineMonthly), token: try magazine.token())
        #expect(other.status == 401, "the default catalog's app alone is served")
        let said = server.stop().stderr
        #expect(said.contains("serving com.example.rage (Rage"), "\(said)")
        #expect(said.contains("warning: the store holds events of com.example.magazine, which this server does not serve"), "\(said)")
    }
}
