import Foundation
import Testing
@testable import StorefrontTesting

/// The certificate authority of an entitlements file replaced, as its refusal advises (moved
/// aside, a new one made): notifications keep their UUIDs and delivered ones are not sent
/// again; a running server signs with the new authority and says so, and says when the file it
/// finds is refused.
@Suite(.serialized, .enabled(if: AppStoreLibraryCheck.isAvailable || AppStoreLibraryCheck.isRequired,
                             "python3 cannot import Apple's app-store-server-library"))
struct AuthorityReplacedUnderServeTests {
    @Test func aNewAuthorityBetweenTwoServersSendsNothingAgainUnderNewUUIDs() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let scenario = try ServedNotificationScenario(.file)
        let receiver = try scenario.receiver()
        let first = try ServeProcess(scenario.cli)
        try scenario.succeed(["buy", "com.example.rage.comic.drummer"])
        try scenario.succeed(["buy", "com.example.rage.pro.yearly"])
        receiver.waitFor(2)
        try scenario.waitUntilEveryNotificationIsDelivered()
        first.stop()
        let before = try scenario.listed().compactMap { $0["notificationUUID"] as? String }
        try replaceAuthority(scenario)
        let second = try ServeProcess(scenario.cli)
        defer { second.stop() }
        try scenario.succeed(["buy", "com.example.rage.comic.nightly"])
        receiver.waitFor(3)
        try scenario.waitUntilEveryNotificationIsDelivered()
        // A pass runs at least once a second: one that re-sent would have done so by now.
        Thread.sleep(forTimeInterval: 1.5)
        let after = try scenario.listed().compactMap { $0["notificationUUID"] as? String }
        #expect(before.count == 2)
        #expect(Array(after.prefix(2)) == before, "the same UUIDs before and after the new authority")
        #expect(receiver.notifications.count == 3, "nothing sent again: \(receiver.notifications.map(\.kind))")
        // The third is signed with the new root, which this receiver does not trust, so it reads no UUID from it.
        #expect(Array(receiver.notifications.compactMap(\.uuid).prefix(2)) == before)
    }

    @Test func aRunningServerSignsWithTheNewAuthorityAndTellsWhenOneIsRefused() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let scenario = try ServedNotificationScenario(.file)
        let receiver = try scenario.receiver()
        let server = try ServeProcess(scenario.cli)
        try scenario.succeed(["buy", "com.example.rage.comic.drummer"])
        receiver.waitFor(1)
        try replaceAuthority(scenario)
        try scenario.succeed(["buy", "com.example.rage.comic.nightly"])
        receiver.waitFor(2)
        let authority = try authorityPath(scenario)
        let transaction = try #require(try scenario.listed().first?["transactionId"] as? String)
        // Damaged from inside the script, after its API key is made: a command that writes refuses a damaged authority.
        let answers = try scenario.apple("""
        import os
        from appstoreserverlibrary.api_client import APIException
        os.remove("\(authority)")
        with open(os.open("\(authority)", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as damaged:
            damaged.write("not an authority\\n")
        token = client.request_test_notification().testNotificationToken
        try:
            client.get_transaction_info("\(transaction)")
            status = 200
        except APIException as error:
            status = error.http_status_code
        print(json.dumps({"token": token, "status": status}))
        """, server: server)
        #expect(answers["status"] as? Int == 500, "a signed answer is refused, not signed with the replaced authority")
        Thread.sleep(forTimeInterval: 1.5)
        let said = server.stop().stderr
        let received = receiver.notifications
        #expect(received.count == 2, "nothing signed with a refused authority: \(received.map(\.kind))")
        #expect(received.first?.error == nil, "the first went out under the authority the receiver trusts")
        #expect(received.last?.error != nil, "the second was signed with another root: the new one")
        #expect(said.contains("the certificate authority \(authority) was replaced; signing with the new one"), "\(said)")
        #expect(said.contains("the certificate authority changed and is refused"), "\(said)")
        #expect(said.contains("answered 500 (it could not sign the answer)"), "\(said)")
        #expect(try scenario.cli.run(["certificate", "--der"]).status == 3, "the commands refuse the damaged file too")
    }

    private func authorityPath(_ scenario: ServedNotificationScenario) throws -> String {
        try #require(try scenario.succeed(["certificate", "--json"]).json()?["authorityFile"] as? String)
    }

    /// Moves the authority aside and has the command line make a new one; its root (DER).
    @discardableResult
    private func replaceAuthority(_ scenario: ServedNotificationScenario) throws -> [UInt8] {
        let path = try authorityPath(scenario)
        let oldRoot = try scenario.succeed(["certificate", "--der"]).stdoutBytes
        try FileManager.default.moveItem(atPath: path, toPath: path + ".refused")
        let newRoot = try scenario.succeed(["certificate", "--der"]).stdoutBytes
        #expect(newRoot != oldRoot, "a new authority was made")
        return newRoot
    }
}
