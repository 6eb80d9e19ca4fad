import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

@Suite struct CLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/sub/entitlements.jsonl")
    }

    @Test func productsInGermanShowEuroPrices() throws {
        let result = try cli.run(["products", "--json", "--locale", "de_DE"])
        #expect(result.status == 0, "\(result.stderr)")
        let products = try result.decoded([JSONShapes.ProductEntry].self)
        let drummer = try #require(products.first { $0.id == "com.example.rage.comic.drummer" })
        #expect(drummer.displayPrice == "1,09\u{00A0}€")
        #expect(drummer.price == "1.09")
        #expect(drummer.currency == "EUR")
        #expect(drummer.title == "Freundin des Schlagzeugers")
        #expect(drummer.status == "available")
        #expect(products.count == 9)
    }

    @Test func storefrontNotSellingAProductMarksItUnavailable() throws {
        let result = try cli.run(["products", "--json", "--locale", "ja_JP"])
        let products = try result.decoded([JSONShapes.ProductEntry].self)
        let nightly = try #require(products.first { $0.id == "com.example.rage.comic.nightly" })
        #expect(nightly.available == false)
        #expect(nightly.status == "notSold")
        #expect(products.first { $0.id == "com.example.rage.face.random" }?.displayPrice == "¥160")
    }

    @Test("products --json leaves the introductory offer out once the account has subscribed in the group (before: listed, though never given)")
    func introOfferOnlyWhileEligible() throws {
        let monthly = { try #require(try self.cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
            .first { $0.id == "com.example.rage.pro.monthly" }) }
        #expect(try monthly().introOffer?.paymentMode == "freeTrial")
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try monthly().introOffer == nil)
        #expect(try monthly().promotionalOffers?.isEmpty == false, "promotional offers are for subscribers: still listed")
        let yearly = try #require(try cli.run(["products", "--json"]).jsonArray()?.first { $0["id"] as? String == "com.example.rage.pro.yearly" })
        #expect(yearly["promotionalOffers"] == nil, "a plan without promotional offers leaves the field out (before: [])")
    }

    @Test func buyingFacesTwiceGivesTenAndOverspendingIsRefused() throws {
        for _ in 0..<2 {
            let buy = try cli.run(["buy", "com.example.rage.face.random", "--json"])
            #expect(buy.status == 0, "\(buy.stderr)")
            let bought = try buy.decoded(JSONShapes.PurchaseResult.self)
            #expect(bought.outcome == "purchased")
            #expect(bought.transactionId?.isEmpty == false)
        }
        #expect(try cli.credits()["rage-faces"] == 10)
        let spend = try cli.run(["spend", "rage-faces", "--amount", "11"])
        #expect(spend.status == 1)
        #expect(spend.stderr.contains("you have 10;"))
        #expect(try cli.credits()["rage-faces"] == 10)
        #expect(try cli.run(["spend", "rage-faces", "--amount", "4"]).status == 0)
        #expect(try cli.credits()["rage-faces"] == 6)
    }

    @Test("buy --quantity names how many were bought and what they cost in all, with or without a credit (before: neither)")
    func aQuantityIsNamedWithItsTotal() throws {
        let faces = try cli.run(["buy", "com.example.rage.face.random", "--quantity", "3"])
        #expect(faces.stdout.hasPrefix("Added 15 Rage Faces with 3 × Random Rage Face ($2.97 in all): you now have 15."),
                "\(faces.stdout)\(faces.stderr)")
        // Its row in transactions names the quantity beside the price paid for all.
        #expect(try cli.run(["transactions"]).stdout.contains("  $2.97  3 × Random Rage Face  on default"))
        let one = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(one.stdout.hasPrefix("Added 5 Rage Faces with Random Rage Face: you now have 20."), "\(one.stdout)")
        let coffee = try cli.run(["--catalog", "SpaceShooter", "buy", "com.example.spaceshooter.donate", "--quantity", "4"])
        #expect(coffee.status == 0 && coffee.stdout.hasPrefix("Bought 4 × Buy the Developer a Coffee ($11.96 in all)."), "\(coffee.stdout)\(coffee.stderr)")
    }

    @Test func nonConsumableIsRecordedOnceAndWaitsForRestoreOnAnotherDevice() throws {
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        let again = try cli.run(["buy", "com.example.rage.comic.drummer", "--json"])
        #expect(again.status == 0)
        #expect(try again.decoded(JSONShapes.PurchaseResult.self).outcome == "alreadyOwned")
        #expect(try cli.events().filter { $0["kind"] as? String == "purchase" }.count == 1)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)

        let tablet = { (command: [String]) in try cli.run(command + ["--device", "tablet"]) }
        let before = try tablet(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self)
        let owned = try #require(before.nonConsumables.first)
        #expect(owned.delivered == false)
        #expect(try tablet(["restore"]).stdout.contains("Restored 1 purchase: Girlfriend of Drummer Rage."))
        let after = try tablet(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self)
        #expect(after.nonConsumables.first?.delivered == true)
        #expect(after.credits["rage-faces"] == 5)
    }

    @Test func ledgerAndKeyAreCreatedPrivate() throws {
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        for path in [cli.ledger, cli.ledger + ".key"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(path)")
        }
    }

    @Test("transactions on a store of which no line verifies (a byte-order mark before its header) says none can be shown, not that there are none yet")
    func transactionsOfAStoreWithNothingVerifiedSayNoneCanBeShown() throws {
        #expect(try cli.run(["transactions"]).stdout == "No transactions for tester yet.\n")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        try (Data([0xEF, 0xBB, 0xBF]) + written).write(to: URL(fileURLWithPath: cli.ledger))
        let listed = try cli.run(["transactions"])
        #expect(listed.status == 3)
        #expect(listed.stdout == "No transactions can be shown: no line of the store could be verified (the warning on stderr says why).\n",
                "\(listed.stdout)")
        #expect(listed.stderr.contains("byte-order mark"), "\(listed.stderr)")
    }

    @Test func editingOneDigitMakesVerifyFailNamingTheLine() throws {
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        #expect(try cli.run(["verify"]).status == 0)
        var lines = try String(contentsOfFile: cli.ledger, encoding: .utf8).components(separatedBy: "\n")
        lines[2] = lines[2].replacingOccurrences(of: "\"amount\":3", with: "\"amount\":4")
        try lines.joined(separator: "\n").write(toFile: cli.ledger, atomically: false, encoding: .utf8)
        let verify = try cli.run(["verify"])
        #expect(verify.status == 3)
        #expect((verify.stdout + verify.stderr).contains("line 3"))
        // It says what mends it, as the refusals that send here do (before: the problems alone).
        #expect(verify.stdout.hasSuffix("  to mend it: `storefront --entitlements \(cli.ledger) repair` keeps the intact lines and "
            + "moves the rest aside, out of the store (their transaction ids are handed out again), or put back a good copy of the file\n"),
                "\(verify.stdout)")
        let report = try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self)
        #expect(!report.intact)
        #expect(report.problems.first?.line == 3, "\(report.problems)")
        let buy = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(buy.status == 3)
        #expect(buy.stderr.contains("refusing to write"))
        // The refusal lists the problem; the warning that says the same is not given too (before: it was, twice over).
        #expect(buy.stderr.components(separatedBy: "line 3 does not match its MAC").count == 2, "\(buy.stderr)")
        #expect(!buy.stderr.contains("so it is read-only"), "\(buy.stderr)")
        // A change that ends otherwise (nothing to write) is still warned of the damage.
        let unknown = try cli.run(["buy", "com.example.rage.nothing"])
        #expect(unknown.stderr.contains("so it is read-only"), "\(unknown.stderr)")
        let reading = try cli.run(["entitlements"])
        #expect(reading.status == 3 && reading.stderr.contains("so it is read-only"), "\(reading.stderr)")
    }

    @Test func refusalsExitWithOne() throws {
        #expect(try cli.run(["settings", "set", "purchases-allowed", "false"]).status == 0)
        let refused = try cli.run(["buy", "com.example.rage.noads"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Purchases are disabled on this device"))
        let cancelled = try cli.run(["buy", "com.example.rage.noads", "--simulate", "cancel", "--device", "other", "--json"])
        #expect(cancelled.status == 1)
        #expect(try cancelled.decoded(JSONShapes.PurchaseResult.self).outcome == "cancelled")
        // Listed without a price, which read as a charge beside the purchases (`--json` keeps it as data).
        let listed = try cli.run(["--device", "other", "transactions"]).stdout
        #expect(listed.contains("  cancelled  —  Remove Ads  on other"), "\(listed)")
        #expect(!listed.contains("$"), "\(listed)")
        let listedJSON = try cli.run(["--device", "other", "transactions", "--json"]).stdout
        #expect(listedJSON.contains("\"price\" : \"2.99\""), "\(listedJSON)")
    }

    @Test func usageMistakesExitWithTwo() throws {
        let none = try cli.run([])
        #expect(none.status == 2)
        #expect(none.stderr.contains("usage: storefront"))
        #expect(try cli.run(["fly"]).status == 2)
        #expect(try cli.run(["buy"]).status == 2)
        #expect(try cli.run(["buy", "x", "--quantity", "zero"]).status == 2)
        #expect(try cli.run(["products", "--bogus"]).status == 2)
        #expect(try cli.run(["--help"]).stdout.contains("catalog lint [PATH]"))
        #expect(try cli.run(["products", "--storefront", "CHN"]).status == 2)
    }

    @Test func catalogLintListsProblemsAndExitsWithThree() throws {
        let path = try StorefrontProcess.temporaryFolder() + "/bad.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "X", "bundleId": "x"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}], "credits": [],
         "products": [{"id": "a", "type": "consumable", "localizations": {"en": {"title": "A"}}, "prices": {"USA": "-1"}}]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let lint = try cli.run(["catalog", "lint", path])
        #expect(lint.status == 3)
        #expect(lint.stdout.contains("bad.json:3:"))
        #expect(lint.stdout.contains("product a, field products[0].prices.USA"))
        #expect(lint.stdout.contains("product a, field products[0].grant"))
        let open = try cli.run(["products", "--catalog", path])
        #expect(open.status == 3)
    }
}
