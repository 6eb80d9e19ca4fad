import Foundation
import Glibc
import StorefrontTesting
import XCTest

/// `serve` while its key file is turned into a link and back: the key's problem, warned of once
/// in the words an opening gives for the link, while what was bought before is still answered;
/// once the file is back, "sound again". Never a failed delivery or a failed read.
final class ServeKeyFileChangeTests: XCTestCase {
    func testAKeyFileTurnedIntoALinkIsWarnedOfAsTheKeysProblemAndItsReturnIsToldAsSoundAgain() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        XCTAssertEqual(try cli.run(["buy", "com.example.rage.comic.drummer"]).status, 0)
        let key = try XCTUnwrap(try cli.run(["api-key", "create", "--json"]).json())
        let token = try BearerTokenMaker.token(keyPath: key["privateKeyPath"] as! String, keyID: key["keyId"] as! String,
                                               issuerID: key["issuerId"] as! String, bundleID: "com.example.rage")
        let bought = try XCTUnwrap(try cli.run(["transactions", "--json"]).jsonArray()?.first?["transactionId"] as? String)
        let server = try ServeProcess(cli)
        let keyPath = cli.ledger + ".key", real = cli.ledger + ".key.real"

        XCTAssertTrue(rename(keyPath, real) == 0 && symlink(real, keyPath) == 0)
        // Long enough for several passes of the delivery loop (one a second at least).
        Thread.sleep(forTimeInterval: 2.5)
        let answer = try server.send("GET", "/inApps/v1/transactions/\(bought)", headers: ["Authorization": "Bearer \(token)"])
        XCTAssertEqual(answer.status, 200, "what was read with the key is still served: \(answer.json ?? [:])")
        // The rename puts the key file back over the link in one step.
        XCTAssertEqual(rename(real, keyPath), 0)
        Thread.sleep(forTimeInterval: 2.5)
        let result = server.stop()

        let told = result.stderr.components(separatedBy: "\n").filter { $0.contains("symbolic link") || $0.contains("sound again") }
        XCTAssertEqual(told.count, 2, result.stderr)
        guard told.count == 2 else { return }
        XCTAssertTrue(told[0].hasPrefix("storefront: warning: \(cli.ledger) has a problem"), result.stderr)
        XCTAssertTrue(told[0].contains("could not open \(keyPath): it is a symbolic link"), result.stderr)
        XCTAssertEqual(told[1], "storefront: \(cli.ledger) is sound again: every line verifies, so all of it is served and it can be written")
        XCTAssertFalse(result.stderr.contains("could not be delivered") || result.stderr.contains("answered 500"), result.stderr)
    }
}
