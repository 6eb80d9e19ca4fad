import Foundation
import Testing
@testable import StorefrontTesting

/// The Objective-C helper's flow: `storefront receipt` gives an app receipt, a running `serve`
/// answers POST /verifyReceipt for it as Apple's legacy endpoint does, and Apple's own
/// `ReceiptUtility` reads a transaction id out of it.
@Suite(.serialized) struct VerifyReceiptEndToEndTests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    func succeed(_ arguments: [String], process: StorefrontProcess? = nil) throws -> StorefrontProcess.Result {
        let result = try (process ?? cli).run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func receipt(_ process: StorefrontProcess? = nil) throws -> String {
        try succeed(["receipt"], process: process).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// POSTs `body` to /verifyReceipt; the HTTP status is always 200, so the answer's JSON.
    func verify(_ server: ServeProcess, _ body: [String: Any]) throws -> [String: Any] {
        try verify(server, bytes: Array(try JSONSerialization.data(withJSONObject: body)))
    }

    func verify(_ server: ServeProcess, bytes: [UInt8]) throws -> [String: Any] {
        let answer = try server.send("POST", "/verifyReceipt", headers: ["Content-Type": "application/json"], body: bytes)
        #expect(answer.status == 200)
        return try #require(answer.json)
    }

    @Test func aReceiptFromTheCommandLineIsValidAndListsItsPurchases() throws {
        _ = try succeed(["buy", "com.example.rage.pro.monthly"])
        _ = try succeed(["buy", "com.example.rage.comic.drummer"])
        let listed = try #require(try cli.run(["transactions", "--json"]).jsonArray())
        let sent = try receipt()
        let ledgerBefore = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let answer = try verify(server, ["receipt-data": sent])
        #expect(answer["status"] as? Int == 0 && answer["environment"] as? String == "Sandbox")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.ledger)) == ledgerBefore, "verifying never writes")
        let inApp = try #require((answer["receipt"] as? [String: Any])?["in_app"] as? [[String: String]])
        #expect(Set(inApp.compactMap { $0["transaction_id"] }) == Set(listed.compactMap { $0["transactionId"] as? String }))
        #expect((answer["latest_receipt_info"] as? [[String: String]])?.count == 2)
        #expect((answer["pending_renewal_info"] as? [[String: String]])?.first?["auto_renew_status"] == "1")
    }

    @Test("A long subscriber's receipt, over the 64 KiB other endpoints take, is verified (before: 413 with no status); a body over 4 MiB gets 413 with status 21002")
    func aLongSubscribersReceiptIsVerified() throws {
        _ = try succeed(["buy", "com.example.rage.pro.monthly"])
        for _ in 0..<2 { _ = try succeed(["advance", "P8Y"]) }
        let sent = try receipt()
        #expect(sent.utf8.count > 65_536, "the receipt is over the other endpoints' limit: \(sent.utf8.count) bytes")
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let answer = try verify(server, ["receipt-data": sent])
        #expect(answer["status"] as? Int == 0)
        let listed = try #require(try cli.run(["transactions", "--json"]).jsonArray())
        #expect(listed.count > 150)
        #expect(((answer["receipt"] as? [String: Any])?["in_app"] as? [[String: String]])?.count == listed.count)
        // Refused from its Content-Length, before the body is sent.
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        try connection.send("POST /verifyReceipt HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(4 * 1_048_576 + 1)\r\n\r\n")
        let tooLarge = try connection.readAnswer()
        #expect(tooLarge.hasPrefix("HTTP/1.1 413"), "\(tooLarge)")
        #expect(tooLarge.contains("\"status\":21002") && !tooLarge.contains("errorCode"), "\(tooLarge)")
    }

    @Test func aPurchaseAfterTheReceiptIsInTheLatestInfoOfTheRunningServer() throws {
        _ = try succeed(["buy", "com.example.rage.pro.monthly"])
        let sent = try receipt()
        let server = try ServeProcess(cli)
        defer { server.stop() }
        _ = try succeed(["buy", "com.example.rage.comic.drummer"])
        let answer = try verify(server, ["receipt-data": sent])
        #expect(((answer["receipt"] as? [String: Any])?["in_app"] as? [[String: String]])?.count == 1)
        #expect((answer["latest_receipt_info"] as? [[String: String]])?.count == 2, "the ledger as it is now")
    }

    @Test func malformedForeignWrongSecretAndWrongEnvironmentReceiptsGetApplesStatuses() throws {
        _ = try succeed(["buy", "com.example.rage.comic.drummer"])
        let sent = try receipt()
        let stranger = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        _ = try succeed(["buy", "com.example.rage.comic.drummer"], process: stranger)
        let foreign = try receipt(stranger)
        _ = try succeed(["settings", "set", "environment", "Production"])
        let production = try receipt()
        _ = try succeed(["settings", "set", "environment", "Sandbox"])
        _ = try succeed(["settings", "set", "receipt-shared-secret", "0123456789abcdef0123456789abcdef"])
        let server = try ServeProcess(cli)
        defer { server.stop() }
        let secret = "0123456789abcdef0123456789abcdef"
        #expect(try verify(server, bytes: Array("{not json".utf8))["status"] as? Int == 21002)
        #expect(try verify(server, ["receipt-data": "AAAA", "password": secret])["status"] as? Int == 21002)
        #expect(try verify(server, ["receipt-data": foreign, "password": secret])["status"] as? Int == 21003)
        #expect(try verify(server, ["receipt-data": sent, "password": "wrong"])["status"] as? Int == 21004)
        #expect(try verify(server, ["receipt-data": sent])["status"] as? Int == 21004)
        #expect(try verify(server, ["receipt-data": production, "password": secret])["status"] as? Int == 21008)
        #expect(try verify(server, ["receipt-data": sent, "password": secret])["status"] as? Int == 0)
        // A changed byte in the middle of the receipt: malformed or not authentic, never valid.
        var bytes = try #require(Data(base64Encoded: sent))
        bytes[bytes.count / 2] ^= 0x01
        let changed = try verify(server, ["receipt-data": bytes.base64EncodedString(), "password": secret])["status"] as? Int
        #expect(changed == 21002 || changed == 21003)
        _ = try succeed(["settings", "set", "environment", "Production"])
        #expect(try verify(server, ["receipt-data": sent, "password": secret])["status"] as? Int == 21007)
    }

    @Test func aSharedSecretThatIsNotVisibleASCIIIsRefusedWithTheRule() throws {
        let result = try cli.run(["settings", "set", "receipt-shared-secret", "has space"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("1 to 64 visible ASCII characters"), "\(result.stderr)")
        // Not echoed, a refused secret being perhaps nearly the real one (before: quoted whole).
        let long = String(repeating: "s", count: 65)
        let tooLong = try cli.run(["settings", "set", "receipt-shared-secret", long])
        #expect(tooLong.status == 2 && !tooLong.stderr.contains(long) && !result.stderr.contains("has space")
                    && tooLong.stderr.contains("the value given (65 characters) is not a value for receipt-shared-secret"), "\(tooLong.stderr)")
    }

    @Test(.enabled(if: AppStoreLibraryCheck.isAvailable || AppStoreLibraryCheck.isRequired))
    func applesReceiptUtilityExtractsATransactionIDOfTheReceipt() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        _ = try succeed(["buy", "com.example.rage.pro.monthly"])
        let ids = Set(try #require(try cli.run(["transactions", "--json"]).jsonArray()).compactMap { $0["transactionId"] as? String })
        let script = """
            import sys
            from appstoreserverlibrary.receipt_utility import ReceiptUtility
            print(ReceiptUtility().extract_transaction_id_from_app_receipt(sys.stdin.read().strip()))
            """
        let result = try PythonScript.run(["-c", script], input: Data(try receipt().utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let extracted = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(ids.contains(extracted), "\(extracted) is not one of \(ids)")
    }
}
