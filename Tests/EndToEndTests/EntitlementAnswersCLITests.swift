import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// One answer in every process, and the subscription commands that change what it is.
@Suite struct EntitlementAnswersCLITests {
    let cli: StorefrontProcess
    static let monthly = "com.example.rage.pro.monthly"
    static let yearly = "com.example.rage.pro.yearly"

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    func subscription(_ productID: String) throws -> JSONShapes.Subscription? {
        try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).subscriptions.first { $0.productId == productID }
    }

    /// `transactions --json` without its signed tokens, which carry the moment they were signed.
    func transactionsWithoutTokens() throws -> String {
        var list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        for index in list.indices { list[index].signedTransaction = nil }
        return String(decoding: try JSONShapes.encoder().encode(list), as: UTF8.self)
    }

    /// `entitlements --json` without the signed renewal info, which carries the moment it was signed.
    func entitlementsWithoutTokens() throws -> String {
        var object = try #require(try cli.run(["entitlements", "--json"]).json() as? [String: Any])
        var subscriptions = try #require(object["subscriptions"] as? [[String: Any]])
        for index in subscriptions.indices { subscriptions[index]["signedRenewalInfo"] = nil }
        object["subscriptions"] = subscriptions
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func theSameLedgerGivesTheSameAnswerInEveryProcess() throws {
        for _ in 0..<4 {
            #expect(try cli.run(["buy", Self.monthly]).status == 0)
            #expect(try cli.run(["expire", Self.monthly]).status == 0)
        }
        let refunded = try cli.run(["buy", Self.monthly, "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(try cli.run(["refund", try #require(refunded.transactionId)]).status == 0)
        #expect(try cli.run(["buy", Self.monthly]).status == 0)
        var answers: [String: Set<String>] = [:]
        for _ in 0..<8 {
            answers["products", default: []].insert(try cli.run(["products", "--json"]).stdout)
            answers["entitlements", default: []].insert(try entitlementsWithoutTokens())
            answers["transactions", default: []].insert(try transactionsWithoutTokens())
        }
        for (command, outputs) in answers { #expect(outputs.count == 1, "\(command) --json differs between processes") }
        #expect(try subscription(Self.monthly)?.state == "subscribed")
    }

    @Test func aRevokedSubscriptionSaysWhenTheRefundEndedItsAccess() throws {
        #expect(try cli.run(["buy", Self.monthly]).status == 0)
        let bought = try #require(try subscription(Self.monthly))
        #expect(bought.revocationDate == nil)
        let refund = try cli.run(["refund", bought.transactionId, "--json"]).decoded(JSONShapes.RefundResult.self)
        #expect(refund.subscriptionRevoked && refund.revoked == 0, "no credits, but the subscription")
        let revoked = try #require(try subscription(Self.monthly))
        let refunded = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
            .first { $0.transactionId == bought.transactionId }
        #expect(revoked.state == "revoked" && revoked.revocationDate != nil)
        #expect(revoked.revocationDate == refunded?.revocationDate)
        let listed = try cli.run(["entitlements"]).stdout
        #expect(listed.contains("Rage Pro (Monthly), access ended ") && listed.contains("(refunded then)"), "\(listed)")
        #expect(!listed.contains("until"), "a revoked subscription names no end it never reached: \(listed)")
    }

    @Test func amountsInJSONHaveTheirCurrencysDecimalPlaces() throws {
        #expect(try cli.run(["buy", Self.monthly]).status == 0) // a free week first
        let free = try #require(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first)
        #expect(free.price == "0.00" && free.currency == "USD")
        let refund = try cli.run(["refund", free.transactionId, "--json"]).decoded(JSONShapes.RefundResult.self)
        #expect(refund.amount == "0.00")
        // A product not sold there reads so once, with no dash for its price.
        let listed = try cli.run(["products", "--storefront", "JPN"]).stdout
        #expect(listed.contains("[com.example.rage.comic.nightly]  — Not sold in Japan") && !listed.contains("—  —"), "\(listed)")
        let prices = try cli.run(["products", "--json", "--storefront", "JPN"]).decoded([JSONShapes.ProductEntry].self)
        #expect(!prices.isEmpty && prices.allSatisfy { $0.currency == "JPY" && $0.price.map { !$0.contains(".") } ?? true })
        let dollars = try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
        #expect(dollars.allSatisfy { $0.price.map { $0.split(separator: ".").last?.count == 2 } ?? true }, "\(dollars.map(\.price))")
    }

    @Test("a refund of a purchase that waits says what it is in words and what settles it (before: \"is needsAction and cannot be refunded\")",
          arguments: [("ask-to-buy", "a request still waiting for a parent's approval (pending)", "approve"),
                      ("interrupted-purchases", "an interrupted purchase still waiting to be resolved (needsAction)", "resolve")])
    func aRefundOfAWaitingPurchaseSaysWhatItIs(setting: String, words: String, settle: String) throws {
        #expect(try cli.run(["settings", "set", setting, "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 1)
        let refused = try cli.run(["refund", "2000000000000001"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("transaction 2000000000000001 is \(words) and cannot be refunded; only completed purchases can")
                    && refused.stderr.contains(cli.advised("\(settle) 2000000000000001")), "\(refused.stderr)")
    }

    @Test func anotherAccountsInterruptedPurchaseOrSubscriptionIsRefusedNamingItsOwner() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        #expect(try cli.run(["--account", "bob", "buy", "com.example.rage.comic.drummer"]).status == 1)
        let waiting = try #require(try cli.run(["--account", "bob", "transactions", "--json"]).decoded([JSONShapes.Transaction].self).first)
        let resolved = try cli.run(["--account", "alice", "resolve", waiting.transactionId])
        // The advice is a whole command to paste (before: "give --account bob").
        #expect(resolved.status == 1 && resolved.stderr.contains("was bought by bob, not alice")
                    && resolved.stderr.contains("To complete it as bob: \(cli.advised("--account bob resolve \(waiting.transactionId)"))"),
                "\(resolved.stderr)")
        let after = try cli.run(["--account", "bob", "transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        #expect(after.first?.state == "needsAction", "bob's purchase still waits for bob")
        #expect(try cli.run(["--account", "bob", "resolve", waiting.transactionId]).status == 0)
        // Complete now: whoever asks is told that first, not sent to another account.
        let again = try cli.run(["--account", "alice", "resolve", waiting.transactionId])
        #expect(again.status == 1 && again.stderr.contains("is an interrupted purchase completed already (purchased): only an interrupted purchase")
                    && !again.stderr.contains("--account"),
                "\(again.stderr)")
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "false"]).status == 0)
        #expect(try cli.run(["--account", "bob", "buy", Self.yearly]).status == 0)
        let yearly = try #require(try cli.run(["--account", "bob", "entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self)
            .subscriptions.first)
        for command in ["expire", "renew", "cancel-renewal"] {
            let refused = try cli.run(["--account", "alice", command, yearly.transactionId])
            #expect(refused.status == 1 && refused.stderr.contains("is of bob's subscription, not alice's"), "\(command): \(refused.stderr)")
        }
        #expect(try cli.run(["--account", "bob", "entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self)
            .subscriptions.first?.state == "subscribed")
    }

    @Test(arguments: [["refund", "2000000000000005\n"], ["refund", "20000\r\n00000005"], ["spend", "rage-faces\n"],
                      ["renew", "com.example.rage.pro.yearly\n"], ["expire", "1\u{2028}2"], ["resolve", "1\n2"], ["buy", "a\nb"],
                      ["--storefront", "JP\nN", "products"], ["settings", "set", "time\nrate", "x"], ["advance", "P1\nD"]])
    func aLineBreakInAnEchoedIdStaysOnTheMessagesLine(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1 && !result.stderr.contains("\r") && !result.stderr.contains("\u{2028}"), "\(result.stderr)")
    }

    @Test func aPeriodPaidAheadThatNeverBeginsDoesNotVerifyAsValid() throws {
        #expect(try cli.run(["buy", Self.yearly]).status == 0)
        let renewed = try cli.run(["renew", Self.yearly, "--json"]).decoded(JSONShapes.SubscriptionChange.self)
        let ahead = try #require(renewed.transactionId)
        #expect(try cli.run(["verify-transaction", ahead]).status == 0, "paid ahead, it is valid while the subscription goes on")
        #expect(try cli.run(["expire", Self.yearly]).status == 0)
        let verified = try cli.run(["verify-transaction", ahead])
        #expect(verified.status == 1 && verified.stdout.contains("expired") && verified.stdout.contains("never begins: its subscription ended on"),
                "\(verified.stdout) \(verified.stderr)")
    }

    @Test("verify-transaction of a free subscription the buyer unsubscribed from says expired, as products does (before: valid, in force)")
    func verifyTransactionOfAnUnsubscribedFreeSubscription() throws {
        let bought = try cli.run(["buy", "com.example.rage.newsletter", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let id = try #require(bought.transactionId)
        #expect(try cli.run(["verify-transaction", id]).status == 0, "subscribed, it is valid")
        #expect(try cli.run(["cancel-renewal", "com.example.rage.newsletter"]).status == 0)
        let verified = try cli.run(["verify-transaction", id])
        #expect(verified.status == 1 && verified.stdout.hasPrefix("expired") && verified.stdout.contains("the buyer unsubscribed"),
                "\(verified.stdout) \(verified.stderr)")
    }

    @Test("verify-transaction of a subscription in its grace period says valid until the grace period ends, as entitlements does (before: expired)")
    func verifyTransactionInAGracePeriod() throws {
        for setting in ["billing-retry", "grace-period"] { #expect(try cli.run(["settings", "set", setting, "true"]).status == 0) }
        let bought = try cli.run(["buy", Self.yearly, "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let id = try #require(bought.transactionId)
        #expect(try cli.run(["advance", "P1Y"]).status == 0)
        let inGrace = try cli.run(["verify-transaction", id])
        #expect(inGrace.status == 0 && inGrace.stdout.hasPrefix("valid") && inGrace.stdout.contains("in its grace period"),
                "\(inGrace.stdout) \(inGrace.stderr)")
        #expect(try cli.run(["advance", "P17D"]).status == 0)
        let inRetry = try cli.run(["verify-transaction", id])
        #expect(inRetry.status == 1 && inRetry.stdout.hasPrefix("expired") && inRetry.stdout.contains("is in billing retry"),
                "no access in billing retry: \(inRetry.stdout)")
    }

    @Test("an interrupted purchase says how to resolve it, and verify-transaction of it says what it is in plain words (before: \"a needsAction attempt\")")
    func anInterruptedPurchaseIsToldInPlainWords() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        let bought = try cli.run(["buy", "com.example.rage.noads"])
        let said = bought.stdout + bought.stderr
        // The advice names the transaction, so pasted it resolves this one (before: "with its transaction id").
        #expect(said.contains("resolve it to complete the purchase (\(cli.advised("resolve 2000000000000001")), or C on"), "\(said)")
        let verified = try cli.run(["verify-transaction", "2000000000000001"])
        #expect(verified.status != 0 && verified.stderr.contains("is an interrupted purchase still waiting to be resolved (needsAction)"),
                "\(verified.stdout) \(verified.stderr)")
    }

    @Test("resolving an interrupted purchase made on another device of the account says it goes there and this device restores it (before: \"Unlocked\" alone)")
    func resolvingAnotherDevicesPurchaseSaysWhereItGoes() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true", "--device", "tablet"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads", "--device", "tablet"]).status == 1)
        let resolved = try cli.run(["resolve", "2000000000000001", "--device", "phone"])
        #expect(resolved.status == 0 && resolved.stdout.hasPrefix(
            "Unlocked Remove Ads. It goes to tablet, the device it was bought on; restore purchases on phone (`storefront --entitlements ")
                && resolved.stdout.contains(" --device phone restore`, or r in the storefront) to get it there."),
                "\(resolved.stdout)\(resolved.stderr)")
        // Resolved on the device it was bought on, it is that device's at once.
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer", "--device", "tablet"]).status == 1)
        let here = try cli.run(["resolve", "2000000000000002", "--device", "tablet"])
        #expect(here.status == 0 && !here.stdout.contains("restore purchases"), "\(here.stdout)\(here.stderr)")
    }

    @Test("approving, on another device of the account, a request made on one device advises the restore on the approving device (before: a restore on the device that asked, which has it)")
    func approvingOnAnotherDeviceAdvisesTheRestoreThere() throws {
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        #expect(try cli.run(["--account", "kid", "--device", "watch", "buy", "com.example.rage.comic.drummer"]).status == 1)
        let approved = try cli.run(["--account", "kid", "--device", "watch2", "approve", "2000000000000001"])
        #expect(approved.status == 0 && approved.stdout.contains("It goes to watch, the device it was bought on; restore purchases on watch2 (`")
                && approved.stdout.contains(" --account kid --device watch2 restore`"), "\(approved.stdout)\(approved.stderr)")
        #expect(!approved.stdout.contains("--device watch restore"), "\(approved.stdout)")
    }

    @Test("transactions lines its columns up whatever the state's and price's lengths (before: a needsAction row or a $19.99 price pushed its title right)")
    func transactionsLineUp() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 1)
        let rows = try cli.run(["transactions"]).stdout.split(separator: "\n").map(String.init)
        let titles = ["Rage Pro (Yearly)", "Random Rage Face", "Remove Ads"]
        let columns = titles.compactMap { title in
            rows.first { $0.contains(title) }.flatMap { row in row.range(of: title).map { row.distance(from: row.startIndex, to: $0.lowerBound) } }
        }
        #expect(columns.count == 3 && Set(columns).count == 1, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("needsAction") }, "\(rows)")
    }

    @Test("approve of an interrupted purchase points to resolve, and resolve of a request points to approve (before: state names and no command)")
    func theWrongSettlingCommandPointsToTheRightOne() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 1)
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "false"]).status == 0)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer"]).status == 1)
        let approved = try cli.run(["approve", "2000000000000001"])
        #expect(approved.status == 1 && approved.stderr.contains("is an interrupted purchase (needsAction), not an Ask to Buy request")
                && approved.stderr.contains(cli.advised("resolve 2000000000000001")), "\(approved.stderr)")
        let resolved = try cli.run(["resolve", "2000000000000002"])
        #expect(resolved.status == 1 && resolved.stderr.contains("is an Ask to Buy request (pending), not an interrupted purchase")
                && resolved.stderr.contains(cli.advised("approve 2000000000000002")), "\(resolved.stderr)")
    }

    @Test("an interrupted purchase closed as moot (the account bought the product meanwhile) is listed declined with why (before: declined alone)")
    func aMootInterruptedPurchaseIsListedWithWhy() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 1)
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        let resolved = try cli.run(["resolve", "2000000000000001"])
        #expect(resolved.status == 0 && resolved.stdout.contains(
            "The purchase that waited, transaction 2000000000000001, is closed (listed declined)."), "\(resolved.stdout)")
        #expect(resolved.stdout.components(separatedBy: "2000000000000001").count == 2, "the transaction is named once (before: twice): \(resolved.stdout)")
        let listed = try cli.run(["transactions"]).stdout
        let row = try #require(listed.split(separator: "\n").first { $0.hasPrefix("2000000000000001") }, "\(listed)")
        #expect(row.contains("declined") && row.contains("(closed without a charge: the buyer already had it when it was settled)"), "\(row)")
    }

    @Test("approve or resolve --json of a purchase that waited, closed as moot, names the transaction settled, and the one that owns the product beside it (before: only the owner's id)",
          arguments: [("ask-to-buy", "approve"), ("interrupted-purchases", "resolve")])
    func aMootSettleNamesTheSettledTransactionInJSON(setting: String, command: String) throws {
        #expect(try cli.run(["settings", "set", setting, "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 1)
        #expect(try cli.run(["settings", "set", setting, "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        let settled = try cli.run([command, "2000000000000001", "--json"])
        #expect(settled.status == 0, "\(settled.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(settled.stdout.utf8)) as? [String: Any], "\(settled.stdout)")
        #expect(answer["outcome"] as? String == "alreadyOwned")
        #expect(answer["transactionId"] as? String == "2000000000000001", "\(answer)")
        #expect(answer["ownedByTransactionId"] as? String == "2000000000000002", "\(answer)")
        // A buy of something owned names the owner's transaction, as before, and nothing beside it.
        let bought = try cli.run(["buy", "com.example.rage.noads", "--json"])
        let again = try #require(try JSONSerialization.jsonObject(with: Data(bought.stdout.utf8)) as? [String: Any], "\(bought.stdout)")
        #expect(again["transactionId"] as? String == "2000000000000002" && again["ownedByTransactionId"] == nil, "\(again)")
    }

    @Test("a resolve refused by a credit's maximum says nothing was charged and that the purchase still waits (before: only the refusal)")
    func aRefusedResolveSaysThePurchaseStillWaits() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        // A purchase left waiting exits 1, as a refusal does.
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--quantity", "2"]).status == 1)
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--quantity", "9"]).status == 0)
        let refused = try cli.run(["resolve", "2000000000000001"])
        #expect(refused.status == 1)
        // The spend it advises is enough for the purchase that waits: 45 held, 10 more asked, at most 50.
        #expect(refused.stderr.contains("Spend at least 5 first (\(cli.advised("spend rage-faces --amount 5")), "
                                        + "or u in the storefront). The interrupted purchase still waits (transaction 2000000000000001): "
                                        + "complete it again after that."), "\(refused.stderr)")
        let listed = try cli.run(["transactions"])
        #expect(listed.stdout.contains("2000000000000001"), "\(listed.stdout)")
    }

    @Test("an approval refused because the purchase would begin after store time stops says the request can never be approved (before: \"approve it again after that\")")
    func anApprovalPastTheTimeStopSaysItCanNeverBeApproved() throws {
        for step in ["P100Y", "P10Y", "P1Y", "P1M"] {
            while try cli.run(["advance", step]).status == 0 {}
        }
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        var requests: [String] = []
        for product in [Self.yearly, "com.example.rage.pro.monthly"] {
            let asked = try cli.run(["--account", "kid", "buy", product, "--json"])
            let request = try #require(try asked.json() as? [String: Any], "\(asked.stdout)\(asked.stderr)")
            requests.append(try #require(request["transactionId"] as? String, "\(request)"))
        }
        // The yearly plan, approved, runs past where store time stops; the monthly, a downgrade, would begin at its renewal.
        #expect(try cli.run(["--account", "parent", "approve", requests[0]]).status == 0)
        let id = requests[1]
        let approval = try cli.run(["--account", "parent", "approve", id])
        #expect(approval.status == 1, "\(approval.stderr)")
        #expect(approval.stderr.contains("would never begin") && approval.stderr.contains("can never be approved: decline it."),
                "\(approval.stderr)")
        #expect(!approval.stderr.contains("after that"), "\(approval.stderr)")
        #expect(try cli.run(["--account", "parent", "decline", id]).status == 0)
    }

    @Test("renew where the next period would begin after store time stops says so with the plan's title and dates (before: its id and ISO timestamps)")
    func aRenewalPastTheTimeStopIsSaidInTheStorefrontsWords() throws {
        for step in ["P100Y", "P10Y", "P1Y", "P1M"] {
            while try cli.run(["advance", step]).status == 0 {}
        }
        #expect(try cli.run(["buy", Self.yearly]).status == 0)
        let renewed = try cli.run(["renew", Self.yearly])
        #expect(renewed.status == 1, "\(renewed.stderr)")
        #expect(renewed.stderr.contains("Rage Pro (Yearly)'s next period would begin on ")
                && renewed.stderr.contains("so it would never begin: it cannot be renewed ahead. Nothing was charged."), "\(renewed.stderr)")
        #expect(!renewed.stderr.contains(Self.yearly), "\(renewed.stderr)")
        // A switch that would begin then is refused with the store's last date written as renew writes it
        // (before: "Jan 1, 3000" there, "3000-01-01T00:00:00Z" here).
        let switched = try cli.run(["buy", "com.example.rage.pro.monthly"])
        #expect(switched.status == 1 && switched.stderr.contains("and store time stops on Jan 1, 3000, so it would never begin. Nothing was charged.")
                && renewed.stderr.contains("store time stops on Jan 1, 3000,"), "\(switched.stdout)\(switched.stderr)")
        #expect(!(switched.stdout + switched.stderr).contains("3000-01-01T"), "\(switched.stdout)\(switched.stderr)")
    }

    @Test func resumeRenewalTurnsAutoRenewBackOnInTheLedger() throws {
        #expect(try cli.run(["buy", Self.yearly]).status == 0)
        #expect(try cli.run(["cancel-renewal", Self.yearly]).status == 0)
        #expect(try subscription(Self.yearly)?.willAutoRenew == false)
        let resumed = try cli.run(["resume-renewal", Self.yearly])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("renews"))
        #expect(try subscription(Self.yearly)?.willAutoRenew == true)
        #expect(try cli.events().last?["value"] as? String == "on")
    }

    @Test func buyingInBillingRetrySaysHowToFixTheBilling() throws {
        #expect(try cli.run(["buy", Self.monthly]).status == 0)
        #expect(try cli.run(["settings", "set", "billing-retry", "true"]).status == 0)
        #expect(try cli.run(["advance", "P8D"]).status == 0)
        let again = try cli.run(["buy", Self.monthly])
        #expect(again.status == 1)
        #expect(again.stderr.contains("billing problem"))
        #expect(again.stderr.contains("resolve-billing"))
    }
}

/// A .storekit file's time rate through the CLI, before anything is written.
@Suite struct StoreKitTimeRateCLITests {
    @Test func theFilesTimeRateIsShownFromTheFirstRead() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let file = StoreKitCLITests.samples + "/storefront__RightToLeft_Arabic.storekit"
        let settings = try cli.run(["settings", "--catalog", file])
        #expect(settings.stdout.contains("month-every-30-seconds"), "\(settings.stdout)")
        let products = try cli.run(["products", "--catalog", file])
        #expect(products.stdout.contains("month-every-30-seconds"), "\(products.stdout)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger), "reading writes nothing")
    }
}
