import Foundation
import Testing
@testable import StorefrontTesting

/// Notifications from a running `storefront serve` reach a webhook that checks them with
/// Apple's library; retries follow Apple's schedule in store time; Apple's client reads the
/// test notification and the history; a killed server loses nothing; two servers on one store
/// send each notification once. Each runs on an entitlements file and on PostgreSQL.
@Suite(.serialized, .enabled(if: AppStoreLibraryCheck.isAvailable || AppStoreLibraryCheck.isRequired,
                             "python3 cannot import Apple's app-store-server-library"))
struct NotificationServeEndToEndTests {
    @Test(arguments: CLIStoreBackend.allCases)
    func a500TwiceThen200GetsThreeAttemptsAtApplesIntervalsShownInHistory(backend: CLIStoreBackend) throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let scenario = try ServedNotificationScenario(backend)
        let receiver = try scenario.receiver(statuses: [500, 500])
        let server = try ServeProcess(scenario.cli)
        defer { server.stop() }
        try scenario.succeed(["buy", "com.example.rage.pro.yearly"])
        #expect(receiver.waitFor(1).map(\.kind) == ["SUBSCRIBED/INITIAL_BUY"])
        try scenario.succeed(["advance", "PT59M"])
        Thread.sleep(forTimeInterval: 0.5)
        #expect(receiver.notifications.count == 1, "no retry before an hour has passed")
        try scenario.succeed(["advance", "PT1M"])
        receiver.waitFor(2)
        try scenario.succeed(["advance", "PT11H"])
        let received = receiver.waitFor(3)
        #expect(received.map(\.answered) == [500, 500, 200])
        #expect(Set(received.map(\.uuid)).count == 1, "every retry carries the same notificationUUID")
        #expect(received.allSatisfy { $0.error == nil }, "\(received.compactMap(\.error))")
        let history = try scenario.apple("""
        page = client.get_notification_history(None, NotificationHistoryRequest(startDate=0, endDate=4102444800000))
        print(json.dumps({"items": [{"attempts": attempts(item.sendAttempts)} for item in page.notificationHistory],
                          "hasMore": page.hasMore}))
        """, server: server)
        let items = try #require(history["items"] as? [[String: Any]])
        let attempts = try #require(items.first?["attempts"] as? [[String: Any]])
        #expect(attempts.map { $0["result"] as? String } == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE", "UNSUCCESSFUL_HTTP_RESPONSE_CODE", "SUCCESS"])
        let dates = attempts.compactMap { $0["date"] as? Int64 }
        // Each retry goes out once store time reaches its hour (a pass notices within a second).
        let offsets = dates.map { $0 - (dates.first ?? 0) }
        #expect(offsets.count == 3 && (3_600_000..<3_610_000).contains(offsets[1])
            && (12 * 3_600_000..<12 * 3_600_000 + 10_000).contains(offsets[2]), "\(offsets)")
    }

    @Test(arguments: CLIStoreBackend.allCases)
    func applesClientRequestsATestNotificationAndReadsItsStatusAndTheHistory(backend: CLIStoreBackend) throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let scenario = try ServedNotificationScenario(backend)
        let receiver = try scenario.receiver()
        let server = try ServeProcess(scenario.cli)
        defer { server.stop() }
        try scenario.succeed(["buy", "com.example.rage.comic.drummer"])
        receiver.waitFor(1)
        let token = try #require(try scenario.apple("""
        print(json.dumps({"token": client.request_test_notification().testNotificationToken}))
        """, server: server)["token"] as? String)
        #expect(receiver.waitFor(2).last?.kind == "TEST")
        #expect(receiver.notifications.last?.uuid == token)
        let answers = try scenario.apple("""
        import time
        for _ in range(100):
            status = client.get_test_notification_status("\(token)")
            if status.sendAttempts:
                break
            time.sleep(0.05)
        history = client.get_notification_history(None, NotificationHistoryRequest(
            startDate=0, endDate=4102444800000, notificationType="ONE_TIME_CHARGE"))
        print(json.dumps({"status": attempts(status.sendAttempts), "signed": status.signedPayload is not None,
                          "history": len(history.notificationHistory)}))
        """, server: server)
        #expect((answers["status"] as? [[String: Any]])?.map { $0["result"] as? String } == ["SUCCESS"])
        #expect(answers["signed"] as? Bool == true)
        #expect(answers["history"] as? Int == 1)
    }

    @Test(arguments: CLIStoreBackend.allCases)
    func wrongRequestsGetApplesErrorCodes(backend: CLIStoreBackend) throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let scenario = try ServedNotificationScenario(backend)
        try scenario.succeed(["buy", "com.example.rage.comic.drummer"])
        let server = try ServeProcess(scenario.cli)
        defer { server.stop() }
        let codes = try scenario.apple("""
        from appstoreserverlibrary.api_client import APIException
        def code(call):
            try:
                call()
                return None
            except APIException as error:
                return [error.http_status_code, error.raw_api_error]
        print(json.dumps({
            "noURL": code(lambda: client.request_test_notification()),
            "badToken": code(lambda: client.get_test_notification_status("not-a-token")),
            "unknownToken": code(lambda: client.get_test_notification_status("00000000-0000-8000-8000-000000000000")),
            "noStart": code(lambda: client.get_notification_history(None, NotificationHistoryRequest(endDate=1))),
            "noEnd": code(lambda: client.get_notification_history(None, NotificationHistoryRequest(startDate=1))),
            "startAfterEnd": code(lambda: client.get_notification_history(None, NotificationHistoryRequest(startDate=2, endDate=1))),
            "badPage": code(lambda: client.get_notification_history("nonsense", NotificationHistoryRequest(startDate=0, endDate=1))),
        }))
        """, server: server)
        #expect(codes["noURL"] as? [Int] == [404, 4_040_007])
        #expect(codes["badToken"] as? [Int] == [400, 4_000_020])
        #expect(codes["unknownToken"] as? [Int] == [404, 4_040_008])
        #expect(codes["noStart"] as? [Int] == [400, 4_000_015])
        #expect(codes["noEnd"] as? [Int] == [400, 4_000_016])
        #expect(codes["startAfterEnd"] as? [Int] == [400, 4_000_013])
        #expect(codes["badPage"] as? [Int] == [400, 4_000_014])
        let eventsBefore = try scenario.succeed(["verify"]).stdout
        let malformed = try server.send("POST", "/inApps/v1/notifications/history", body: Array("{not json".utf8))
        #expect(malformed.status == 401, "no token: refused before the body is read")
        #expect(try scenario.succeed(["verify"]).stdout == eventsBefore, "nothing was recorded")
    }

    @Test(arguments: CLIStoreBackend.allCases)
    func serveKilledMidStreamAndRestartedLosesNothing(backend: CLIStoreBackend) throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let scenario = try ServedNotificationScenario(backend)
        let receiver = try scenario.receiver()
        let server = try ServeProcess(scenario.cli)
        for product in ["com.example.rage.comic.drummer", "com.example.rage.comic.nightly", "com.example.rage.pro.yearly",
                        "com.example.rage.season"] {
            try scenario.succeed(["buy", product])
        }
        #expect(try scenario.succeed(["notifications", "--json"]).json()?["servedBy"] as? String == server.baseURL)
        _ = kill(server.command.process.processIdentifier, SIGKILL)
        server.command.process.waitUntilExit()
        #expect(try scenario.succeed(["notifications", "--json"]).json()?["servedBy"] == nil, "a killed server is not shown as serving")
        #expect(try scenario.succeed(["notifications"]).stdout.contains("No storefront serve is delivering them"))
        try scenario.succeed(["buy", "com.example.rage.face.random"])
        let restarted = try ServeProcess(scenario.cli)
        defer { restarted.stop() }
        let expected = try scenario.listed().compactMap { $0["notificationUUID"] as? String }
        #expect(expected.count == 5)
        let deadline = Date().addingTimeInterval(20)
        while !Set(expected).isSubset(of: Set(receiver.notifications.compactMap(\.uuid))), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(Set(receiver.notifications.compactMap(\.uuid)) == Set(expected), "nothing lost, no other UUID")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try scenario.listed().allSatisfy { $0["state"] as? String == "delivered" })
    }

    /// Two apps on one store, each with its server: each app's `notifications` names its own.
    @Test(arguments: CLIStoreBackend.allCases)
    func aServerIsReportedOnlyToItsOwnAppOfAStore(backend: CLIStoreBackend) throws {
        let scenario = try ServedNotificationScenario(backend)
        try scenario.succeed(["buy", "com.example.rage.comic.drummer"])
        let server = try ServeProcess(scenario.cli)
        defer { server.stop() }
        var shooter = scenario.cli
        shooter.storeArguments += ["--catalog", TUISheetsTests.catalogPath("SpaceShooter")]
        let otherApp = try shooter.run(["notifications", "--json"])
        #expect(otherApp.status == 0, "\(otherApp.stderr)")
        #expect(otherApp.json()?["servedBy"] == nil, "Rage's server does not serve the other app of the store")
        #expect(try scenario.succeed(["notifications", "--json"]).json()?["servedBy"] as? String == server.baseURL)
        let second = try ServeProcess(shooter)
        defer { second.stop() }
        #expect(try shooter.run(["notifications", "--json"]).json()?["servedBy"] as? String == second.baseURL)
        #expect(try scenario.succeed(["notifications", "--json"]).json()?["servedBy"] as? String == server.baseURL)
    }

    /// Two servers on one store, and purchases from other processes: the first server delivers,
    /// the second stands by and says so; each notification arrives once. Killed, the first
    /// gives way to the second, which sends what came after, once.
    @Test(arguments: CLIStoreBackend.allCases)
    func twoServersOnOneStoreSendEachNotificationOnce(backend: CLIStoreBackend) throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let scenario = try ServedNotificationScenario(backend)
        let receiver = try scenario.receiver()
        let first = try ServeProcess(scenario.cli)
        defer { first.stop() }
        let second = try ServeProcess(scenario.cli)
        defer { second.stop() }
        for product in ["com.example.rage.comic.drummer", "com.example.rage.comic.nightly", "com.example.rage.pro.yearly"] {
            try scenario.succeed(["buy", product])
        }
        receiver.waitFor(3)
        try scenario.waitUntilEveryNotificationIsDelivered()
        #expect(receiver.notifications.count == 3, "\(receiver.notifications.map(\.kind))")
        _ = kill(first.command.process.processIdentifier, SIGKILL)
        first.command.process.waitUntilExit()
        try scenario.succeed(["buy", "com.example.rage.face.random"])
        receiver.waitFor(4)
        try scenario.waitUntilEveryNotificationIsDelivered()
        let uuids = receiver.notifications.compactMap(\.uuid)
        #expect(uuids.count == 4 && Set(uuids).count == 4, "each notification once: \(receiver.notifications.map(\.kind))")
        #expect(Set(uuids) == Set(try scenario.listed().compactMap { $0["notificationUUID"] as? String }))
        // The server left running names itself to `notifications` (and the storefront's badge),
        // whichever of the two held the serving file first.
        var servedBy: String?
        for _ in 0..<300 where servedBy != second.baseURL {
            servedBy = try scenario.succeed(["notifications", "--json"]).json()?["servedBy"] as? String
            if servedBy != second.baseURL { usleep(100_000) }
        }
        #expect(servedBy == second.baseURL, "the server still running is named, not \(servedBy ?? "none")")
        let secondSaid = second.stop().stderr
        // Whichever server took the claim first, the other stood by until it was free.
        #expect(secondSaid.contains("another storefront serve of this app delivers") == secondSaid.contains("now delivers"), "\(secondSaid)")
    }
}

/// One store and its command line, with the steps the suite above takes on it.
struct ServedNotificationScenario {
    static let bundleID = "com.example.rage"
    let cli: StorefrontProcess

    init(_ backend: CLIStoreBackend) throws {
        cli = try backend.newCLI()
    }

    @discardableResult
    func succeed(_ arguments: [String]) throws -> StorefrontProcess.Result {
        try cli.succeed(arguments)
    }

    /// A receiver answering `statuses`, set as the app's notification URL.
    func receiver(statuses: [Int] = []) throws -> WebhookReceiver {
        try succeed(["settings", "set", "notification-url", "http://127.0.0.1:9/placeholder"])
        let receiver = try WebhookReceiver(rootDER: try succeed(["certificate", "--der"]).stdoutBytes, bundleID: Self.bundleID,
                                           statuses: statuses)
        try succeed(["settings", "set", "notification-url", receiver.url])
        return receiver
    }

    func listed() throws -> [[String: Any]] {
        try cli.listedNotifications()
    }

    /// Runs `calls` (Python using `client`, an AppStoreServerAPIClient pointed at `server`)
    /// and returns what it printed as JSON.
    func apple(_ calls: String, server: ServeProcess) throws -> [String: Any] {
        let key = try #require(try succeed(["api-key", "create", "--json"]).json())
        let script = """
        import json, sys
        from appstoreserverlibrary.api_client import AppStoreServerAPIClient
        from appstoreserverlibrary.models.Environment import Environment
        from appstoreserverlibrary.models.NotificationHistoryRequest import NotificationHistoryRequest
        config = json.load(sys.stdin)
        client = AppStoreServerAPIClient(open(config["keyPath"], "rb").read(), config["keyId"], config["issuerId"],
                                         config["bundleId"], Environment.SANDBOX)
        client._base_url = config["baseURL"]
        def attempts(items):
            return [{"date": item.attemptDate, "result": item.rawSendAttemptResult} for item in items or []]
        \(calls)
        """
        let input: [String: Any] = ["keyPath": key["privateKeyPath"] as? String ?? "", "keyId": key["keyId"] as? String ?? "",
                                    "issuerId": key["issuerId"] as? String ?? "", "bundleId": Self.bundleID,
                                    "baseURL": server.baseURL]
        let result = try PythonScript.run(["-c", script], input: try JSONSerialization.data(withJSONObject: input))
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Waits (up to 20 s) until `notifications` lists every notification as delivered.
    func waitUntilEveryNotificationIsDelivered() throws {
        let deadline = Date().addingTimeInterval(20)
        while try !listed().allSatisfy({ $0["state"] as? String == "delivered" }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try listed().allSatisfy { $0["state"] as? String == "delivered" })
    }
}
