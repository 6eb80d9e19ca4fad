import Foundation
import Testing
@testable import StorefrontTesting

/// `storefront notifications [--json]` and `settings set notification-url`.
@Suite struct NotificationsCLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    func succeed(_ arguments: [String]) throws -> StorefrontProcess.Result {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func listed() throws -> [[String: Any]] {
        let object = try #require(try succeed(["notifications", "--json"]).json())
        return try #require(object["notifications"] as? [[String: Any]])
    }

    @Test func purchasesAreListedWithTheirTypesStatesAndStableUUIDs() throws {
        #expect(try succeed(["notifications"]).stdout.contains("No notifications yet"))
        _ = try succeed(["buy", "com.example.rage.comic.drummer"])
        _ = try succeed(["settings", "set", "notification-url", "http://127.0.0.1:9/hook"])
        _ = try succeed(["buy", "com.example.rage.pro.yearly"])
        _ = try succeed(["cancel-renewal", "com.example.rage.pro.yearly"])
        let first = try listed()
        #expect(first.map { $0["notificationType"] as? String } == ["ONE_TIME_CHARGE", "SUBSCRIBED", "DID_CHANGE_RENEWAL_STATUS"])
        #expect(first.map { $0["subtype"] as? String } == [nil, "INITIAL_BUY", "AUTO_RENEW_DISABLED"])
        #expect(first.map { $0["state"] as? String } == ["not-sent", "pending", "pending"])
        #expect(first.allSatisfy { ($0["sendAttempts"] as? [Any])?.isEmpty == true })
        let again = try listed()
        #expect(again.map { $0["notificationUUID"] as? String } == first.map { $0["notificationUUID"] as? String })
        let text = try succeed(["notifications"]).stdout
        #expect(text.contains("SUBSCRIBED/INITIAL_BUY"))
        #expect(text.contains(first[1]["notificationUUID"] as? String ?? "?"))
    }

    @Test func aNotificationURLThatIsNotHTTPIsAUsageErrorSayingWhatToGive() throws {
        let result = try cli.run(["settings", "set", "notification-url", "ftp://example.com/hook"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("ftp:"))
        #expect(result.stderr.contains("http or https URL"))
        let settings = try #require(try succeed(["settings", "--json"]).json())
        #expect(settings["notification-url"] as? String == "none")
        _ = try succeed(["settings", "set", "notification-url", "https://example.com/hook"])
        let changed = try #require(try succeed(["settings", "--json"]).json())
        #expect(changed["notification-url"] as? String == "https://example.com/hook")
        #expect(try succeed(["settings"]).stdout.contains("https://example.com/hook"))
    }

    @Test(arguments: ["http://127.0.0.1:0/hook", "http://127.0.0.1:99999/hook"])
    func aNotificationURLWithAnInvalidPortIsAUsageErrorNamingThePort(_ value: String) throws {
        let result = try cli.run(["settings", "set", "notification-url", value])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not one from 1 to 65535"), "\(result.stderr)")
    }
}
