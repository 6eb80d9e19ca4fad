import Foundation
import Testing
@testable import StorefrontTesting

/// `storefront notifications [--json]` and `settings set notification-url`, on an entitlements
/// file and on PostgreSQL alike.
@Suite struct NotificationsCLITests {
    @Test func theListIsOldestFirstByDateWithARenewalPaidAheadAtItsStart() throws {
        let cli = try CLIStoreBackend.file.newCLI()
        try cli.succeed(["settings", "set", "notification-url", "http://127.0.0.1:9/hook"])
        try cli.succeed(["buy", "com.example.rage.pro.yearly"])
        try cli.succeed(["renew", "com.example.rage.pro.yearly"]) // its DID_RENEW is dated a year on
        try cli.succeed(["buy", "com.example.rage.comic.drummer"])
        let listed = try cli.listedNotifications()
        #expect(listed.map { $0["notificationType"] as? String } == ["SUBSCRIBED", "ONE_TIME_CHARGE", "DID_RENEW"], "\(listed)")
        let text = try cli.succeed(["notifications"]).stdout
        let order = ["SUBSCRIBED/INITIAL_BUY", "ONE_TIME_CHARGE", "DID_RENEW"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "\(text)")
    }

    @Test(arguments: CLIStoreBackend.allCases)
    func purchasesAreListedWithTheirTypesStatesAndStableUUIDs(backend: CLIStoreBackend) throws {
        let cli = try backend.newCLI()
        #expect(try cli.succeed(["notifications"]).stdout.contains("No notifications yet"))
        try cli.succeed(["buy", "com.example.rage.comic.drummer"])
        let notSentOnly = try cli.succeed(["notifications"]).stdout
        #expect(notSentOnly.contains("No storefront serve is delivering them, and none of these waits to be sent.") && notSentOnly.contains("not-sent"),
                "\(notSentOnly)")
        try cli.succeed(["settings", "set", "notification-url", "http://127.0.0.1:9/hook"])
        try cli.succeed(["buy", "com.example.rage.pro.yearly"])
        try cli.succeed(["cancel-renewal", "com.example.rage.pro.yearly"])
        let first = try cli.listedNotifications()
        #expect(first.map { $0["notificationType"] as? String } == ["ONE_TIME_CHARGE", "SUBSCRIBED", "DID_CHANGE_RENEWAL_STATUS"])
        #expect(first.map { $0["subtype"] as? String } == [nil, "INITIAL_BUY", "AUTO_RENEW_DISABLED"])
        #expect(first.map { $0["state"] as? String } == ["not-sent", "pending", "pending"])
        #expect(first.allSatisfy { ($0["sendAttempts"] as? [Any])?.isEmpty == true })
        let again = try cli.listedNotifications()
        #expect(again.map { $0["notificationUUID"] as? String } == first.map { $0["notificationUUID"] as? String })
        let text = try cli.succeed(["notifications"]).stdout
        #expect(text.contains("SUBSCRIBED/INITIAL_BUY"))
        #expect(text.contains("No storefront serve is delivering them: pending notifications wait until one does."), "\(text)")
        #expect(text.contains(first[1]["notificationUUID"] as? String ?? "?"))
        // Each line carries the time of day: at a fast store time many fall on one date.
        let lines = text.split(separator: "\n").filter { $0.contains("tx ") }
        #expect(lines.count == 3 && lines.allSatisfy { $0.range(of: #" at \d{1,2}:\d{2}  "#, options: .regularExpression) != nil },
                "\(lines)")
    }

    @Test("with none yet, the listing asks for a notification-url only while none is set, and else names it",
          arguments: CLIStoreBackend.allCases)
    func noNotificationsYetNamesWhereTheyWillGo(backend: CLIStoreBackend) throws {
        let cli = try backend.newCLI()
        #expect(try cli.succeed(["notifications"]).stdout.contains("(set notification-url to have them sent)"))
        try cli.succeed(["settings", "set", "notification-url", "http://127.0.0.1:9/hook"])
        let listed = try cli.succeed(["notifications"]).stdout
        #expect(listed.contains("No notifications yet") && listed.contains("a running storefront serve sends them to http://127.0.0.1:9/hook")
                    && !listed.contains("set notification-url"), "\(listed)")
        try cli.succeed(["settings", "set", "notification-url", "none"])
        #expect(try cli.succeed(["notifications"]).stdout.contains("(set notification-url to have them sent)"))
    }

    @Test(arguments: CLIStoreBackend.allCases)
    func aNotificationURLThatIsNotHTTPIsAUsageErrorSayingWhatToGive(backend: CLIStoreBackend) throws {
        let cli = try backend.newCLI()
        let result = try cli.run(["settings", "set", "notification-url", "ftp://example.com/hook"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("ftp:"))
        #expect(result.stderr.contains("http or https URL"))
        let settings = try #require(try cli.succeed(["settings", "--json"]).json())
        #expect(settings["notification-url"] as? String == "none")
        try cli.succeed(["settings", "set", "notification-url", "https://example.com/hook"])
        let changed = try #require(try cli.succeed(["settings", "--json"]).json())
        #expect(changed["notification-url"] as? String == "https://example.com/hook")
        #expect(try cli.succeed(["settings"]).stdout.contains("https://example.com/hook"))
    }

    @Test func anotherMachineOnAPostgreSQLStoreListsTheSameUUIDs() throws {
        let here = try CLIStoreBackend.postgres.newCLI()
        try here.succeed(["settings", "set", "notification-url", "http://127.0.0.1:9/hook"])
        try here.succeed(["buy", "com.example.rage.pro.yearly"])
        let there = try CLIStoreBackend.anotherMachine(of: here)
        // Each machine keeps its own certificate authority; the notifications must still agree.
        #expect(try here.succeed(["certificate", "--der"]).stdoutBytes != there.succeed(["certificate", "--der"]).stdoutBytes)
        let seenHere = try here.listedNotifications().map { $0["notificationUUID"] as? String }
        #expect(seenHere.count == 1)
        #expect(try there.listedNotifications().map { $0["notificationUUID"] as? String } == seenHere)
    }

    @Test(arguments: ["http://127.0.0.1:0/hook", "http://127.0.0.1:99999/hook"])
    func aNotificationURLWithAnInvalidPortIsAUsageErrorNamingThePort(_ value: String) throws {
        let cli = try CLIStoreBackend.file.newCLI()
        let result = try cli.run(["settings", "set", "notification-url", value])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not one from 1 to 65535"), "\(result.stderr)")
    }
}
