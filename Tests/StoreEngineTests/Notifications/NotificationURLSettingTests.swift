import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog
@testable import StoreLedger

/// The `notification-url` setting: an http or https URL, or none; kept in the ledger and in
/// checkpoints; and delivery attempts recorded as ledger events.
@Suite struct NotificationURLSettingTests {
    @Test(arguments: ["ftp://example.com/n", "example.com/n", "http://", "http:///path", "http://exa mple.com",
                      "not a url", "", "mailto:someone@example.com"])
    func aValueThatIsNotAnHTTPURLIsRefusedSayingWhatToGive(_ value: String) throws {
        let store = try StoreFixture().store()
        #expect {
            try store.set(.notificationURL, to: value, for: phone)
        } throws: { error in
            guard case let StoreError.invalidNotificationURL(refused, reason) = error else { return false }
            return refused == value && reason.contains("http or https URL")
        }
        #expect(store.snapshot.settings.notificationURL == nil)
        let reason = try #require(try? SettingChange(setting: "notification-url", value: "https://example.com/n")).valueText
        #expect(reason == "https://example.com/n")
        #expect(throws: SettingChange.TextError.self) { try SettingChange(setting: "notification-url", value: value) }
    }

    @Test(arguments: [("http://127.0.0.1:8000/%7e/ü", "holds \"ü\", which a URL carries only percent-encoded"),
                      ("http://bücher.example/n", "a host name in its ASCII (xn--) form"),
                      ("http://127.0.0.1:8000/100%", "has a % that starts no %XX escape (\"%\")"),
                      ("http://127.0.0.1:8000/%zz/n", "has a % that starts no %XX escape (\"%zz\")"),
                      ("https://user:secret@example.com/n", "carries a user name or password"),
                      ("http://user@example.com/n", "carries a user name or password"),
                      ("http://[::1%25lo]:8000/n", "names an IPv6 zone")])
    func aURLThatWouldNotReachTheReceiverAsWrittenIsRefusedWhenSet(_ value: String, _ said: String) throws {
        let store = try StoreFixture().store()
        #expect {
            try store.set(.notificationURL, to: value, for: phone)
        } throws: { error in
            guard case let StoreError.invalidNotificationURL(refused, reason) = error else { return false }
            return refused == value && reason.contains(said) && reason.contains("http or https URL")
        }
        #expect(store.snapshot.settings.notificationURL == nil)
        // Recorded by an earlier version, it is still read: the ledger stays sound.
        #expect(try SettingChange(setting: "notification-url", value: value).valueText == value)
    }

    @Test func escapesAndPlainASCIIAreSetAsWritten() throws {
        let store = try StoreFixture().store()
        try store.set(.notificationURL, to: "https://example.com/caf%C3%A9/%7e?x=%2F&y=a+b#part", for: phone)
        #expect(store.snapshot.settings.notificationURL?.text == "https://example.com/caf%C3%A9/%7e?x=%2F&y=a+b#part")
    }

    @Test(arguments: ["http://127.0.0.1:0/hook", "http://127.0.0.1:99999/hook", "http://example.com:65536",
                      "http://example.com:99999999999999999999999/hook", "https://user@[::1]:70000/hook"])
    func aPortOutsideOneTo65535IsRefusedNamingIt(_ value: String) throws {
        #expect {
            try SettingChange(setting: "notification-url", value: value)
        } throws: { error in
            (error as? SettingChange.TextError)?.reason.contains("not one from 1 to 65535") == true
        }
    }

    @Test(arguments: ["http://127.0.0.1:1/hook", "http://example.com:65535", "http://[::1]:8000/n", "http://example.com:/n",
                      "https://user:secret@example.com:443/n"])
    func portsFrom1To65535AndNoPortAreAccepted(_ value: String) throws {
        #expect(try SettingChange(setting: "notification-url", value: value).valueText == value)
    }

    @Test func theRefusalSaysWhatAGoodValueLooksLike() {
        do {
            _ = try SettingChange(setting: "notification-url", value: "ftp://example.com/n")
            Issue.record("ftp was accepted")
        } catch {
            #expect(error.reason.contains("ftp:"))
            #expect(error.reason.contains("http or https URL such as"))
        }
    }

    @Test func httpAndHttpsURLsAreKeptAndNoneClearsThem() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        try store.set(.notificationURL, to: "http://127.0.0.1:8080/hook?x=1", for: phone)
        #expect(try fixture.store().snapshot.settings.notificationURL?.text == "http://127.0.0.1:8080/hook?x=1")
        try store.set(.notificationURL, to: "HTTPS://example.com", for: phone)
        #expect(store.snapshot.settings.notificationURL?.text == "HTTPS://example.com")
        try store.set(.notificationURL, to: "none", for: phone)
        #expect(try fixture.store().snapshot.settings.notificationURL == nil)
    }

    @Test func aCheckpointKeepsTheNotificationURL() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-notification-url-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/entitlements.jsonl"
        let catalog = try CatalogLoader.loadBundled()
        let writer = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
        try writer.set(.notificationURL, to: "https://example.com/hook", for: phone)
        _ = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path), checkpointInterval: 1)
        #expect(FileManager.default.fileExists(atPath: path + ".checkpoint-" + catalog.bundleID))
        let resumed = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path), checkpointInterval: 1)
        #expect(resumed.snapshot.settings.notificationURL?.text == "https://example.com/hook")
    }

    @Test func aDeliveryAttemptWithoutItsNotificationOrOutcomeIsALedgerProblem() {
        var attempt = StoreEvent(kind: .notificationAttempt, time: Date(), app: "a", account: "b", device: "c")
        #expect(attempt.ledgerFieldProblem()?.field == "notificationId")
        attempt.notificationId = "0b6c5a1e-93d2-8f41-a7c0-3d5e2f1b4c68"
        #expect(attempt.ledgerFieldProblem()?.field == "statusCode")
        attempt.reason = "timeout"
        #expect(attempt.ledgerFieldProblem() == nil)
        #expect(attempt.deliveryOutcome == .failed(.timeout))
        attempt.reason = nil
        attempt.statusCode = 204
        #expect(attempt.deliveryOutcome?.isDelivered == true)
        attempt.statusCode = 207
        #expect(attempt.deliveryOutcome?.isDelivered == false, "only 200 to 206 count, as on the App Store")
    }
}
