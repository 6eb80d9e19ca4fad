import Foundation
import StorefrontTesting
import Testing

/// The command line's own mistakes exit with 2, whichever check finds them: the parser, the
/// duration, the catalog (an offer or a quantity the product cannot have) or the store's clock.
@Suite struct UsageRulesCLITests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    @Test("a usage mistake found once the words are read (a missing transaction id) advises commands on the store and account given (before: the default file's default account)")
    func usageAdviceNamesTheGivenStoreAndAccount() throws {
        for command in ["refund", "approve"] {
            let result = try cli.run(["--account", "bob", command])
            #expect(result.status == 2 && result.stderr.contains("`storefront --entitlements \(cli.ledger) --account bob transactions`"),
                    "\(command): \(result.stderr)")
        }
    }

    @Test func aQuantityOfANonConsumableIsAUsageMistake() throws {
        let buy = try cli.run(["buy", "com.example.rage.noads", "--quantity", "2"])
        #expect(buy.status == 2, "\(buy.stderr)")
        #expect(buy.stderr.contains("Only consumables"), "\(buy.stderr)")
    }

    @Test func anOfferTheProductDoesNotHaveIsAUsageMistake() throws {
        let buy = try cli.run(["buy", "com.example.rage.pro.monthly", "--offer", "nosuch"])
        #expect(buy.status == 2, "\(buy.stderr)")
        #expect(buy.stderr.contains("no promotional offer \"nosuch\""), "\(buy.stderr)")
    }

    @Test func anEmptyKeyIDIsAUsageMistakeNotAnUnknownKey() throws {
        #expect(try cli.run(["api-key", "create"]).status == 0)
        let buy = try cli.run(["buy", "com.example.rage.pro.monthly", "--offer", "rage.pro.comeback", "--offer-signature", "AAAA",
                               "--key-id", "", "--nonce", UUID().uuidString, "--timestamp", "1"])
        #expect(buy.status == 2, "\(buy.stderr)")
        #expect(buy.stderr.contains("--key-id is empty"), "\(buy.stderr)")
    }

    @Test("an empty --store or --entitlements exits 2 naming it, and no store is touched")
    func anEmptyStoreOrEntitlementsIsAUsageMistake() throws {
        // Without an --entitlements of its own, so an ignored empty value would buy in the default file.
        let home = try StorefrontProcess.temporaryFolder()
        var defaults = StorefrontProcess(ledger: "")
        defaults.environment["HOME"] = home
        for option in ["store", "entitlements"] {
            let buy = try defaults.run(["--\(option)", "", "buy", "com.example.rage.face.random"])
            #expect(buy.status == 2, "\(option): \(buy.stderr)")
            #expect(buy.stderr.contains("--\(option) is empty"), "\(buy.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
    }

    @Test func anAdvancePastTheStoresLastDateIsAUsageMistake() throws {
        for _ in 0..<9 { #expect(try cli.run(["advance", "P100Y"]).status == 0) }
        let advance = try cli.run(["advance", "P80Y"])
        #expect(advance.status == 2, "\(advance.stderr)")
        #expect(advance.stderr.contains("is too long from here") && advance.stderr.contains("3000-01-01"), "\(advance.stderr)")
        // Within a minute of the end (room for a slow machine between two commands), then at it, with
        // store time run fast: it has stopped, and no duration is short enough.
        let here = try #require(try cli.run(["advance", "1s", "--json"]).json() as? [String: Any])
        let now = try #require((here["storeTime"] as? String).flatMap { try? Date($0, strategy: .iso8601) }, "\(here)")
        let left = Int(Date(timeIntervalSince1970: 32_503_680_000).timeIntervalSince(now)) - 60
        #expect(try cli.run(["advance", "\(left)s"]).status == 0)
        #expect(try cli.run(["settings", "set", "time-rate", "month-every-30-seconds"]).status == 0)
        Thread.sleep(forTimeInterval: 0.2)
        let stopped = try cli.run(["advance", "1s"])
        #expect(stopped.status == 2 && stopped.stderr.contains("store time has stopped at 3000-01-01T00:00:00Z, where it ends")
                && !stopped.stderr.contains("advance by less"), "\(stopped.stderr)")
    }

    @Test(arguments: ["99999999999999999999d", "P101Y"])
    func aDurationTooLongIsAUsageMistakeSaidAsTooLong(duration: String) throws {
        let advance = try cli.run(["advance", duration])
        #expect(advance.status == 2, "\(advance.stderr)")
        #expect(advance.stderr.contains("too long") || advance.stderr.contains("longer than the longest"), "\(advance.stderr)")
        #expect(!advance.stderr.contains("is not a duration"), "\(advance.stderr)")
    }

    @Test(arguments: [["buy", "com.example.rage.face.random", "--quantity", "2", "--quantity", "3"],
                      ["--account", "a", "products", "--account=b"], ["spend", "rage-faces", "--amount", "1", "--amount", "1"]])
    func anOptionGivenTwiceIsRefused(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("is given twice"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger), "nothing was bought")
    }

    @Test(arguments: [" ", "tester ", " tester", "\u{3000}"])
    func blankNamesAndSpacesAroundANameAreRefused(name: String) throws {
        let result = try cli.run(["--account", name, "products"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("white space"), "\(result.stderr)")
    }

    @Test func aFreeSubscriptionHasNothingToRenew() throws {
        #expect(try cli.run(["buy", "com.example.rage.newsletter"]).status == 0)
        let renew = try cli.run(["renew", "com.example.rage.newsletter"])
        #expect(renew.status == 1, "\(renew.stderr)")
        #expect(renew.stderr.contains("is a free subscription") && renew.stderr.contains("nothing to renew"), "\(renew.stderr)")
        #expect(!renew.stderr.contains("has no subscription"), "\(renew.stderr)")
    }

    @Test("An id given with a character that draws nothing is echoed with it written out (before: \"There is no product \\\"com.example.rage.face.random\\\"\", the very id it refused)")
    func anInvisibleCharacterInAnIdIsShown() throws {
        let buy = try cli.run(["buy", "com.example.rage.face.random\u{200B}"])
        #expect(buy.status == 2 && buy.stderr.contains("There is no product \"com.example.rage.face.random<U+200B>\" in this catalog"),
                "\(buy.stderr)")
        let refund = try cli.run(["refund", "\u{202E}2000000000000001"])
        #expect(refund.status == 1 && refund.stderr.contains("there is no transaction \"<U+202E>2000000000000001\""), "\(refund.stderr)")
        // A character that draws, joiners and all, is echoed as typed.
        let emoji = try cli.run(["buy", "👨‍👩‍👧"])
        #expect(emoji.stderr.contains("There is no product \"👨‍👩‍👧\""), "\(emoji.stderr)")
    }

    @Test("A subscription command naming a product the catalog does not have exits 2, as buy does (before: 1, \"has no subscription\"); an unknown transaction id stays 1",
          arguments: ["cancel-renewal", "resume-renewal", "renew", "expire", "resolve-billing"])
    func unknownProductOnASubscriptionCommandIsUsage(command: String) throws {
        let mistyped = try cli.run([command, "com.example.rage.nope"])
        #expect(mistyped.status == 2 && mistyped.stderr.contains("There is no product \"com.example.rage.nope\" in this catalog"),
                "\(mistyped.stderr)")
        let unknownID = try cli.run([command, "2000000000999999"])
        #expect(unknownID.status == 1 && unknownID.stderr.contains("tester has no subscription with transaction 2000000000999999; "
                                                                   + cli.advised("transactions") + " lists"), "\(unknownID.stderr)")
        // A plan of the catalog the account never had is said to be one (before: "give a product id", which it was).
        let never = try cli.run([command, "com.example.rage.pro.monthly"])
        #expect(never.status == 1 && never.stderr.contains("tester has no subscription to com.example.rage.pro.monthly; "
                                                           + cli.advised("entitlements") + " lists the account's subscriptions"), "\(never.stderr)")
        let bought = try cli.run(["buy", "com.example.rage.nope"])
        #expect(bought.status == 2 && bought.stderr == mistyped.stderr, "buy says it as the subscription commands do: \(bought.stderr)")
        // Digits with a zero-width space or a space were meant as a transaction (before: "There is no product"),
        // and exit as refund's unknown transaction does.
        for (typed, echoed) in [("2000000000000001\u{200B}", "2000000000000001<U+200B>"), (" 2000000000000001", " 2000000000000001")] {
            let hidden = try cli.run([command, typed])
            #expect(hidden.status == 1 && hidden.stderr.contains("there is no transaction \"\(echoed)\" for this app"),
                    "\(hidden.stderr)")
            let refund = try cli.run(["refund", typed])
            #expect(refund.status == hidden.status && refund.stderr == hidden.stderr, "\(refund.stderr)")
        }
    }

    @Test("buy's mistakes in what was typed carry the command line's prefix, as other usage errors do (before: none)",
          arguments: [["buy", ""], ["buy", "com.example.rage.noads", "--quantity", "3"]])
    func buyUsageMistakesArePrefixed(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("storefront: "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger), "nothing was recorded")
    }

    @Test("Words after the last a command takes are named (before: only how to use it)",
          arguments: [["cancel-renewal", "com.example.rage.pro.yearly", "extra"], ["buy", "com.example.rage.noads", "extra", "more"]])
    func extraWordsAreNamed(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 2 && result.stderr.contains("was given " + arguments.dropFirst(2).map { "\"\($0)\"" }.joined(separator: " ")
            + " after what it takes: "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger), "nothing was done")
    }

    @Test func verifyCountsOneEventInTheSingular() throws {
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        let verify = try cli.run(["verify"])
        #expect(verify.stdout.contains("intact, 1 event,"), "\(verify.stdout)")
    }
}
