import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// Tokens belong to one app, and account and device names have one spelling (issue 12,
/// items 12 and 13).
@Suite struct IdentityCLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    @Test func anotherAppsTokenIsNeverValidEvenRefunded() throws {
        let other = try TestCatalog(bundleID: "com.example.other").write()
        let buy = try cli.run(["buy", TestCatalog.nonConsumableID, "--json", "--catalog", other])
        #expect(buy.status == 0, "\(buy.stderr)")
        let bought = try buy.decoded(JSONShapes.PurchaseResult.self)
        let token = try #require(bought.signedTransaction)
        #expect(try cli.run(["verify-transaction", token, "--catalog", other]).status == 0)

        let underRage = try cli.run(["verify-transaction", token])
        #expect(underRage.status == 1, "\(underRage.stdout)")
        #expect(underRage.stdout.hasPrefix("another app's transaction: "))
        #expect(underRage.stdout.contains("issued for com.example.other, not for com.example.rage"))
        #expect(try cli.run(["verify-transaction", token, "--json"]).decoded(JSONShapes.TransactionVerification.self).status == "otherApp")

        let id = try #require(bought.transactionId)
        #expect(try cli.run(["refund", id, "--catalog", other]).status == 0)
        let refunded = try cli.run(["verify-transaction", token])
        #expect(refunded.status == 1)
        #expect(refunded.stdout.hasPrefix("another app's transaction: "))
    }

    @Test func composedAndDecomposedSpellingsAreOneAccount() throws {
        let composed = "Jos\u{E9}", decomposed = "Jose\u{301}"
        #expect(try cli.run(["buy", "com.example.rage.noads", "--account", decomposed, "--device", "Caf\u{65}\u{301}"]).status == 0)
        let entitlements = try cli.run(["entitlements", "--json", "--account", composed, "--device", "Caf\u{E9}"])
            .decoded(JSONShapes.EntitlementsResult.self)
        #expect(entitlements.account == composed)
        #expect(entitlements.nonConsumables.first?.delivered == true)
        let purchase = try #require(try cli.events().first { $0["kind"] as? String == "purchase" })
        #expect((purchase["account"] as? String)?.unicodeScalars.elementsEqual(composed.unicodeScalars) == true,
                "the ledger keeps the composed form")
    }

    @Test func namesWithControlCharactersAreRefused() throws {
        for (option, name) in [("--account", "eve\u{1B}[2J"), ("--device", "phone\nline"), ("--account", "bob\u{202E}"),
                               ("--device", "tab\u{85}"), ("--account", "tester\u{200B}"), ("--device", "\u{FEFF}phone")] {
            let result = try cli.run(["buy", "com.example.rage.noads", option, name])
            #expect(result.status == 2, "\(option) \(name.debugDescription)")
            #expect(result.stderr.contains("control character"), "\(result.stderr)")
            #expect(result.stderr.contains("<U+"), "the character is shown, not sent: \(result.stderr)")
        }
        let empty = try cli.run(["products", "--account", ""])
        #expect(empty.status == 2)
        #expect(!FileManager.default.fileExists(atPath: cli.ledger), "nothing was recorded")
    }

    @Test func invalidUTF8ArgumentsAreRefused() throws {
        // Arguments are text in Swift; the shell passes the raw byte 0xFF through.
        let refused = try cli.startThroughShell(#"exec "$@" --account "$(printf 'a\377b')""#, ["buy", "com.example.rage.noads"]).wait()
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("argument 6 (the value of --account) is not valid UTF-8"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger))
    }
}
