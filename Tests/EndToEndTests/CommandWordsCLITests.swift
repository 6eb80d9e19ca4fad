import Foundation
import StoreCatalog
@testable import StorefrontCommands
import StorefrontTesting
import Testing

/// The command line's words, warnings and exit statuses (issue 13, item 18).
@Suite struct CommandWordsCLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    @Test func countsOfOneReadRight() throws {
        let catalog = try TestCatalog().write()
        let buy = try cli.run(["buy", TestCatalog.consumableID, "--catalog", catalog])
        #expect(buy.stdout.hasPrefix("Token added 1 to your Tokens: you now have 1."), "\(buy.stdout)")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let spend = try cli.run(["spend", "rage-faces"])
        #expect(spend.stdout == "Spent 1 of your Rage Faces; 4 left.\n")
        let short = try cli.run(["spend", "rage-faces", "--amount", "5"])
        #expect(short.stderr.contains("you asked to spend 5 of your Rage Faces and you have 4; nothing was spent"))
        let lint = try cli.run(["catalog", "lint", catalog])
        #expect(lint.stdout.contains(": 2 products, 1 storefront, 1 language; usable."), "\(lint.stdout)")
        for result in [buy, spend, short, lint] {
            #expect(!(result.stdout + result.stderr).contains(" 1 Tokens") && !(result.stdout + result.stderr).contains(" 1 Rage Faces"))
        }
    }

    @Test("with --json, a mistake in what was typed is a usage error like any other: exit 2, the message on stderr, nothing on stdout (before: buy of an unknown product or offer printed a JSON outcome)",
          arguments: [["buy", "nope"], ["buy", "com.example.rage.noads", "--offer", "zz"], ["buy", "com.example.rage.noads", "--quantity", "2"],
                      ["spend", "nope"], ["spend", "rage-faces", "--amount", "0"]])
    func usageErrorsWithJSONGoToStderr(arguments: [String]) throws {
        let result = try cli.run(arguments + ["--json"])
        #expect(result.status == 2 && result.stdout.isEmpty && result.stderr.hasPrefix("storefront: "),
                "\(arguments): \(result.stdout)\(result.stderr)")
    }

    @Test("a very long id or value typed by mistake is echoed cut, its start and end around \"…\" with its length (before: whole, burying the sentence)")
    func veryLongValuesAreEchoedCut() throws {
        let long = String(repeating: "9", count: 300)
        for command in [["refund", long], ["buy", long], ["spend", long], ["settings", "set", "ask-to-buy", long],
                        ["settings", "set", long, "true"], ["--storefront", long, "products"], ["--locale", long, "products"],
                        ["buy", "com.example.rage.face.random", "--quantity", long], ["settings", "set", "notification-url", long],
                        ["settings", "set", "time-rate", long], ["settings", "set", "fail.purchase", long], ["advance", long],
                        ["api-key", "revoke", long], ["buy", "com.example.rage.noads", "--app-account-token", long],
                        ["buy", "com.example.rage.noads", "--simulate", long], ["completion", long], [long], ["help", long]] {
            let refused = try cli.run(command)
            // A locale set aside is a warning: the command goes on.
            #expect(refused.status != 0 || command.first == "--locale")
            #expect(refused.stderr.contains(String(repeating: "9", count: 39) + "…" + String(repeating: "9", count: 39) + " (300 characters)")
                    && !refused.stderr.contains(String(repeating: "9", count: 40)), "\(command.first ?? ""): \(refused.stderr)")
        }
        // An id of ordinary length is echoed whole.
        let short = try cli.run(["refund", "12345"])
        #expect(short.stderr.contains("there is no transaction \"12345\""), "\(short.stderr)")
    }

    @Test("renew into the plan a switch goes to says the plan running first, as entitlements does (before: 'Rage Pro (Monthly): subscribed, renews …' while the yearly plan still ran)")
    func renewIntoASwitchSaysThePlanRunning() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        let renew = try cli.run(["renew", "com.example.rage.pro.yearly"])
        #expect(renew.status == 0 && renew.stdout.hasPrefix("Charged $2.99 for Rage Pro (Monthly) from "), "\(renew.stdout)")
        #expect(renew.stdout.contains("). Subscribed: Rage Pro (Yearly) until ") && renew.stdout.hasSuffix(", renews.\n")
                && renew.stdout.contains(", then Rage Pro (Monthly) paid ahead until ") && !renew.stdout.contains("subscribed, renews"),
                "\(renew.stdout)")
        let entitlements = try cli.run(["entitlements"]).stdout
        let standing = try #require(renew.stdout.components(separatedBy: "Subscribed: ").last?.dropLast(".\n".count))
        #expect(entitlements.contains("subscribed " + standing), "the same words: \(entitlements)")
        let plans = { () throws -> [String: JSONShapes.ProductEntry] in
            Dictionary(uniqueKeysWithValues: try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self).map { ($0.id, $0) })
        }
        #expect(try plans()["com.example.rage.pro.monthly"]?.willAutoRenew == true && plans()["com.example.rage.pro.yearly"]?.willAutoRenew == true)
        let off = try cli.run(["cancel-renewal", "com.example.rage.pro.yearly"])
        #expect(off.stdout.hasPrefix("Subscribed: Rage Pro (Yearly) until ") && off.stdout.hasSuffix(", will not renew.\n"), "\(off.stdout)")
        // Both rows of the switch then say what `entitlements --json` says: no renewal after the
        // period paid ahead (before: `willAutoRenew` true on both, and "Switches …" alone).
        let after = try plans()
        #expect(after["com.example.rage.pro.monthly"]?.willAutoRenew == false && after["com.example.rage.pro.monthly"]?.status == "changeScheduled"
                && after["com.example.rage.pro.yearly"]?.willAutoRenew == false, "\(after)")
        let held = try #require(try cli.run(["entitlements", "--json"]).json()?["subscriptions"] as? [[String: Any]])
        #expect(held.first?["willAutoRenew"] as? Bool == false)
        let row = try #require(try cli.run(["products"]).stdout.split(separator: "\n").first { $0.contains("[com.example.rage.pro.monthly]") })
        let end = try #require(standing.components(separatedBy: "paid ahead until ").last?.components(separatedBy: ",").prefix(2).joined(separator: ","))
        #expect(row.contains("Switches ") && row.hasSuffix(", ends \(end) (auto-renew off)"), "\(row) / \(end)")
    }

    @Test("buying what the account holds already names the transaction that holds it as such, not as one made then (before: '… nothing was charged. Transaction …')")
    func ownedAlreadyNamesTheTransactionHoldingIt() throws {
        let bought = try #require(try cli.run(["buy", "com.example.rage.noads", "--json"]).json())
        let id = try #require(bought["transactionId"] as? String)
        let again = try cli.run(["buy", "com.example.rage.noads"])
        #expect(again.stdout.hasSuffix("nothing was charged. Held by transaction \(id).\n") && !again.stdout.contains("Transaction \(id)"),
                "\(again.stdout)")
        let monthly = try cli.run(["buy", "com.example.rage.pro.monthly"])
        #expect(monthly.stdout.contains("Transaction 2"), "a purchase made now is named as before: \(monthly.stdout)")
    }

    @Test("a refund of a transaction refunded already says so (before: 'is refunded and cannot be refunded; only purchased transactions can')")
    func refundTwiceSaysRefundedAlready() throws {
        let bought = try #require(try cli.run(["buy", "com.example.rage.noads", "--json"]).json())
        let id = try #require(bought["transactionId"] as? String)
        #expect(try cli.run(["refund", id]).status == 0)
        let again = try cli.run(["refund", id])
        #expect(again.status == 1 && again.stderr.contains("transaction \(id) was refunded already; nothing was changed"), "\(again.stderr)")
    }

    @Test("a spend refused while credits bought here wait for delivery points at deliver-unfinished, not at buying more")
    func refusedSpendPointsAtDelivery() throws {
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--no-finish"]).status == 0)
        let refused = try cli.run(["spend", "rage-faces"])
        #expect(refused.status == 1 && refused.stderr.contains("you have 0; nothing was spent. 5 more bought here wait to be delivered: "
            + "`storefront --entitlements \(cli.ledger) deliver-unfinished` delivers them.") && !refused.stderr.contains("Buy more"),
                "\(refused.stderr)")
    }

    @Test func aDamagedLedgerWarnsOfOneProblemInTheSingular() throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let text = try String(contentsOfFile: cli.ledger, encoding: .utf8)
        try text.replacingOccurrences(of: "\"amount\":3", with: "\"amount\":4").write(toFile: cli.ledger, atomically: false, encoding: .utf8)
        let products = try cli.run(["products"])
        #expect(products.stderr.contains("has a problem, so it is read-only"), "\(products.stderr)")
    }

    @Test("entitlements of a store none of whose events can be verified (its key gone, its first event edited) shows no balances, saying why none (before: zeros, as if the account had nothing)")
    func nothingVerifiedShowsNoBalances() throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        try FileManager.default.moveItem(atPath: cli.ledger + ".key", toPath: cli.ledger + ".key.aside")
        let keyless = try cli.run(["entitlements"])
        #expect(keyless.status == 3 && keyless.stdout == "Entitlements of tester on default:\n"
            + "  nothing can be shown: no line of the store could be verified (the warning on stderr says why)\n", "\(keyless.stdout)")
        try FileManager.default.moveItem(atPath: cli.ledger + ".key.aside", toPath: cli.ledger + ".key")
        // The second event edited: the first is shown, with what it gave.
        let lines = try String(contentsOfFile: cli.ledger, encoding: .utf8).components(separatedBy: "\n")
        var edited = lines
        edited[2] = edited[2].replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":2")
        #expect(edited[2] != lines[2])
        try edited.joined(separator: "\n").write(toFile: cli.ledger, atomically: false, encoding: .utf8)
        let partly = try cli.run(["entitlements"])
        #expect(partly.status == 3 && partly.stdout.contains("Extra Lives (extra-lives): 3") && !partly.stdout.contains("nothing can be shown"),
                "\(partly.stdout)")
    }

    @Test("products shows a subscription's price with its period, as the storefront does (before: \"$2.99\" alone)")
    func productsShowsSubscriptionPeriods() throws {
        let rows = try cli.run(["products"]).stdout.split(separator: "\n")
        let row = { (id: String) in rows.first { $0.contains("[\(id)]") }.map(String.init) ?? "" }
        #expect(row("com.example.rage.pro.monthly").contains("$2.99/month"), "\(rows)")
        #expect(row("com.example.rage.pro.yearly").contains("$19.99/year"), "\(rows)")
        #expect(row("com.example.rage.noads").contains("$2.99") && !row("com.example.rage.noads").contains("/"), "\(rows)")
        #expect(row("com.example.rage.newsletter").contains("Free"), "a free subscription is Free, as in the storefront: \(rows)")
    }

    @Test("transactions lists a free subscription as Free, as products does (before: \"$0.00\"); --json keeps the price")
    func transactionsListsAFreePriceAsFree() throws {
        #expect(try cli.run(["buy", "com.example.rage.newsletter"]).status == 0)
        let listed = try cli.run(["transactions"]).stdout
        #expect(listed.contains("  Free  "), "\(listed)")
        #expect(!listed.contains("0.00"), "\(listed)")
        let listedJSON = try cli.run(["transactions", "--json"]).stdout
        #expect(listedJSON.contains("\"price\" : \"0.00\""), "\(listedJSON)")
    }

    @Test("products names the introductory offer under its subscription while the account may take it, as the storefront does (before: only --json had it)")
    func productsNamesTheIntroductoryOffer() throws {
        let offerLine = "      Intro offer: 1 week free, then $2.99/month"
        let before = try cli.run(["products"]).stdout.split(separator: "\n").map(String.init)
        let monthly = try #require(before.firstIndex { $0.contains("[com.example.rage.pro.monthly]") })
        #expect(before[monthly + 1] == offerLine, "\(before)")
        #expect(before.filter { $0.contains("Intro offer") }.count == 1, "only the plan with an offer has the line: \(before)")
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        let after = try cli.run(["products"]).stdout
        #expect(!after.contains("Intro offer"), "a subscriber of the group can no longer take it: \(after)")
    }

    @Test("products names a subscription's promotional offers under its row, saying who may take them, as the storefront's details do (before: only --json had them)")
    func productsNamesThePromotionalOffers() throws {
        let offerLine = "      Offer rage.pro.comeback: $0.99/month for 3 months, then $2.99/month"
        let before = try cli.run(["products"]).stdout.split(separator: "\n").map(String.init)
        let monthly = try #require(before.firstIndex { $0.contains("[com.example.rage.pro.monthly]") })
        #expect(before[monthly + 2] == offerLine + " (for present and past subscribers)", "\(before)")
        #expect(before.filter { $0.contains("Offer ") }.count == 1, "only the plan with an offer has the line: \(before)")
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let after = try cli.run(["products"]).stdout.split(separator: "\n").map(String.init)
        #expect(after.contains(offerLine), "a subscriber of the group may take it, so no note: \(after)")
        let german = try cli.run(["products", "--locale", "de_DE"]).stdout
        #expect(german.contains("Offer rage.pro.comeback: 1,09"), "in the storefront's currency: \(german)")
    }

    /// A monthly plan of the group "tiers" at `level`, as a catalog's product.
    static func plan(_ id: String, level: Int, price: String) -> String {
        #"{"id": "\#(id)", "type": "autoRenewable", "localizations": {"en": {"title": "\#(id)"}}, "prices": {"USA": "\#(price)"}, "#
            + #""subscription": {"group": "tiers", "period": "P1M", "level": \#(level)}}"#
    }

    /// A catalog of two plans of one level and period ("family", "student"): a crossgrade apart.
    static func crossgradeCatalog() throws -> String {
        let path = try StorefrontProcess.temporaryFolder() + "/crossgrade.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "Cross", "bundleId": "com.example.cross"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}], "subscriptionGroups": [{"id": "tiers", "names": {"en": "Tiers"}}],
         "products": [\(plan("family", level: 1, price: "3.00")), \(plan("student", level: 1, price: "2.00"))]}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("an upgrade that a later upgrade replaced lists both: its own pro-rata refund and that it was replaced (before: only the first)")
    func anUpgradeReplacedByALaterOneSaysBoth() throws {
        let catalog = try StorefrontProcess.temporaryFolder() + "/tiers.json"
        try """
        {"format": "storefront-catalog", "version": 1, "app": {"name": "Tiers", "bundleId": "com.example.tiers"}, "defaultLanguage": "en",
         "storefronts": [{"code": "USA", "currency": "USD"}], "subscriptionGroups": [{"id": "tiers", "names": {"en": "Tiers"}}],
         "products": [\(Self.plan("basic", level: 3, price: "1.00")), \(Self.plan("plus", level: 2, price: "2.00")), \(Self.plan("premium", level: 1, price: "3.00"))]}
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        for product in ["basic", "plus", "premium"] { #expect(try cli.run(["--catalog", catalog, "buy", product]).status == 0) }
        let listed = try cli.run(["--catalog", catalog, "transactions"]).stdout
        let plus = try #require(listed.split(separator: "\n").first { $0.contains("  plus  ") }, "\(listed)")
        #expect(plus.contains("refunded pro rata for the unused part of the previous plan; replaced by an upgrade (transaction"), "\(plus)")
        // A plan of the same level and period (a crossgrade) also takes effect at once, and is said so
        // (before: "replaced by an upgrade").
        let sameLevel = try Self.crossgradeCatalog()
        // Part of the month is used before the crossgrade, so part of its price is left to refund.
        #expect(try cli.run(["--catalog", sameLevel, "buy", "family"]).status == 0)
        #expect(try cli.run(["--catalog", sameLevel, "advance", "P10D"]).status == 0)
        #expect(try cli.run(["--catalog", sameLevel, "buy", "student"]).status == 0)
        let crossed = try cli.run(["--catalog", sameLevel, "transactions"]).stdout
        let family = try #require(crossed.split(separator: "\n").first { $0.contains("  family  ") }, "\(crossed)")
        #expect(family.contains("replaced by a crossgrade (transaction") && !family.contains("upgrade"), "\(family)")
        // `verify-transaction`, the refund and its note after say so too (before: "upgrade"); the
        // JSON status stays `upgraded`, as Apple's `isUpgraded` is set for both.
        let familyID = String(try #require(family.split(separator: " ").first))
        let verdict = try cli.run(["--catalog", sameLevel, "verify-transaction", familyID])
        #expect(verdict.status == 1 && verdict.stdout.hasPrefix("replaced by a crossgrade: transaction \(familyID) was replaced by a crossgrade (transaction ")
                && verdict.stdout.contains("the subscription goes on under the crossgrade's transaction") && !verdict.stdout.contains("upgrade"),
                "\(verdict.stdout)")
        let json = try cli.run(["--catalog", sameLevel, "verify-transaction", familyID, "--json"]).decoded(JSONShapes.TransactionVerification.self)
        #expect(json.status == "upgraded" && json.detail.contains("crossgrade"), "\(json)")
        let refund = try cli.run(["--catalog", sameLevel, "refund", familyID])
        #expect(refund.status == 0 && refund.stdout.contains("came back at the crossgrade that replaced it.") && !refund.stdout.contains("upgrade"),
                "\(refund.stdout)")
        let refundedRow = try #require(try cli.run(["--catalog", sameLevel, "transactions"]).stdout.split(separator: "\n")
                                           .first { $0.hasPrefix(familyID) })
        #expect(refundedRow.contains("of its price came back at the crossgrade that replaced it"), "\(refundedRow)")
    }

    @Test("A plan crossgraded the moment it was bought got its whole price back then: its refund is refused as giving nothing (before: \"Refunded $0.00\", exit 0)")
    func aPlanGivenBackWholeIsNotRefunded() throws {
        let sameLevel = try Self.crossgradeCatalog()
        for product in ["family", "student"] { #expect(try cli.run(["--catalog", sameLevel, "buy", product]).status == 0) }
        let listed = try cli.run(["--catalog", sameLevel, "transactions"]).stdout
        let family = try #require(listed.split(separator: "\n").first { $0.contains("  family  ") }, "\(listed)")
        let familyID = String(try #require(family.split(separator: " ").first))
        let refused = try cli.run(["--catalog", sameLevel, "refund", familyID])
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr.contains("transaction \(familyID) (family) has nothing left to refund: its whole price came back when the change "
                                        + "to student replaced it; nothing was changed"), "\(refused.stderr)")
        let after = try cli.run(["--catalog", sameLevel, "transactions"]).stdout
        #expect(after == listed, "nothing recorded: \(after)")
    }

    @Test func anUpgradeShowsItsProRataRefund() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["advance", "P1W"]).status == 0) // the free week ends: a paid month starts
        #expect(try cli.run(["advance", "P10D"]).status == 0)
        let upgrade = try cli.run(["buy", "com.example.rage.pro.yearly"])
        #expect(upgrade.status == 0)
        #expect(upgrade.stdout.contains("Switched to Rage Pro (Yearly)"))
        #expect(upgrade.stdout.contains("refunded pro rata for the unused part of the previous plan"), "\(upgrade.stdout)")
        // Bought again, it is owned already: no refund was made now (before: the owner's proratedRefund).
        let again = try cli.run(["buy", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(again.outcome == "alreadyOwned" && again.proratedRefund == nil, "\(again)")
        let listed = try cli.run(["transactions"])
        let yearly = try #require(listed.stdout.split(separator: "\n").first { $0.contains("Rage Pro (Yearly)") })
        #expect(yearly.contains("refunded pro rata"), "\(listed.stdout)")
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        let refund = try #require(list.first { $0.productId == "com.example.rage.pro.yearly" }?.proratedRefund)
        #expect(upgrade.stdout.contains("$\(refund) refunded"), "\(refund) in \(upgrade.stdout)")
        // Refunded afterwards, the month it replaced lists the money its refund gave back (before: only its full price).
        let month = try #require(list.first { $0.productId == "com.example.rage.pro.monthly" && $0.price != "0.00" })
        let replacedRow = try #require(listed.stdout.split(separator: "\n").first { $0.hasPrefix(month.transactionId) })
        #expect(replacedRow.contains("(replaced by an upgrade (transaction \(try #require(month.replacedBy))))"), "\(replacedRow)")
        #expect(try cli.run(["refund", month.transactionId]).status == 0)
        let after = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        let refundedMonth = try #require(after.first { $0.transactionId == month.transactionId })
        let expected = try #require(Decimal(string: "2.99")) - (try #require(Decimal(string: refund)))
        #expect(refundedMonth.state == "refunded" && refundedMonth.price == "2.99"
                && refundedMonth.refundedAmount.flatMap { Decimal(string: $0) } == expected, "\(refundedMonth)")
        #expect(after.first { $0.transactionId != month.transactionId && $0.state == "purchased" }?.refundedAmount == nil)
        let row = try #require(try cli.run(["transactions"]).stdout.split(separator: "\n").first { $0.hasPrefix(month.transactionId) })
        #expect(row.range(of: #"refunded +\$2\.99  Rage Pro \(Monthly\)"#, options: .regularExpression) != nil && row.contains("($\(ExactDecimal.amount(expected, currency: "USD")) refunded; "
                + "$\(refund) of its price came back at the upgrade that replaced it)"), "\(row)")
    }

    @Test("the period running when the refund of a period paid ahead revoked the subscription lists that revocation (before: purchased, no word of it, no revocationDate)")
    func aPeriodRevokedWithItsSubscriptionSaysSo() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["advance", "P8D"]).status == 0) // the free week is over: a paid month runs
        #expect(try cli.run(["renew", "com.example.rage.pro.monthly"]).status == 0)
        let before = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        let ahead = try #require(before.first, "the period paid ahead is listed first")
        let running = try #require(before.dropFirst().first)
        #expect(running.state == "purchased" && running.revocationDate == nil && running.price != "0.00", "\(before)")
        #expect(try cli.run(["refund", ahead.transactionId]).status == 0)
        let after = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        let refunded = try #require(after.first { $0.transactionId == ahead.transactionId })
        let revoked = try #require(after.first { $0.transactionId == running.transactionId })
        #expect(refunded.state == "refunded" && revoked.state == "purchased", "its money stays paid until refunded: \(after)")
        #expect(revoked.revocationDate != nil && revoked.revocationDate == refunded.revocationDate, "\(revoked)")
        let trial = try #require(after.first { $0.price == "0.00" })
        #expect(trial.revocationDate == nil, "the free week had ended before the refund")
        let listed = try cli.run(["transactions"]).stdout
        let row = try #require(listed.split(separator: "\n").first { $0.hasPrefix(running.transactionId) }, "\(listed)")
        #expect(row.contains("with its subscription, by the refund of a later period)") && row.contains("(revoked "), "\(row)")
        let verdict = try cli.run(["verify-transaction", running.transactionId]).stdout
        #expect(verdict.contains("revoked"), "the same answer as its token: \(verdict)")
    }

    @Test("a period paid ahead that an expire ended before it began says it never begins (before: purchased, with no word of it)")
    func aPeriodPaidAheadThatNeverBeginsSaysSo() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["renew", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["expire", "com.example.rage.pro.yearly"]).status == 0)
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        let ahead = try #require(list.first)
        let listed = try cli.run(["transactions"]).stdout
        let row = try #require(listed.split(separator: "\n").first { $0.hasPrefix(ahead.transactionId) }, "\(listed)")
        #expect(row.contains("  purchased  ") && row.contains("(never begins: its subscription ended ")
                && row.contains(", before it; its money stays paid until refunded)"), "\(row)")
        let ran = try #require(listed.split(separator: "\n").first { $0.hasPrefix(list[1].transactionId) })
        #expect(!ran.contains("never begins"), "the period that ran began: \(ran)")
        #expect(try cli.run(["refund", ahead.transactionId]).status == 0)
        let refunded = try #require(try cli.run(["transactions"]).stdout.split(separator: "\n").first { $0.hasPrefix(ahead.transactionId) })
        #expect(!refunded.contains("never begins"), "refunded, its money came back: \(refunded)")
    }

    @Test("a period paid ahead that an upgrade replaced says it never begins, not that its money stays paid: the upgrade gave it back (before: both)")
    func aReplacedPeriodPaidAheadKeepsNoMoney() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["renew", "com.example.rage.pro.monthly"]).status == 0)
        let ahead = try #require(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first)
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let upgrade = try #require(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first)
        #expect(try cli.run(["refund", upgrade.transactionId]).status == 0)
        let listed = try cli.run(["transactions"]).stdout
        let row = try #require(listed.split(separator: "\n").first { $0.hasPrefix(ahead.transactionId) }, "\(listed)")
        #expect(row.contains("replaced by an upgrade") && row.contains("never begins: its subscription ended ")
                && !row.contains("stays paid"), "\(row)")
    }

    @Test func unknownLocalesWarnAndFallBackByTheStatedRule() throws {
        for locale in ["xx_YY", "garbage!!"] {
            let result = try cli.run(["products", "--locale", locale])
            #expect(result.status == 0)
            #expect(result.stderr.contains("warning: --locale \"\(locale)\" is not a locale Storefront knows"), "\(result.stderr)")
            #expect(result.stderr.contains("using en_US instead"))
            #expect(result.stdout.contains("en_US, storefront USA (USD)"))
        }
        var german = cli
        german.environment["LANG"] = "de_DE.UTF-8"
        let fallback = try german.run(["products", "--locale", "xx_YY"])
        #expect(fallback.stderr.contains("using de_DE instead"), "as if --locale were not given: \(fallback.stderr)")
        #expect(fallback.stdout.contains("1,09"))
        german.environment["LANG"] = "zz_QQ.UTF-8"
        #expect(try german.run(["products"]).stderr.contains("LANG=\"zz_QQ.UTF-8\" is not a locale Storefront knows"))
        // A bidi mark or a tab in the value is shown where it is, not hidden (which made "de_DE" look refused).
        let hidden = try cli.run(["products", "--locale", "de_DE\u{202E}"]).stderr
        #expect(hidden.contains("--locale \"de_DE<U+202E>\" is not a locale Storefront knows"), "\(hidden)")
        #expect(try cli.run(["products", "--locale", "de\tDE"]).stderr.contains("--locale \"de<U+0009>DE\""))
        for known in ["de_DE", "pt-BR", "zh_Hans_CN", "es_419", "C"] {
            #expect(try cli.run(["products", "--locale", known]).stderr.isEmpty, "\(known)")
        }
    }

    @Test("a locale variable ICU cannot parse (a dozen letters and more) is warned of and set aside, not a crash (before: every catalog read died of a bad pointer)",
          arguments: ["LANG", "LC_ALL", "LC_MESSAGES"])
    func aLocaleVariableICUCannotParseIsSetAside(variable: String) throws {
        for value in ["aaaaaaaaaaaa", "abc def ghij", String(repeating: "a", count: 300), "aaaaaaaaaaaa.UTF-8"] {
            var run = cli
            run.environment[variable] = value
            for arguments in [["products"], ["products", "--locale", "de_DE"], ["catalog", "lint", "Rage"]] {
                let result = try run.run(arguments)
                #expect(result.status == 0, "\(variable)=\(value.prefix(20)) \(arguments): \(result.status) \(result.stderr)")
                if arguments[0] == "products" {
                    #expect(result.stderr.contains("warning: \(variable)=\"") && result.stderr.contains("is not a locale Storefront knows"),
                            "\(result.stderr)")
                }
            }
        }
        #expect(ICULocaleEnvironment.replacement(for: "aaaaaaaaaaaa.UTF-8@euro") == "C.UTF-8")
        #expect(ICULocaleEnvironment.replacement(for: "aaaaaaaaaaaa") == "C")
        #expect(ICULocaleEnvironment.replacement(for: "aa.$(rm)") == "C")
    }

    @Test func mistakesExitWithUsageOrMalformed() throws {
        let spend = try cli.run(["spend", "nosuch"])
        #expect(spend.status == 2)
        #expect(spend.stderr.contains("there is no credit \"nosuch\" in this catalog; credits: rage-faces, extra-lives"))
        let buy = try cli.run(["buy", "com.example.nope"])
        #expect(buy.status == 2)
        #expect(buy.stderr.contains(cli.advised("products") + " lists them"), "\(buy.stderr)")
        let garbage = try cli.run(["verify-transaction", "garbage"])
        #expect(garbage.status == 3)
        #expect(garbage.stdout.hasPrefix("malformed: "), "\(garbage.stdout) \(garbage.stderr)")
        let huge = try cli.run(["buy", "com.example.rage.face.random", "--quantity", "99999999999999999999"])
        let eleven = try cli.run(["buy", "com.example.rage.face.random", "--quantity", "11"])
        #expect(huge.status == 2 && eleven.status == 2)
        #expect(huge.stderr.contains("--quantity must be a whole number from 1 to 10, not \"99999999999999999999\""))
        #expect(eleven.stderr.replacingOccurrences(of: "\"11\"", with: "\"99999999999999999999\"") == huge.stderr)
        // Rage faces come 5 at a time and at most 50 are held: buying in parts could not add 55 either.
        #expect(huge.stderr.contains("; and at most 50 Rage Faces can be held (you have 0), so several purchases could not add that many either"),
                "\(huge.stderr)")
        #expect(!huge.stderr.contains("buy more in several purchases"), "\(huge.stderr)")
        // Lives come 3 at a time and 99 are held: 33 fit, in parts; 34 purchases' worth does not.
        let lives = try cli.run(["buy", "com.example.rage.lives.3", "--quantity", "11"])
        #expect(lives.status == 2 && lives.stderr.contains("not \"11\"; buy more in several purchases"), "\(lives.stderr)")
        let tooManyLives = try cli.run(["buy", "com.example.rage.lives.3", "--quantity", "34"])
        #expect(tooManyLives.stderr.contains("at most 99 Extra Lives can be held (you have 0)"), "\(tooManyLives.stderr)")
        // Buying in parts is advice for a consumable only; of anything else one is bought, and an unknown product is named as such.
        for quantity in ["11", "2", "99999999999999999999"] {
            let single = try cli.run(["buy", "com.example.rage.noads", "--quantity", quantity])
            #expect(single.status == 2 && single.stderr.contains("Only consumables can be bought in a quantity other than 1"),
                    "\(quantity): \(single.stderr)")
            let unknown = try cli.run(["buy", "com.example.nope", "--quantity", quantity])
            #expect(unknown.status == 2 && unknown.stderr.contains("There is no product \"com.example.nope\""), "\(unknown.stderr)")
            #expect(!(single.stderr + unknown.stderr).contains("several purchases"))
        }
        for (option, tooFew) in [("--quantity", "0"), ("--quantity", "+3"), ("--quantity", " 3"), ("--quantity", "-1"),
                                 ("--amount", "+3"), ("--amount", "0")] {
            let command = option == "--quantity" ? ["buy", "com.example.rage.face.random"] : ["spend", "rage-faces"]
            let refused = try cli.run(command + [option, tooFew])
            #expect(refused.status == 2, "\(option) \(tooFew)")
            #expect(refused.stderr.contains("\(option) must be a whole number ") && refused.stderr.contains("not \"\(tooFew)\""),
                    "a sign or a space is pointed out, not read past: \(refused.stderr)")
            #expect(!refused.stderr.contains("several purchases"), "buying in parts is no advice for too few: \(refused.stderr)")
        }
        // A zero in front is refused too, as it is in a transaction id (before: "01" bought one).
        for (option, padded) in [("--quantity", "01"), ("--quantity", "007"), ("--amount", "01")] {
            let command = option == "--quantity" ? ["buy", "com.example.rage.face.random"] : ["spend", "rage-faces"]
            let refused = try cli.run(command + [option, padded])
            #expect(refused.status == 2, "\(option) \(padded)")
            #expect(refused.stderr.contains("not \"\(padded)\" (write it without the leading zero)"), "\(refused.stderr)")
        }
        for command in [["products", "extra"], ["entitlements", "x"], ["transactions", "x"], ["restore", "x"],
                        ["deliver-unfinished", "x"], ["reset-device", "x"]] {
            let result = try cli.run(command)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("\(command[0]) takes no arguments, but was given \"\(command[1])\"; "
                                           + cli.advised("help \(command[0])") + " says how to use it"), "\(result.stderr)")
            // The advice names the command's own help (before: the whole program's), which works.
            let help = try cli.run(["help", command[0]])
            #expect(help.status == 0 && help.stdout.hasPrefix("usage: storefront \(command[0])"), "\(help.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.ledger), "no mistake recorded anything")
    }

    @Test("spend of more than the credit can ever hold says so, not to buy more first")
    func spendBeyondTheMaximumSaysItCanNeverBeHeld() throws {
        // The count asked for is written as counts are, grouped.
        for (amount, shown) in [("51", "51"), ("1000000000001", "1,000,000,000,001")] {
            let refused = try cli.run(["spend", "rage-faces", "--amount", amount])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("you asked to spend \(shown) of your Rage Faces and you have 0 (no more than 50 can ever be held); nothing was spent")
                    && !refused.stderr.contains("Buy more"), "\(refused.stderr)")
        }
        let short = try cli.run(["spend", "rage-faces", "--amount", "50"])
        #expect(short.status == 1 && short.stderr.contains("Buy more first."), "within what can be held, buying more helps: \(short.stderr)")
    }

    @Test func advanceSaysWhatIsWrongWithADuration() throws {
        let negative = try cli.run(["advance", "-3d"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("\"-3d\" is negative, and store time only moves forward"), "\(negative.stderr)")
        for iso in ["-P1D", "-PT1H"] {
            let negativeISO = try cli.run(["advance", iso])
            #expect(negativeISO.status == 2)
            #expect(negativeISO.stderr.contains("\"\(iso)\" is negative, and store time only moves forward"), "\(negativeISO.stderr)")
        }
        #expect(try cli.run(["advance", "-Pd"]).stderr.contains("-Pd"), "a dash and a letter other than a duration is still an option")
        let long = try cli.run(["advance", "P10000Y"])
        #expect(long.status == 2)
        #expect(long.stderr.contains("\"P10000Y\" is longer than the longest advance"), "\(long.stderr)")
        let zero = try cli.run(["advance", "0d"])
        #expect(zero.stderr.contains("is no time at all"))
        #expect(try cli.run(["advance", "soon"]).stderr.contains("\"soon\" is not a duration"))
    }

    @Test func certificateOfAMistypedPathMakesNothing() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let typo = StorefrontProcess(ledger: folder + "/entitlments.jsonl")
        let result = try typo.run(["certificate"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("there is no entitlements file at \(typo.ledger)"))
        #expect(result.stderr.contains("check --entitlements"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "no authority, no ledger")

        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        let certificate = try cli.run(["certificate"])
        #expect(certificate.status == 0)
        #expect(certificate.stdout.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(try cli.run(["certificate", "--der", "--json"]).status == 2)
    }

    @Test("expire of a plan with a switch scheduled says the switch is cancelled with it, and --json names it in droppedPendingProductId (before: dropped without a word)")
    func expireSaysTheSwitchGoes() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).stdout.contains("switches to Rage Pro (Monthly)"))
        let expired = try cli.run(["expire", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.SubscriptionChange.self)
        #expect(expired.state == "expired" && expired.pendingProductId == nil && expired.droppedPendingProductId == "com.example.rage.pro.monthly",
                "\(expired)")
        #expect(expired.message.hasSuffix("The switch to Rage Pro (Monthly) scheduled for its renewal is cancelled with it."), "\(expired.message)")
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let plain = try cli.run(["expire", "com.example.rage.pro.yearly", "--json"])
        #expect(try plain.json()?["droppedPendingProductId"] == nil && !plain.stdout.contains("switch"), "\(plain.stdout)")
    }

    @Test("buy --no-finish that only schedules a switch, or keeps the plan, says it left nothing unfinished (before: said nothing of it)")
    func noFinishWithoutATransactionSaysSo() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let note = "This made no new transaction, so --no-finish left nothing unfinished."
        let scheduled = try cli.run(["buy", "com.example.rage.pro.monthly", "--no-finish"])
        #expect(scheduled.status == 0 && scheduled.stdout.contains("switches to Rage Pro (Monthly)") && scheduled.stdout.contains(note),
                "\(scheduled.stdout)")
        let kept = try cli.run(["buy", "com.example.rage.pro.yearly", "--no-finish", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(kept.outcome == "renewalResumed" && kept.message.hasSuffix(note), "\(kept.message)")
        #expect(!(try cli.run(["buy", "com.example.rage.pro.monthly"]).stdout.contains(note)), "without --no-finish, no word of it")
    }

    @Test("refund --json of the latest period paid ahead lists the earlier ones left unrefunded (paidAheadNotRefunded), as its message does")
    func refundListsThePeriodsPaidAheadLeft() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let ahead = try cli.run(["renew", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.SubscriptionChange.self).transactionId
        let latest = try cli.run(["renew", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.SubscriptionChange.self).transactionId
        let refunded = try cli.run(["refund", try #require(latest), "--json"]).decoded(JSONShapes.RefundResult.self)
        #expect(refunded.paidAheadNotRefunded == [try #require(ahead)], "\(refunded)")
        #expect(refunded.message.contains("The period paid ahead was not refunded and will never begin"), "\(refunded.message)")
        let again = try cli.run(["refund", try #require(ahead), "--json"]).decoded(JSONShapes.RefundResult.self)
        #expect(again.paidAheadNotRefunded == nil, "none is left")
    }

    @Test("refund is asked for by the account that bought the transaction: another account's is refused, nothing is recorded, and the message says whose it is (before: refunded, as any account's)")
    func anotherAccountsTransactionIsNotRefunded() throws {
        let bought = try cli.run(["buy", "com.example.rage.comic.nightly", "--account", "bob", "--json"])
        let id = try #require(try bought.decoded(JSONShapes.PurchaseResult.self).transactionId)
        let eventsBefore = try cli.events().count
        let refused = try cli.run(["refund", id])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr == "storefront: transaction \(id) was bought by bob, not tester; nothing was refunded. To refund it, "
            + "give --account bob (\(cli.advised("transactions")) lists tester's own)\n", "\(refused.stderr)")
        #expect(try cli.events().count == eventsBefore)
        #expect(try cli.run(["refund", id, "--account", "bob"]).status == 0)
    }

    @Test func aFreeSubscriptionIsNotRefunded() throws {
        let subscribe = try cli.run(["buy", "com.example.rage.newsletter", "--json"])
        let id = try #require(try subscribe.decoded(JSONShapes.PurchaseResult.self).transactionId)
        let eventsBefore = try cli.events().count
        let refund = try cli.run(["refund", id])
        #expect(refund.status == 1)
        #expect(refund.stderr.contains("is a free subscription to com.example.rage.newsletter: nothing was charged"), "\(refund.stderr)")
        #expect(refund.stderr.contains(cli.advised("cancel-renewal com.example.rage.newsletter")), "\(refund.stderr)")
        #expect(try cli.events().count == eventsBefore)
    }

    @Test("cancel-renewal of a plan with a change scheduled, named by the plan it switches to: the switch waits on auto-renew (before: refused as no subscription, and by id said to switch anyway)")
    func cancelWithAScheduledChange() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        let listed = try cli.run(["products"]).stdout
        #expect(listed.split(separator: "\n").contains {
            $0.contains("Rage Pro (Yearly)") && $0.contains(", then Rage Pro (Monthly)") && !$0.contains("Renews")
        }, "the plan running reads that the other follows it (before: \"Renews\"): \(listed)")
        let cancelled = try cli.run(["cancel-renewal", "com.example.rage.pro.monthly"])
        #expect(cancelled.status == 0 && cancelled.stdout.contains("(will not renew). Switches to Rage Pro (Monthly) at the next "
            + "renewal if auto-renew is turned on again."), "\(cancelled.stdout)\(cancelled.stderr)")
        let again = try cli.run(["cancel-renewal", "com.example.rage.pro.monthly"])
        let cancels = try cli.events().filter { $0["kind"] as? String == "cancelRenewal" }
        #expect(again.status == 0 && cancels.count == 1, "a second cancel records nothing: \(cancels.count)")
        let products = try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
        let monthly = try #require(products.first { $0.id == "com.example.rage.pro.monthly" })
        #expect(monthly.status == "changeScheduled" && monthly.willAutoRenew == false, "the switch is on hold: \(monthly)")
    }

    @Test("A repeated cancel-renewal or resume-renewal says it changed nothing (it printed what the first printed)")
    func repeatedAutoRenewSwitchesSayNothingChanged() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let first = try cli.run(["cancel-renewal", "com.example.rage.pro.yearly", "--json"])
        #expect(try first.decoded(JSONShapes.SubscriptionChange.self).changed == true, "\(first.stdout)")
        #expect(!first.stdout.contains("nothing changed"))
        let again = try cli.run(["cancel-renewal", "com.example.rage.pro.yearly"])
        #expect(again.status == 0 && again.stdout.contains("(will not renew). Auto-renew was already off; nothing changed."),
                "\(again.stdout)\(again.stderr)")
        let resumed = try cli.run(["resume-renewal", "com.example.rage.pro.yearly"])
        #expect(resumed.status == 0 && !resumed.stdout.contains("nothing changed"), "\(resumed.stdout)")
        let resumedAgain = try cli.run(["resume-renewal", "com.example.rage.pro.yearly", "--json"])
        let shape = try resumedAgain.decoded(JSONShapes.SubscriptionChange.self)
        #expect(shape.changed == false && shape.message.hasSuffix("Auto-renew was already on; nothing changed."), "\(shape.message)")
        let renewJSON = try #require(try cli.run(["renew", "com.example.rage.pro.yearly", "--json"]).json())
        #expect(renewJSON["changed"] == nil, "only the auto-renew switches carry changed: \(renewJSON)")
        // What renewing charged, and the renewal's transaction, are said (before: only how it stands).
        #expect(renewJSON["price"] as? String == "19.99" && renewJSON["currency"] as? String == "USD", "\(renewJSON)")
        let renewalID = try #require(renewJSON["transactionId"] as? String)
        #expect(renewalID != renewJSON["originalTransactionId"] as? String)
        #expect((renewJSON["message"] as? String)?.hasPrefix("Charged $19.99 for Rage Pro (Yearly) from ") == true, "\(renewJSON)")
        let renewedAgain = try cli.run(["renew", "com.example.rage.pro.yearly"])
        #expect(renewedAgain.status == 0 && renewedAgain.stdout.hasPrefix("Charged $19.99 for Rage Pro (Yearly) from ")
                && renewedAgain.stdout.contains("(transaction ") && renewedAgain.stdout.contains("Rage Pro (Yearly): subscribed"),
                "\(renewedAgain.stdout)\(renewedAgain.stderr)")
        // Expiring with periods paid ahead says they stay paid, and how to get them back (before: only "expired").
        let expired = try cli.run(["expire", "com.example.rage.pro.yearly", "--json"])
        let expiredShape = try expired.decoded(JSONShapes.SubscriptionChange.self)
        let paidAhead = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
            .filter { $0.productId == "com.example.rage.pro.yearly" && $0.transactionId != $0.originalTransactionId }
            .map(\.transactionId)
        #expect(paidAhead.count == 2 && expired.status == 0, "\(paidAhead)")
        #expect(expiredShape.message.contains("Rage Pro (Yearly): expired. Nothing was refunded, the periods paid ahead included: $19.99 for the period from ")
                && expiredShape.message.contains("\(cli.advised("refund \(paidAhead[1])")) and \(cli.advised("refund \(paidAhead[0])")) give them back."),
                "\(expired.stdout)\(expired.stderr)")
        // Listed for a script too, in the order the message names them (before: only in `message`).
        #expect(expiredShape.paidAheadNotRefunded == [paidAhead[1], paidAhead[0]], "\(expired.stdout)")
        #expect(renewJSON["paidAheadNotRefunded"] == nil, "only expire lists periods kept: \(renewJSON)")
        #expect(try cli.run(["buy", "com.example.rage.newsletter"]).status == 0)
        let unsubscribed = try cli.run(["cancel-renewal", "com.example.rage.newsletter", "--json"])
        #expect(try unsubscribed.decoded(JSONShapes.SubscriptionChange.self).changed == true, "\(unsubscribed.stdout)")
        // Unsubscribing again has what it asks for (before: exit 1, "is expired; it cannot be changed").
        let unsubscribedAgain = try cli.run(["cancel-renewal", "com.example.rage.newsletter", "--json"])
        let againShape = try unsubscribedAgain.decoded(JSONShapes.SubscriptionChange.self)
        #expect(unsubscribedAgain.status == 0 && againShape.changed == false && againShape.message.hasSuffix("nothing changed."),
                "\(unsubscribedAgain.stdout)\(unsubscribedAgain.stderr)")
        // Subscribed anew, the ended transaction named is said to have ended, with the one in force.
        #expect(try cli.run(["buy", "com.example.rage.newsletter"]).status == 0)
        let ended = try cli.run(["cancel-renewal", againShape.originalTransactionId])
        #expect(ended.status == 0 && ended.stdout.contains("has ended already; nothing changed. You are subscribed under transaction"),
                "\(ended.stdout)\(ended.stderr)")
        // A product that is no subscription is the mistake (before: "tester has no subscription", exit 1).
        let notOne = try cli.run(["cancel-renewal", "com.example.rage.noads"])
        #expect(notOne.status == 2 && notOne.stderr.contains("Remove Ads is not a subscription"), "\(notOne.stderr)")
        // Named by its transaction, the same (before: "tester has no subscription", exit 1); a pass does not renew.
        let drummer = try cli.run(["buy", "com.example.rage.comic.drummer", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let byTransaction = try cli.run(["cancel-renewal", try #require(drummer.transactionId)])
        #expect(byTransaction.status == 2 && byTransaction.stderr.contains("is not a subscription"), "\(byTransaction.stderr)")
        #expect(try cli.run(["buy", "com.example.rage.season"]).status == 0)
        let pass = try cli.run(["renew", "com.example.rage.season"])
        #expect(pass.status == 2 && pass.stderr.contains("does not renew"), "\(pass.stderr)")
        // A free subscription belongs to no group: the field is left out (before: "group": "").
        let listed = try #require(try cli.run(["entitlements", "--json"]).json()?["subscriptions"] as? [[String: Any]])
        let newsletter = try #require(listed.first { $0["productId"] as? String == "com.example.rage.newsletter" })
        #expect(newsletter["group"] == nil, "\(newsletter)")
        #expect(listed.first { $0["productId"] as? String == "com.example.rage.pro.yearly" }?["group"] as? String == "rage-pro")
    }

    @Test func settingsJSONKeysAreTheNamesSettingsSetTakes() throws {
        // The raw keys, since the point is that they are the names `settings set` takes.
        let shown = try #require(try cli.run(["settings", "--json"]).json())
        let settable = shown.keys.filter { $0 != "device" && $0 != "store-time" }
        #expect(settable.count == 16, "\(shown.keys.sorted())")
        for key in settable.sorted() {
            let value = shown[key].map { "\($0)" == "1" ? "true" : "\($0)" == "0" ? "false" : "\($0)" } ?? ""
            let set = try cli.run(["settings", "set", key, value])
            #expect(set.status == 0, "settings set \(key) \(value): \(set.stderr)")
        }
    }

    /// The value column starts after the longest name: "promotional-offer-signatures" ran into its value.
    @Test func settingsTextShowsEveryNameWholeWithTheValuesInOneColumn() throws {
        let names = try #require(try cli.run(["settings", "--json"]).json()).keys.filter { $0 != "device" && $0 != "store-time" }
        let lines = try cli.run(["settings"]).stdout.split(separator: "\n").map(String.init)
        var valueColumns: Set<Int> = []
        for name in names {
            let line = try #require(lines.first { $0.hasPrefix("  \(name) ") }, "no row for \(name) in \(lines)")
            let afterName = line.dropFirst(2 + name.count)
            #expect(afterName.hasPrefix("  "), "two spaces at least after the name: \(line.debugDescription)")
            valueColumns.insert(line.count - afterName.drop { $0 == " " }.count)
        }
        #expect(valueColumns.count == 1, "the values start in one column: \(lines)")
        let longest: Int = names.map(\.count).max() ?? 0
        #expect(valueColumns.first == longest + 4, "the column fits the longest name: \(lines)")
    }

    @Test func helpColumnsAlign() throws {
        let help = try cli.run(["--help"]).stdout
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let products = try #require(lines.first { $0.hasPrefix("  products ") })
        let column = products.distance(from: products.startIndex, to: try #require(products.range(of: "list products")).lowerBound)
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            guard indent < line.count else { continue }
            if indent > 20 {
                #expect(indent == column, "a continued description starts at column \(column): \(line.debugDescription)")
                continue
            }
            // "  command args    description": the description after a gap of two or more spaces.
            guard indent == 2, let gap = line.dropFirst(2).range(of: "  ") else { continue }
            let start = line[gap.lowerBound...].firstIndex { $0 != " " }.map { line.distance(from: line.startIndex, to: $0) }
            if line.distance(from: line.startIndex, to: gap.lowerBound) < column - 1 {
                #expect(start == column, "a description starts at column \(column): \(line.debugDescription)")
            }
        }
    }

    /// The state column is as wide as its longest word: "needsAction" was cut to "needsActi".
    @Test func transactionStatesAreShownWhole() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 1)
        let listed = try cli.run(["transactions"]).stdout
        #expect(listed.contains("  needsAction  "), "\(listed)")
    }

    @Test("buy of a product whose interrupted purchase waits refuses and says how to complete it (before: another interrupted purchase beside it)")
    func buyingAgainWhileAnInterruptedPurchaseWaitsIsRefused() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        let first = try cli.run(["buy", "com.example.rage.face.random", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let id = try #require(first.transactionId)
        let again = try cli.run(["buy", "com.example.rage.face.random"])
        #expect(again.status == 1 && again.stderr.contains("waits for your action (transaction \(id))")
                    && again.stderr.contains(" resolve \(id)`, or C on the storefront's transactions screen"), "\(again.stdout)\(again.stderr)")
        let waiting = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).filter { $0.state == "needsAction" }
        #expect(waiting.map(\.transactionId) == [id])
    }

    @Test("an upgrade waiting for the buyer's action shows no pro-rata refund until it completes (before: the one planned when it was asked, of another amount)")
    func aWaitingUpgradeRefundsNothingYet() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["advance", "P1W"]).status == 0)
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        let asked = try cli.run(["buy", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(asked.outcome == "needsAction" && asked.proratedRefund == nil, "\(asked)")
        let id = try #require(asked.transactionId)
        let waiting = try #require(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first { $0.transactionId == id })
        #expect(waiting.proratedRefund == nil, "\(waiting)")
        #expect(!(try cli.run(["transactions"]).stdout.contains("pro rata")))
        #expect(try cli.run(["advance", "P1W"]).status == 0)
        let resolved = try cli.run(["resolve", id, "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let listed = try #require(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first { $0.transactionId == id })
        #expect(resolved.proratedRefund != nil && listed.proratedRefund == resolved.proratedRefund, "\(resolved) \(listed)")
    }

    @Test("help says what each command works on: a copy only its --to store, verify either kind of store, a key beside the file or a PostgreSQL store's key (before: the entitlements file alone, and --store for a copy)")
    func helpNamesWhatACommandWorksOn() throws {
        let copy = try cli.run(["help", "store", "copy"]).stdout
        #expect(copy.contains("Changes only the store --to names; --store and --entitlements are not used.")
                    && !copy.contains("the PostgreSQL store --store names"), "\(copy)")
        let verify = try cli.run(["help", "verify"]).stdout
        #expect(verify.contains("check the store's integrity (the entitlements file, or the PostgreSQL store)"), "\(verify)")
        #expect(try cli.run(["help", "api-key", "create"]).stdout.contains("or a PostgreSQL store's key"))
    }

    @Test func helpAndCompletionAreCommandsOfTheirOwn() throws {
        let help = try cli.run(["help", "buy"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: storefront buy ID [--quantity N]"), "\(help.stdout)")
        #expect(try cli.run(["buy", "--help"]).stdout == help.stdout)
        let bash = try cli.run(["completion", "bash"])
        #expect(bash.status == 0 && bash.stdout.contains("complete -F _storefront storefront"))
        let unknown = try cli.run(["completion", "tcsh"])
        #expect(unknown.status == 2 && unknown.stderr.contains("give bash, zsh or fish"), "\(unknown.stderr)")
        #expect(try cli.run(["help", "fly"]).status == 2)
    }
}
