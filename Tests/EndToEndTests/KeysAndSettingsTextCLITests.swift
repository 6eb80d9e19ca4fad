import Foundation
import Testing
@testable import StorefrontTesting

/// `api-key revoke` with an empty id, and the offer-signature setting as `settings` shows it.
struct KeysAndSettingsTextCLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    @Test func revokingAnEmptyKeyIDIsAUsageError() throws {
        let revoked = try cli.run(["api-key", "revoke", ""])
        #expect(revoked.status == 2 && revoked.stderr.contains("api-key revoke was given an empty KEY_ID: ")
                && revoked.stderr.contains(cli.advised("api-key list")), "\(revoked.stderr)")
    }

    @Test func requiredSignaturesWithNoKeyInUseSaySoInTextButNotInJSON() throws {
        let shown = try cli.run(["settings"]).stdout
        #expect(shown.contains("promotional-offer-signatures  required (no key in use)"), "\(shown)")
        let json = try #require(try cli.run(["settings", "--json"]).json())
        #expect(json["promotional-offer-signatures"] as? String == "required")
        #expect(try cli.run(["api-key", "create"]).status == 0)
        let inForce = try cli.run(["settings"]).stdout
        #expect(inForce.range(of: #"promotional-offer-signatures +required\n"#, options: .regularExpression) != nil, "\(inForce)")
    }
}
