import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// A real store's life through the CLI: trials and renewals over store time, Ask to Buy across
/// processes, unfinished transactions, every subscription state.
@Suite struct StoreLifeCLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    func paidCharges() throws -> Int {
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        // A free period's price is "0.00" in USD: compared as a number.
        return list.filter { $0.price.flatMap { Decimal(string: $0) }.map { $0 != 0 } ?? false && $0.state == "purchased" }.count
    }

    func subscriptionState(_ productID: String = "com.example.rage.pro.monthly") throws -> JSONShapes.Subscription? {
        try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).subscriptions.first { $0.productId == productID }
    }

    @Test func monthlyTrialIsChargedAfterTheWeekThenMonthlyUntilCancelled() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try paidCharges() == 0)
        #expect(try cli.run(["advance", "P1W"]).status == 0)
        #expect(try paidCharges() == 1)
        #expect(try cli.run(["advance", "P1M"]).status == 0)
        #expect(try paidCharges() == 2)
        #expect(try cli.run(["cancel-renewal", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["advance", "P1M"]).status == 0)
        #expect(try paidCharges() == 2)
        #expect(try subscriptionState()?.state == "expired")
        #expect(try subscriptionState()?.expirationReason == "autoRenewDisabled")
    }

    @Test func askToBuyIsApprovedFromAnotherProcess() throws {
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let request = try cli.run(["buy", "com.example.rage.face.random", "--json"])
        #expect(request.status == 1)
        let requested = try request.decoded(JSONShapes.PurchaseResult.self)
        #expect(requested.outcome == "pending")
        let id = try #require(requested.transactionId)
        #expect(try cli.credits()["rage-faces"] == 0)
        let approval = try cli.run(["approve", id])
        #expect(approval.status == 0, "\(approval.stderr)")
        // Approved by the buyer's own account: said as for a parent's approval (before: only the purchase's words).
        #expect(approval.stdout.hasPrefix("Approved the request. Added 5 Rage Faces"), "\(approval.stdout)")
        #expect(try cli.credits()["rage-faces"] == 5)
        #expect(try cli.run(["approve", id]).status == 1)
        let another = try #require(try cli.run(["buy", "com.example.rage.face.random", "--json"])
            .decoded(JSONShapes.PurchaseResult.self).transactionId)
        let json = try cli.run(["approve", another, "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(json.outcome == "purchased" && json.message.hasPrefix("Approved the request. "), "\(json.message)")
    }

    @Test("Approving a request for a switch scheduled meanwhile closes it and records the switch once (before: a second pendingChange, and \"became a plan change\")")
    func approvingASwitchScheduledMeanwhile() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let id = try #require(try cli.run(["buy", "com.example.rage.pro.monthly", "--json"]).decoded(JSONShapes.PurchaseResult.self).transactionId)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        let switches = { try String(contentsOfFile: self.cli.ledger, encoding: .utf8).components(separatedBy: "\"kind\":\"pendingChange\"").count - 1 }
        #expect(try switches() == 1)
        let approval = try cli.run(["approve", id])
        #expect(approval.status == 0, "\(approval.stderr)")
        #expect(approval.stdout.hasPrefix("Closed the request without a charge. Already scheduled, nothing changed: "), "\(approval.stdout)")
        #expect(try switches() == 1, "the switch is recorded once")
        let listed = try cli.run(["transactions"]).stdout
        #expect(listed.contains("that plan change was scheduled already") && !listed.contains("became a plan change"), "\(listed)")
    }

    @Test("A closed request's id names no subscription: renew, expire and cancel-renewal refuse it and record nothing (before: renew charged for the plan it would have joined)",
          arguments: ["renew", "expire", "cancel-renewal", "resume-renewal", "resolve-billing"])
    func aClosedRequestNamesNoSubscription(command: String) throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let id = try #require(try cli.run(["buy", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.PurchaseResult.self).transactionId)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["approve", id]).stdout.hasPrefix("Closed the request, as this account has it already."))
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        let result = try cli.run([command, id])
        #expect(result.status == 1 && result.stderr.contains("tester has no subscription with transaction \(id)"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.ledger)) == before, "nothing recorded, nothing charged")
        // Another account is not sent to the request's buyer, who has no such subscription either.
        let other = try cli.run(["--account", "kid", command, id])
        #expect(other.status == 1 && !other.stderr.contains("--account tester"), "\(other.stderr)")
    }

    @Test("products names a request that waits beside an interrupted purchase of the same product, in text and --json (before: the interrupted one alone)")
    func productsNamesARequestBesideAnInterruptedPurchase() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.lives.3", "--quantity", "3"]).status == 1)
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "false"]).status == 0)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 1)
        let listed = try cli.run(["products"]).stdout
        #expect(listed.contains("— 0 left · Needs your action (3 × 3 Extra Lives); a request to buy it waits for approval too"), "\(listed)")
        let entry = try #require(try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
            .first { $0.id == "com.example.rage.lives.3" })
        #expect(entry.status == "needsAction" && entry.alsoWaiting == "awaitingApproval" && entry.waitingQuantity == 3, "\(entry)")
        let alone = try #require(try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
            .first { $0.id == "com.example.rage.face.random" })
        #expect(alone.alsoWaiting == nil)
    }

    @Test("products keeps a consumable's balance beside a purchase of it that waits, in text and --json (before: \"Waiting for approval\" alone)")
    func productsKeepsTheBalanceBesideAWaitingPurchase() throws {
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        for (setting, words, status) in [("ask-to-buy", "Waiting for approval", "awaitingApproval"),
                                         ("interrupted-purchases", "Needs your action", "needsAction")] {
            #expect(try cli.run(["settings", "set", setting, "true"]).status == 0)
            let waiting = try #require(try cli.run(["buy", "com.example.rage.face.random", "--quantity", "3", "--json"])
                .decoded(JSONShapes.PurchaseResult.self).transactionId)
            #expect(try cli.run(["settings", "set", setting, "false"]).status == 0)
            let listed = try cli.run(["products"]).stdout
            // With how many it asks for (before: not said).
            #expect(listed.contains("[com.example.rage.face.random]  $0.99  — 5 left · \(words) (3 × Random Rage Face)"), "\(listed)")
            let entry = try #require(try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
                .first { $0.id == "com.example.rage.face.random" })
            #expect(entry.status == status && entry.credit == "rage-faces" && entry.balance == 5 && entry.waitingQuantity == 3, "\(entry)")
            // The request is declined before the interrupted purchase is made (the last one is left waiting).
            if setting == "ask-to-buy" { #expect(try cli.run(["decline", waiting]).status == 0) }
        }
    }

    @Test("a parent approving a child's request is told it approved the child's purchase, with the child's balance, in the third person (before: 'Added 5 …: you now have' the parent's balance, as if the parent bought; then 'For kid: … you now have 5')")
    func approvalNamesTheChild() throws {
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 1, "the parent's own request waits too")
        let request = try cli.run(["buy", "com.example.rage.face.random", "--account", "kid", "--device", "tablet", "--json"])
        let id = try #require(try request.decoded(JSONShapes.PurchaseResult.self).transactionId)
        let approval = try cli.run(["approve", id])
        #expect(approval.status == 0 && approval.stdout.hasPrefix("Approved kid's request. Added 5 Rage Faces with Random Rage Face: kid now has 5."),
                "it words the child's purchase as the child's, not as the parent's own (before: 'For kid: … you now have 5'): \(approval.stdout)\(approval.stderr)")
        let json = try #require(try cli.run(["--account", "kid", "--device", "tablet", "entitlements", "--json"]).json())
        #expect((json["credits"] as? [String: Int])?["rage-faces"] == 5)
    }

    @Test("an approval the store refuses names the request's product and says the child's request was not approved; an approved request left unfinished advises delivery on the child's device (before: the transaction id as productId; the parent's account and device)")
    func approvalRefusedOrUnfinishedNamesTheChild() throws {
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--quantity", "9", "--account", "kid"]).status == 0)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let request = try cli.run(["buy", "com.example.rage.face.random", "--account", "kid", "--json"])
        let id = try #require(try request.decoded(JSONShapes.PurchaseResult.self).transactionId)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--account", "kid"]).status == 0)   // 50, the most held
        let refused = try cli.run(["approve", id, "--json"])
        let result = try refused.decoded(JSONShapes.PurchaseResult.self)
        #expect(refused.status == 1 && result.outcome == "refused" && result.productId == "com.example.rage.face.random", "\(refused.stdout)")
        #expect(result.transactionId == id, "a refused approval names the request, which still waits: \(refused.stdout)")
        #expect(result.message.hasPrefix("kid's request was not approved. Refused: the balance of Rage Faces is 50"), "\(result.message)")

        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let unfinished = try cli.run(["buy", "com.example.rage.lives.3", "--account", "kid", "--device", "kidpad", "--no-finish", "--json"])
        let waiting = try #require(try unfinished.decoded(JSONShapes.PurchaseResult.self).transactionId)
        let approved = try cli.run(["--account", "mom", "--device", "momphone", "approve", waiting])
        #expect(approved.status == 0 && approved.stdout.contains("--account kid --device kidpad deliver-unfinished`"), "\(approved.stdout)")
        #expect(!approved.stdout.contains("momphone"), "\(approved.stdout)")
    }

    @Test("a one-shot injected error says it is used up and the next try goes through; a lasting one says how to clear it (before: both advised clearing)")
    func oneShotInjectedErrorSaysItIsUsedUp() throws {
        #expect(try cli.run(["settings", "set", "fail.restore", "not-entitled:once"]).status == 0)
        let once = try cli.run(["restore"])
        #expect(once.status != 0 && once.stderr.contains("(an injected one-shot error, used up now: the next restore goes through)")
                && !once.stderr.contains("clear it"), "\(once.stderr)")
        #expect(try cli.run(["restore"]).status == 0)
        #expect(try cli.run(["settings", "set", "fail.restore", "not-entitled"]).status == 0)
        let lasting = try cli.run(["restore"])
        #expect(lasting.stderr.contains("clear it with `storefront --entitlements \(cli.ledger) settings set fail.restore none`"), "\(lasting.stderr)")
    }

    @Test("approving a child's request for what the child has since bought says the request was closed; declining one says whose it was (before: 'Approved', and 'the request')")
    func closedAndDeclinedRequestsNameTheChild() throws {
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let request = try #require(try cli.run(["buy", "com.example.rage.noads", "--account", "kid", "--json"])
            .decoded(JSONShapes.PurchaseResult.self).transactionId)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads", "--account", "kid"]).status == 0)
        let closed = try cli.run(["approve", request])
        #expect(closed.stdout.hasPrefix("Closed kid's request: kid already owns Remove Ads; nothing was charged."),
                "\(closed.stdout)\(closed.stderr)")
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let other = try #require(try cli.run(["buy", "com.example.rage.lives.3", "--account", "kid", "--json"])
            .decoded(JSONShapes.PurchaseResult.self).transactionId)
        let declined = try cli.run(["decline", other])
        #expect(declined.status == 0 && declined.stdout.hasPrefix("Declined kid's request to buy 1 × 3 Extra Lives"), "\(declined.stdout)")
    }

    @Test("a request closed because the child bought it on another device advises a restore on the device that asked (before: on the device that owns it)")
    func closedRequestAdvisesRestoreWhereItWasAsked() throws {
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let request = try #require(try cli.run(["buy", "com.example.rage.noads", "--account", "kid", "--device", "tablet", "--json"])
            .decoded(JSONShapes.PurchaseResult.self).transactionId)
        #expect(try cli.run(["settings", "set", "ask-to-buy", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads", "--account", "kid", "--device", "phone"]).status == 0)
        let closed = try cli.run(["approve", request, "--account", "mom"])
        #expect(closed.stdout.contains("on another device; restore purchases (`storefront --entitlements \(cli.ledger) --account kid --device tablet restore`"),
                "\(closed.stdout)")
        #expect(try cli.run(["--account", "kid", "--device", "tablet", "restore"]).stdout.contains("Restored 1 purchase: Remove Ads."))
    }

    @Test func unfinishedFacePackCreditsFiveExactlyOnce() throws {
        let buy = try cli.run(["buy", "com.example.rage.face.random", "--no-finish"])
        #expect(buy.status == 0)
        #expect(buy.stdout.contains("unfinished") && buy.stdout.hasPrefix("Bought Random Rage Face (+5 Rage Faces once delivered) on default"),
                "what delivering it grants is said: \(buy.stdout)")
        #expect(try cli.credits()["rage-faces"] == 0)
        // products says it waits too, beside the balance and in --json (before: the balance alone).
        #expect(try cli.run(["products"]).stdout.contains("Credits: Rage Faces 0 (+5 not delivered yet) · Extra Lives 0"))
        let entry = try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self).first { $0.id == "com.example.rage.face.random" }
        #expect(entry?.balance == 0 && entry?.undelivered == 5, "\(String(describing: entry))")
        let first = try cli.run(["deliver-unfinished"])
        #expect(first.stdout.contains("Delivered 1 unfinished transaction: Random Rage Face (+5 Rage Faces)."))
        let second = try cli.run(["deliver-unfinished"])
        #expect(second.stdout.contains("No unfinished transactions"))
        #expect(try cli.credits()["rage-faces"] == 5)
        let delivered = try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self).first { $0.id == "com.example.rage.face.random" }
        #expect(delivered?.balance == 5 && delivered?.undelivered == nil)
    }

    @Test("A purchase of several packs is named with its quantity when delivered late and when its request is declined (before: \"Random Rage Face (+45 Rage Faces)\", \"to buy Random Rage Face\")")
    func severalPacksAreNamedWithTheirQuantity() throws {
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--quantity", "9", "--no-finish"]).status == 0)
        let delivered = try cli.run(["deliver-unfinished"]).stdout
        #expect(delivered.contains("Delivered 1 unfinished transaction: 9 × Random Rage Face (+45 Rage Faces)."), "\(delivered)")
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let asked = try cli.run(["buy", "com.example.rage.lives.3", "--quantity", "2", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(asked.message.hasPrefix("Asked to buy 2 × 3 Extra Lives: "), "\(asked.message)")
        let declined = try cli.run(["decline", try #require(asked.transactionId)]).stdout
        #expect(declined.contains("Declined the request to buy 2 × "), "\(declined)")
        #expect(try cli.run(["settings", "set", "ask-to-buy", "false"]).status == 0)
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true"]).status == 0)
        let interrupted = try cli.run(["buy", "com.example.rage.lives.3", "--quantity", "3"])
        #expect(interrupted.stderr.contains("The purchase of 3 × 3 Extra Lives was interrupted"), "\(interrupted.stderr)")
    }

    @Test("deliver-unfinished tells what it delivered from what it finished with nothing to deliver: a plan that ended, a request declined (before: all counted as delivered)")
    func finishedWithNothingToDeliverIsToldApart() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly", "--no-finish"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--no-finish"]).status == 0)
        #expect(try cli.run(["cancel-renewal", "com.example.rage.pro.monthly"]).status == 0)
        let ended = try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).subscriptions.first?.expiresDate
        #expect(try cli.run(["advance", "P2M"]).status == 0)
        let told = try cli.run(["deliver-unfinished"]).stdout
        let endedText = try #require(ended).formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"),
                                                                         timeZone: TimeZone(identifier: "UTC")!))
        #expect(told == "Delivered 1 unfinished transaction: Random Rage Face (+5 Rage Faces). Finished 1 with nothing to deliver: "
                + "Rage Pro (Monthly) (ended \(endedText)).\n", "\(told)")
        #expect(try cli.credits()["rage-faces"] == 5)

        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        let asked = try cli.run(["buy", "com.example.rage.noads", "--no-finish", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(try cli.run(["decline", try #require(asked.transactionId)]).status == 0)
        let declined = try cli.run(["deliver-unfinished", "--json"]).decoded(JSONShapes.DeliveredResult.self)
        #expect(declined.message == "Finished 1 unfinished transaction with nothing to deliver: Remove Ads (declined).", "\(declined.message)")
        let declinedID = try #require(asked.transactionId)
        #expect(declined.delivered.isEmpty && declined.transactionIds.isEmpty
                && declined.nothingToDeliver == [JSONShapes.Undeliverable(transactionId: declinedID, productId: "com.example.rage.noads",
                                                                           reason: "declined")], "\(declined)")
    }

    @Test("deliver-unfinished delivers a subscription left unfinished that renewed since: it is in force, not ended (before: 'nothing to deliver (ended …)')")
    func renewedSubscriptionIsDelivered() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly", "--no-finish"]).status == 0)
        #expect(try cli.run(["advance", "P1M"]).status == 0)
        let finished = try cli.run(["deliver-unfinished", "--json"]).decoded(JSONShapes.DeliveredResult.self)
        #expect(finished.message == "Delivered 1 unfinished transaction: Rage Pro (Monthly).", "\(finished.message)")
        #expect(finished.delivered == ["com.example.rage.pro.monthly"] && finished.nothingToDeliver.isEmpty, "\(finished)")
    }

    @Test("a plan left unfinished that was upgraded since, here after a renewal or on another device, delivers the subscription, named by its plan now; one whose subscription ended and was bought anew elsewhere delivers nothing, and entitlements says so beforehand (before: 'Rage Pro (Monthly)' delivered, 'nothing to deliver' while it unlocked the upgrade, and 'bought here' for another device's subscription)")
    func unfinishedPlanIsDeliveredAsItsSubscriptionNow() throws {
        let delivered = "Delivered 1 unfinished transaction: Rage Pro (Yearly) (bought as Rage Pro (Monthly))."
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly", "--no-finish"]).status == 0)
        #expect(try cli.run(["advance", "P1W"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["deliver-unfinished"]).stdout == delivered + "\n")

        let other = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/other.jsonl")
        #expect(try other.run(["buy", "com.example.rage.pro.monthly", "--no-finish"]).status == 0)
        #expect(try other.run(["buy", "com.example.rage.pro.yearly", "--device", "phone"]).status == 0)
        let before = try other.run(["entitlements"]).stdout
        #expect(before.contains("Rage Pro (Yearly)") && before.contains("bought here, not delivered yet"), "\(before)")
        let finished = try other.run(["deliver-unfinished", "--json"]).decoded(JSONShapes.DeliveredResult.self)
        #expect(finished.message == delivered && finished.nothingToDeliver.isEmpty, "\(finished)")

        let third = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/third.jsonl")
        #expect(try third.run(["buy", "com.example.rage.pro.monthly", "--no-finish"]).status == 0)
        #expect(try third.run(["expire", "com.example.rage.pro.monthly", "--device", "phone"]).status == 0)
        #expect(try third.run(["buy", "com.example.rage.pro.monthly", "--device", "phone"]).status == 0)
        let anew = try third.run(["entitlements"]).stdout
        #expect(anew.contains("(not on this device: restore to unlock)") && !anew.contains("bought here"), "\(anew)")
        let nothing = try third.run(["deliver-unfinished", "--json"]).decoded(JSONShapes.DeliveredResult.self)
        #expect(nothing.delivered.isEmpty && nothing.nothingToDeliver.map(\.reason) == ["ended"], "\(nothing)")

        // Revoked by the refund of a later period: refunded, not merely ended.
        let fourth = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/fourth.jsonl")
        #expect(try fourth.run(["buy", "com.example.rage.pro.monthly", "--no-finish"]).status == 0)
        #expect(try fourth.run(["advance", "P8D"]).status == 0)
        let renewal = try #require(try fourth.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).first { $0.originalTransactionId != $0.transactionId })
        #expect(try fourth.run(["refund", renewal.transactionId]).status == 0)
        let revoked = try fourth.run(["deliver-unfinished", "--json"]).decoded(JSONShapes.DeliveredResult.self)
        #expect(revoked.nothingToDeliver.map(\.reason) == ["refunded"], "\(revoked)")
    }

    @Test func undeliveredFacePackRefundsWithoutShortfallAndIsNeverDelivered() throws {
        let buy = try cli.run(["buy", "com.example.rage.face.random", "--no-finish", "--json"])
        #expect(!buy.stdout.contains("you now have"))
        let id = try #require(try buy.decoded(JSONShapes.PurchaseResult.self).transactionId)
        let refund = try cli.run(["refund", id, "--json"]).decoded(JSONShapes.RefundResult.self)
        #expect(refund.shortfall == 0)
        #expect(try cli.run(["deliver-unfinished"]).stdout.contains("No unfinished transactions"))
    }

    @Test func unfinishedRemoveAdsAwaitsDeliveryAndRestoreDeliversIt() throws {
        #expect(try cli.run(["buy", "com.example.rage.noads", "--no-finish"]).status == 0)
        let entitlements = try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self)
        let owned = try #require(entitlements.nonConsumables.first)
        #expect(owned.delivered == false)
        let products = try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
        #expect(products.first { $0.id == "com.example.rage.noads" }?.status == "awaitingDelivery")
        let listed = try cli.run(["entitlements"]).stdout
        #expect(listed.contains("Remove Ads, bought ") && listed.contains("(bought here, not delivered yet: \(cli.advised("deliver-unfinished")) "
            + "delivers it)") && !listed.contains("another device"), "before: 'bought on another device': \(listed)")
        let again = try cli.run(["buy", "com.example.rage.noads"]).stdout
        #expect(again.contains("deliver-unfinished") && !again.contains("another device"), "\(again)")
        #expect(try cli.run(["restore"]).stdout.contains("Restored 1 purchase: Remove Ads."))
        #expect(try cli.run(["deliver-unfinished"]).stdout.contains("No unfinished transactions"))
    }

    @Test("entitlements says what waits to be finished: an upgrade, a pass, credits; nothing to restore for what has ended (before: no word of the first three, and 'restore to unlock' for a refunded plan)")
    func entitlementsSayWhatWaitsToBeFinished() throws {
        for buy in [["buy", "com.example.rage.pro.monthly"], ["advance", "P1W"], ["buy", "com.example.rage.pro.yearly", "--no-finish"],
                    ["buy", "com.example.rage.season"], ["buy", "com.example.rage.season", "--no-finish"],
                    ["buy", "com.example.rage.lives.3", "--no-finish"]] {
            #expect(try cli.run(buy).status == 0, "\(buy)")
        }
        // Another account's plan, bought on another device and refunded: it has ended, nothing to restore.
        let elsewhere = try cli.run(["buy", "com.example.rage.pro.yearly", "--account", "other", "--device", "phone", "--json"])
            .decoded(JSONShapes.PurchaseResult.self)
        #expect(try cli.run(["refund", try #require(elsewhere.transactionId), "--account", "other"]).status == 0)
        let ended = try cli.run(["entitlements", "--account", "other"]).stdout
        #expect(ended.contains("revoked    Rage Pro (Yearly)") && !ended.contains("restore to unlock"), "\(ended)")
        let listed = try cli.run(["entitlements"]).stdout
        let finishes = "its latest purchase, here, not finished yet: \(cli.advised("deliver-unfinished")) finishes it)"
        #expect(listed.contains("Rage Pro (Yearly), until") && listed.components(separatedBy: finishes).count == 3, "\(listed)")
        #expect(listed.contains("Extra Lives (extra-lives): 0 (+3 bought here, not delivered yet: \(cli.advised("deliver-unfinished")) "
            + "delivers them)"), "\(listed)")
        // A pass bought on another device since is the run's latest: this device's own still waits, and says so.
        #expect(try cli.run(["buy", "com.example.rage.season", "--device", "tablet"]).status == 0)
        let passLine = try cli.run(["entitlements"]).stdout.split(separator: "\n").first { $0.contains("Rage Season Pass") } ?? ""
        #expect(passLine.hasSuffix("(a purchase of it made here is not finished yet: \(cli.advised("deliver-unfinished")) finishes it)"),
                "before: no word of it: \(passLine)")
        let pass = try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).nonRenewing.first
        #expect(pass?.unfinishedHere?.count == 1 && pass?.unfinishedHere?.first != pass?.transactionId, "scripts see it too: \(String(describing: pass))")
        #expect(try cli.run(["deliver-unfinished"]).status == 0)
        let delivered = try cli.run(["entitlements"]).stdout
        #expect(!delivered.contains("not finished") && !delivered.contains("not delivered") && delivered.contains("Extra Lives (extra-lives): 3"),
                "\(delivered)")
    }

    @Test("cancel-renewal in grace and billing retry says the renewal failed and what turning it off does (before: the bare state name)")
    func cancelRenewalAfterABillingFailureSaysWhatItMeans() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        for setting in ["billing-retry", "grace-period"] { #expect(try cli.run(["settings", "set", setting, "true"]).status == 0) }
        #expect(try cli.run(["advance", "P1Y"]).status == 0)
        let grace = try cli.run(["cancel-renewal", "com.example.rage.pro.yearly"])
        #expect(grace.stdout.contains("in its grace period, renewal failed on billing, access until"), "\(grace.stdout)")
        #expect(grace.stdout.contains("auto-renew is off, so it then ends and billing is not tried again."), "\(grace.stdout)")
        #expect(try cli.run(["resume-renewal", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["advance", "P17D"]).status == 0)
        let retry = try cli.run(["cancel-renewal", "com.example.rage.pro.yearly"])
        #expect(retry.status == 0)
        #expect(retry.stdout.contains("Rage Pro (Yearly): expired, auto-renew turned off."), "\(retry.stdout)")
    }

    @Test("products --json of a plan in a billing problem gives its dates as entitlements --json does: the failed renewal's as expiresDate, the grace period's end beside it (before: the grace period's end as expiresDate, and none in billing retry)",
          arguments: [true, false])
    func aBillingProblemsDatesAgreeWithEntitlements(withGracePeriod: Bool) throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["settings", "set", "billing-retry", "true"]).status == 0)
        if withGracePeriod { #expect(try cli.run(["settings", "set", "grace-period", "true"]).status == 0) }
        #expect(try cli.run(["advance", "P1Y"]).status == 0)
        let entry = try #require(try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
            .first { $0.id == "com.example.rage.pro.yearly" })
        let subscription = try #require(try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).subscriptions.first)
        #expect(entry.status == "billingProblem", "\(entry.status)")
        #expect(entry.expiresDate != nil && entry.expiresDate == subscription.expiresDate,
                "\(String(describing: entry.expiresDate)) against \(String(describing: subscription.expiresDate))")
        #expect(entry.gracePeriodExpiresDate == subscription.gracePeriodExpiresDate)
        #expect((entry.gracePeriodExpiresDate != nil) == withGracePeriod)
    }

    @Test("products --json of a subscription that ended in a grace period gives expiresDate and accessEndDate as entitlements --json does (before: the end of access as expiresDate)")
    func anEndedSubscriptionsDatesAgreeWithEntitlements() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        for setting in ["billing-retry", "grace-period"] { #expect(try cli.run(["settings", "set", setting, "true"]).status == 0) }
        #expect(try cli.run(["advance", "P1Y"]).status == 0)
        let entry = try #require(try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
            .first { $0.id == "com.example.rage.pro.monthly" })
        let subscription = try #require(try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).subscriptions.first)
        #expect(entry.status == "expired", "\(entry.status)")
        #expect(entry.expiresDate == subscription.expiresDate && entry.accessEndDate == subscription.accessEndDate
                && entry.gracePeriodExpiresDate == subscription.gracePeriodExpiresDate && entry.gracePeriodExpiresDate != nil)
        let paidUntil = try #require(entry.expiresDate)
        let accessEnded = try #require(entry.accessEndDate)
        #expect(accessEnded > paidUntil, "access lasted through the grace period, past the period paid for")
    }

    @Test("products --json of a refunded subscription gives its dates as entitlements --json does (before: none)")
    func aRevokedSubscriptionsDatesAgreeWithEntitlements() throws {
        let bought = try cli.run(["buy", "com.example.rage.pro.yearly", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        #expect(try cli.run(["refund", try #require(bought.transactionId)]).status == 0)
        let entry = try #require(try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
            .first { $0.id == "com.example.rage.pro.yearly" })
        let subscription = try #require(try cli.run(["entitlements", "--json"]).decoded(JSONShapes.EntitlementsResult.self).subscriptions.first)
        #expect(entry.status == "revoked" && entry.expiresDate != nil && entry.accessEndDate != nil, "\(entry)")
        #expect(entry.expiresDate == subscription.expiresDate && entry.accessEndDate == subscription.accessEndDate)
    }

    @Test("auto-renew turned off in a grace period ends the subscription with it, and no billing is resolved (before: billing retry, and a year charged)")
    func autoRenewOffInGraceEndsTheSubscriptionWithTheGracePeriod() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        for setting in ["billing-retry", "grace-period"] { #expect(try cli.run(["settings", "set", setting, "true"]).status == 0) }
        #expect(try cli.run(["advance", "P1Y"]).status == 0)
        #expect(try cli.run(["cancel-renewal", "com.example.rage.pro.yearly"]).status == 0)
        let resolve = try cli.run(["resolve-billing", "com.example.rage.pro.yearly"])
        #expect(resolve.status == 1)
        #expect(resolve.stderr.contains("auto-renew of com.example.rage.pro.yearly is off, so its billing is not tried again "
            + "and nothing was charged"), "\(resolve.stderr)")
        #expect(resolve.stderr.contains(" resume-renewal com.example.rage.pro.yearly`), then resolve the billing (`storefront ")
                    && resolve.stderr.contains(" resolve-billing com.example.rage.pro.yearly`)"), "both steps are whole commands: \(resolve.stderr)")
        #expect(try paidCharges() == 1, "resolve-billing charged nothing")
        let renew = try cli.run(["renew", "com.example.rage.pro.yearly"])
        #expect(renew.status == 1 && renew.stderr.contains("billing is not tried again"), "renewing now would resolve it: \(renew.stderr)")
        #expect(try paidCharges() == 1, "renew charged nothing")
        let entry = try #require(try cli.run(["products", "--json"]).decoded([JSONShapes.ProductEntry].self)
            .first { $0.id == "com.example.rage.pro.yearly" })
        #expect(entry.status == "billingProblem" && entry.willAutoRenew == false, "products --json tells the cancel (before: left out)")
        let listed = try cli.run(["products"]).stdout
        #expect(listed.contains("then ends (auto-renew off)"), "\(listed)")
        let again = try cli.run(["buy", "com.example.rage.pro.yearly"])
        #expect(again.status == 1 && again.stderr.contains("auto-renew is off") && again.stderr.contains(" resume-renewal com.example.rage.pro.yearly`"),
                "the advice is to turn renewal on, not the resolve-billing that is refused: \(again.stderr)")
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "inGracePeriod")
        let standing = try cli.run(["entitlements"]).stdout
        #expect(standing.contains("(grace period), auto-renew off, then ends"), "\(standing)")
        #expect(try cli.run(["advance", "P17D"]).status == 0)
        let ended = try #require(try subscriptionState("com.example.rage.pro.yearly"))
        #expect(ended.state == "expired")
        #expect(ended.expirationReason == "autoRenewDisabled")
        let told = try cli.run(["notifications"]).stdout
        #expect(told.contains("EXPIRED/VOLUNTARY"), "\(told)")
        #expect(!told.contains("GRACE_PERIOD_EXPIRED") && !told.contains("BILLING_RECOVERY"), "\(told)")
    }

    @Test("auto-renew turned off in billing retry ends the subscription at once (before: retried for 60 days, and resolvable)")
    func autoRenewOffInBillingRetryEndsTheSubscriptionNow() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try cli.run(["settings", "set", "billing-retry", "true"]).status == 0)
        #expect(try cli.run(["advance", "P1Y"]).status == 0)
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "inBillingRetryPeriod")
        #expect(try cli.run(["cancel-renewal", "com.example.rage.pro.yearly"]).status == 0)
        let ended = try #require(try subscriptionState("com.example.rage.pro.yearly"))
        #expect(ended.state == "expired")
        #expect(ended.expirationReason == "autoRenewDisabled")
        let resolve = try cli.run(["resolve-billing", "com.example.rage.pro.yearly"])
        #expect(resolve.status == 1)
        #expect(try paidCharges() == 1, "nothing charged after the cancel")
        let told = try cli.run(["notifications"]).stdout
        #expect(told.contains("DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED") && told.contains("EXPIRED/VOLUNTARY"), "\(told)")
    }

    @Test func everySubscriptionStateIsReachable() throws {
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "subscribed")
        for setting in ["billing-retry", "grace-period"] {
            #expect(try cli.run(["settings", "set", setting, "true"]).status == 0)
        }
        #expect(try cli.run(["advance", "P1Y"]).status == 0)
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "inGracePeriod")
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.entitled == true)
        #expect(try cli.run(["advance", "P17D"]).status == 0)
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "inBillingRetryPeriod")
        let listed = try cli.run(["entitlements"]).stdout
        #expect(listed.contains("  inBillingRetryPeriod Rage Pro (Yearly)"), "the state is never cut: \(listed)")
        #expect(listed.contains("  credits              Rage Faces"), "the columns stay aligned: \(listed)")
        #expect(try cli.run(["resolve-billing", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "subscribed")
        #expect(try cli.run(["expire", "com.example.rage.pro.yearly"]).status == 0)
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "expired")
        let renewAfterExpiry = try cli.run(["renew", "com.example.rage.pro.yearly"])
        #expect(renewAfterExpiry.status == 1)
        #expect(renewAfterExpiry.stderr.contains("buy it again"))
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let renewed = try #require(try subscriptionState("com.example.rage.pro.yearly"))
        #expect(renewed.state == "subscribed")
        let id = renewed.transactionId
        #expect(try cli.run(["refund", id]).status == 0)
        #expect(try subscriptionState("com.example.rage.pro.yearly")?.state == "revoked")
    }

    @Test func injectedErrorsSurfaceAsClearMessages() throws {
        #expect(try cli.run(["settings", "set", "fail.purchase", "network:once"]).status == 0)
        let failed = try cli.run(["buy", "com.example.rage.noads"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("could not be reached (network error)"))
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        #expect(try cli.run(["settings", "set", "fail.load-products", "product-unavailable"]).status == 0)
        let products = try cli.run(["products"])
        #expect(products.status == 1)
        #expect(products.stderr.contains("load-products failed: the product is not available"))
        #expect(try cli.run(["settings", "set", "fail.load-products", "none"]).status == 0)
        #expect(try cli.run(["products"]).status == 0)
        #expect(try cli.run(["settings", "set", "fail.restore", "gremlins"]).status == 2)
    }

    @Test func timeRateIsSharedThroughTheLedger() throws {
        #expect(try cli.run(["settings", "set", "time-rate", "month-every-30-seconds"]).status == 0)
        let settings = try cli.run(["settings", "--json"]).decoded(JSONShapes.Settings.self)
        #expect(settings.timeRate == "month-every-30-seconds")
        #expect(try cli.run(["settings", "set", "time-rate", "warp-9"]).status == 2)
    }

    @Test func appAccountTokenGoesIntoTheSignedTransaction() throws {
        let token = "3f2c9e1a-8d4b-4c6e-9a7f-0b1c2d3e4f50"
        let buy = try cli.run(["buy", "com.example.rage.noads", "--app-account-token", token, "--json"])
        let jws = try #require(try buy.decoded(JSONShapes.PurchaseResult.self).signedTransaction)
        var payload = String(jws.split(separator: ".")[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while payload.count % 4 != 0 { payload += "=" }
        let bytes = try #require(Data(base64Encoded: payload))
        let claims = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(claims["appAccountToken"] as? String == token)
        #expect(try cli.run(["buy", "com.example.rage.face.random", "--app-account-token", "not-a-uuid"]).status == 2)
    }

    @Test func promotionalOfferIsForPastSubscribersAndChargesTheOfferPrice() throws {
        let refused = try cli.run(["buy", "com.example.rage.pro.monthly", "--offer", "rage.pro.comeback"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("for current and past subscribers"))
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try cli.run(["expire", "com.example.rage.pro.monthly"]).status == 0)
        let offer = try cli.run(["buy", "com.example.rage.pro.monthly", "--offer", "rage.pro.comeback", "--json"])
        #expect(offer.status == 0, "\(offer.stderr)")
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        #expect(list.first?.price == "0.99")
        #expect(list.first?.offer == "promotional:rage.pro.comeback")
        #expect(try cli.run(["advance", "P1M"]).status == 0)
        let renewed = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        #expect(renewed.first?.price == "0.99")
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly", "--offer", "nope"]).status == 2, "an offer the product lacks is a usage mistake")
    }
}
