import Foundation
import Testing
@testable import StorefrontTesting

/// Promotional offers signed by Apple's own `PromotionalOfferSignatureCreator` (App Store Server
/// Library for Python, unmodified) with a key from `storefront api-key create`, bought with
/// `storefront buy`: accepted when right, refused with its own reason when not.
@Suite(.enabled(if: AppStoreLibraryCheck.isAvailable || AppStoreLibraryCheck.isRequired,
                "python3 cannot import Apple's app-store-server-library; `python3 -m pip install app-store-server-library` enables these tests"))
struct PromotionalOfferSignatureEndToEndTests {
    static let bundleID = "com.example.rage"
    static let product = "com.example.rage.pro.monthly"
    static let offer = "rage.pro.comeback"
    let cli: StorefrontProcess

    /// A store with one key, and a past subscriber of Rage Pro who may take the comeback offer.
    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// Makes a key with `api-key create --json`: its id and the path of its `.p8` file.
    private func createKey() throws -> (keyID: String, path: String) {
        let made = try cli.run(["api-key", "create", "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let fields = try #require(made.json())
        let path = try #require(fields["privateKeyPath"] as? String)
        #expect((fields["keyId"] as? String)?.count == 10)
        #expect(UUID(uuidString: fields["issuerId"] as? String ?? "") != nil)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600, "the .p8 file is private")
        return (try #require(fields["keyId"] as? String), path)
    }

    private func becomePastSubscriber() throws {
        #expect(try cli.run(["buy", Self.product]).status == 0)
        #expect(try cli.run(["expire", Self.product]).status == 0)
    }

    /// A signature made by the library with the `.p8` file at `path` under `keyID`.
    private func librarySignature(path: String, keyID: String, nonce: String, timestamp: Int64,
                                  username: String = "") throws -> String {
        let script = """
        import sys, uuid
        from appstoreserverlibrary.promotional_offer import PromotionalOfferSignatureCreator
        path, key_id, bundle_id, product, offer, username, nonce, timestamp = sys.argv[1:]
        creator = PromotionalOfferSignatureCreator(open(path, "rb").read(), key_id, bundle_id)
        print(creator.create_signature(product, offer, username, uuid.UUID(nonce), int(timestamp)))
        """
        let result = try PythonScript.run(["-c", script, path, keyID, Self.bundleID, Self.product, Self.offer, username,
                                           nonce, String(timestamp)])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static var nowMilliseconds: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    private func buy(signature: String, keyID: String, nonce: String, timestamp: Int64,
                     extra: [String] = []) throws -> StorefrontProcess.Result {
        try cli.run(["buy", Self.product, "--offer", Self.offer, "--offer-signature", signature, "--key-id", keyID,
                     "--nonce", nonce, "--timestamp", String(timestamp)] + extra)
    }

    @Test func aLibrarySignatureIsAcceptedAndItsNonceOnlyOnce() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let key = try createKey()
        try becomePastSubscriber()
        let unsigned = try cli.run(["buy", Self.product, "--offer", Self.offer])
        #expect(unsigned.status == 1 && unsigned.stderr.contains("needs a signature"), "\(unsigned.stderr)")
        let accountToken = UUID().uuidString
        let nonce = UUID().uuidString
        let timestamp = Self.nowMilliseconds
        let signature = try librarySignature(path: key.path, keyID: key.keyID, nonce: nonce, timestamp: timestamp,
                                             username: accountToken)
        let bought = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: timestamp,
                             extra: ["--app-account-token", accountToken, "--json"])
        #expect(bought.status == 0, "\(bought.stdout) \(bought.stderr)")
        #expect(bought.json()?["outcome"] as? String == "purchased")
        // Apple's verifier decodes the purchase as a promotional offer with its app account token.
        let token = try #require(bought.json()?["signedTransaction"] as? String)
        let root = try cli.run(["certificate", "--der"]).stdoutBytes
        let verdict = try #require(try AppStoreLibraryCheck.verify([(.transaction, token)], rootDER: root, bundleID: Self.bundleID).first)
        #expect(verdict.verified, "\(verdict.status ?? "")")
        #expect(verdict.fields["offerType"] as? Int == 2)
        #expect(verdict.fields["offerIdentifier"] as? String == Self.offer)
        #expect((verdict.fields["appAccountToken"] as? String)?.lowercased() == accountToken.lowercased())
        #expect(try cli.run(["expire", Self.product]).status == 0)
        let again = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: timestamp,
                            extra: ["--app-account-token", accountToken])
        #expect(again.status == 1 && again.stderr.contains("already used"), "\(again.stderr)")
    }

    @Test func aWrongKeyAChangedNonceAStaleTimestampAndARevokedKeyAreRefused() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let key = try createKey()
        let other = try createKey()
        try becomePastSubscriber()
        let nonce = UUID().uuidString
        let now = Self.nowMilliseconds
        let signature = try librarySignature(path: key.path, keyID: key.keyID, nonce: nonce, timestamp: now)

        let unknown = try buy(signature: signature, keyID: "WRONGKEY01", nonce: nonce, timestamp: now)
        #expect(unknown.status == 1 && unknown.stderr.contains("does not know"), "\(unknown.stderr)")
        let otherKey = try buy(signature: signature, keyID: other.keyID, nonce: nonce, timestamp: now)
        #expect(otherKey.status == 1 && otherKey.stderr.contains("not valid"), "\(otherKey.stderr)")
        let changedNonce = try buy(signature: signature, keyID: key.keyID, nonce: UUID().uuidString, timestamp: now)
        #expect(changedNonce.status == 1 && changedNonce.stderr.contains("not valid"), "\(changedNonce.stderr)")

        let old = now - 25 * 60 * 60 * 1000
        let staleSignature = try librarySignature(path: key.path, keyID: key.keyID, nonce: nonce, timestamp: old)
        let stale = try buy(signature: staleSignature, keyID: key.keyID, nonce: nonce, timestamp: old)
        #expect(stale.status == 1 && stale.stderr.contains("stale"), "\(stale.stderr)")

        #expect(try cli.run(["api-key", "revoke", key.keyID]).status == 0)
        let revoked = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: now)
        #expect(revoked.status == 1 && revoked.stderr.contains("revoked"), "\(revoked.stderr)")
        let listed = try #require(try cli.run(["api-key", "list", "--json"]).json()?["keys"] as? [[String: Any]])
        #expect(listed.map { $0["revoked"] != nil } == [true, false])
        #expect(try cli.run(["__complete", "keys"]).stdout == other.keyID + "\n", "revoke completes keys still in use")
        // None of the refusals used up the nonce: the other key's own signature with it is accepted.
        let fresh = try librarySignature(path: other.path, keyID: other.keyID, nonce: nonce, timestamp: now)
        #expect(try buy(signature: fresh, keyID: other.keyID, nonce: nonce, timestamp: now).status == 0)
    }

    @Test func aSubscribersOfferSignatureIsCheckedAndAGoodOneSaysTheOfferWasNotApplied() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let key = try createKey()
        try becomePastSubscriber()
        #expect(try cli.run(["buy", Self.product]).status == 0, "subscribed again, at the regular price")
        let nonce = UUID().uuidString
        let now = Self.nowMilliseconds
        let signature = try librarySignature(path: key.path, keyID: key.keyID, nonce: nonce, timestamp: now)

        let unknown = try buy(signature: signature, keyID: "WRONGKEY01", nonce: nonce, timestamp: now)
        #expect(unknown.status == 1 && unknown.stderr.contains("does not know"), "\(unknown.stdout) \(unknown.stderr)")
        let owned = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: now, extra: ["--json"])
        #expect(owned.status == 0, "\(owned.stderr)")
        let fields = try #require(owned.json(), "\(owned.stdout)")
        #expect(fields["outcome"] as? String == "alreadyOwned")
        #expect(fields["offerApplied"] as? Bool == false)
        #expect((fields["message"] as? String)?.contains("The promotional offer \(Self.offer) was not applied, because the account already has") == true,
                "\(fields["message"] ?? "")")
        let text = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: now)
        #expect(text.status == 0 && text.stdout.contains("was not applied") && text.stdout.contains("its signature's nonce was not used"),
                "\(text.stdout)")

        // Nothing was bought, so the nonce is still unused: once the subscription ends it buys the offer.
        #expect(try cli.run(["expire", Self.product]).status == 0)
        let bought = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: now, extra: ["--json"])
        #expect(bought.json()?["outcome"] as? String == "purchased", "\(bought.stdout) \(bought.stderr)")
        #expect(bought.json()?["offerApplied"] as? Bool == true)
        #expect((bought.json()?["message"] as? String)?.contains("with the promotional offer \(Self.offer)") == true, "\(bought.stdout)")
    }

    @Test func withEveryKeyRevokedAnOfferNeedsNoSignatureAndTheRefusalNamesTheKeysInUse() throws {
        let key = try createKey()
        try becomePastSubscriber()
        let refused = try cli.run(["buy", Self.product, "--offer", Self.offer])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("has an in-app purchase key in use (\(key.keyID))") && refused.stderr.contains("revoking every key"),
                "\(refused.stderr)")
        let revoked = try cli.run(["api-key", "revoke", key.keyID])
        #expect(revoked.status == 0 && revoked.stdout.contains("With no key in use, promotional offers need no signature"), "\(revoked.stdout)")
        #expect(revoked.stdout.contains("bearer tokens signed with it for \(cli.advised("serve"))"), "\(revoked.stdout)")
        let unsigned = try cli.run(["buy", Self.product, "--offer", Self.offer])
        #expect(unsigned.status == 0 && unsigned.stdout.contains("with the promotional offer \(Self.offer)"), "\(unsigned.stdout) \(unsigned.stderr)")
        // Asked again while subscribed, with no signature: no signature's nonce is spoken of (before: "its signature's nonce was not used").
        let owned = try cli.run(["buy", Self.product, "--offer", Self.offer])
        #expect(owned.status == 0 && owned.stdout.contains("was not applied, because the account already has")
                && !owned.stdout.contains("signature"), "\(owned.stdout)")
    }

    @Test func anOfferWithAScheduledChangeSaysItWasNotAppliedAndItsNonceIsUsed() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let key = try createKey()
        #expect(try cli.run(["buy", "com.example.rage.pro.yearly"]).status == 0)
        let nonce = UUID().uuidString
        let now = Self.nowMilliseconds
        let signature = try librarySignature(path: key.path, keyID: key.keyID, nonce: nonce, timestamp: now)
        let scheduled = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: now)
        #expect(scheduled.status == 0, "\(scheduled.stderr)")
        #expect(scheduled.stdout.contains("rage.pro.comeback was not applied to the scheduled change"), "\(scheduled.stdout)")
        #expect(scheduled.stdout.contains("nonce is now used"), "\(scheduled.stdout)")
    }

    @Test func aTimestampFarAheadIsRefusedAsFutureAndALeadingPlusIsAUsageError() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let key = try createKey()
        try becomePastSubscriber()
        let nonce = UUID().uuidString
        let ahead = Self.nowMilliseconds + 25 * 60 * 60 * 1000
        let signature = try librarySignature(path: key.path, keyID: key.keyID, nonce: nonce, timestamp: ahead)
        let future = try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: ahead)
        #expect(future.status == 1 && future.stderr.contains("in the future") && !future.stderr.contains("stale"),
                "\(future.stderr)")
        // The advice's command works as printed (before: `storefront advance`, which needs a duration), and the
        // same signature is then taken.
        let advice = try #require(future.stderr.firstMatch(of: /`storefront [^`]*advance (PT[0-9]+M)`/))
        #expect(advice.1 == "PT60M", "\(future.stderr)")
        // The harness gives the entitlements file itself, which the advice names too.
        let advanced = try cli.run(["advance", String(advice.1)])
        #expect(advanced.status == 0, "\(advanced.stderr)")
        #expect(try buy(signature: signature, keyID: key.keyID, nonce: nonce, timestamp: ahead).status == 0)
        let plus = try cli.run(["buy", Self.product, "--offer", Self.offer, "--offer-signature", signature, "--key-id", key.keyID,
                                "--nonce", nonce, "--timestamp", "+\(ahead)"])
        #expect(plus.status == 2 && plus.stderr.contains("--timestamp"), "\(plus.stderr)")
    }

    @Test("A stale signature's advice gives store time's timestamp, which signs an offer that is taken, also when store time runs ahead (before: \"a current timestamp\", which the machine's clock is not); one no advance can reach is not advised an advance")
    func staleAdviceGivesStoreTimesTimestamp() throws {
        if let reason = AppStoreLibraryCheck.missingReason { Issue.record(Comment(rawValue: reason)); return }
        let key = try createKey()
        try becomePastSubscriber()
        #expect(try cli.run(["advance", "P40D"]).status == 0)
        let nonce = UUID().uuidString
        let now = Self.nowMilliseconds
        let stale = try buy(signature: try librarySignature(path: key.path, keyID: key.keyID, nonce: nonce, timestamp: now),
                            keyID: key.keyID, nonce: nonce, timestamp: now)
        #expect(stale.status == 1 && stale.stderr.contains("is stale"), "\(stale.stderr)")
        let match = try #require(stale.stderr.firstMatch(of: #/a timestamp of store time, ([0-9]+) /#))
        let storeTime = try #require(Int64(match.1))
        #expect(storeTime > now + 39 * 86_400_000, "store time, not the machine's clock")
        let far = storeTime + 150 * 366 * 86_400_000
        let ahead = UUID().uuidString
        let unreachable = try buy(signature: try librarySignature(path: key.path, keyID: key.keyID, nonce: ahead, timestamp: far),
                                  keyID: key.keyID, nonce: ahead, timestamp: far)
        #expect(unreachable.status == 1 && unreachable.stderr.contains("in the future"), "\(unreachable.stderr)")
        #expect(!unreachable.stderr.contains("advance PT"), "no advance reaches it: \(unreachable.stderr)")
        let fresh = UUID().uuidString
        let taken = try buy(signature: try librarySignature(path: key.path, keyID: key.keyID, nonce: fresh, timestamp: storeTime),
                            keyID: key.keyID, nonce: fresh, timestamp: storeTime)
        #expect(taken.status == 0, "\(taken.stderr)")
    }

    @Test func makingAKeyWhileSignaturesAreOffSaysNoneIsNeeded() throws {
        #expect(try cli.run(["settings", "set", "promotional-offer-signatures", "off"]).status == 0)
        let made = try cli.run(["api-key", "create"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("needs no signature while the setting promotional-offer-signatures is off"), "\(made.stdout)")
        #expect(!made.stdout.contains("now needs such a signature"), "\(made.stdout)")
    }

    @Test func aDamagedStoreMakesNoKeyFile() throws {
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        let ledger = try String(contentsOfFile: cli.ledger, encoding: .utf8)
        try ledger.replacingOccurrences(of: "\"tester\"", with: "\"tastar\"").write(toFile: cli.ledger, atomically: false, encoding: .utf8)
        let refused = try cli.run(["api-key", "create"])
        #expect(refused.status == 3, "\(refused.stderr)")
        let folder = (cli.ledger as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".p8") } == [])
    }

    @Test func malformedSignatureOptionsAreUsageErrors() throws {
        let missing = try cli.run(["buy", Self.product, "--offer", Self.offer, "--nonce", UUID().uuidString])
        #expect(missing.status == 2 && missing.stderr.contains("--offer-signature"), "\(missing.stderr)")
        let noOffer = try cli.run(["buy", Self.product, "--offer-signature", "AAAA", "--key-id", "K", "--nonce",
                                   UUID().uuidString, "--timestamp", "1"])
        #expect(noOffer.status == 2 && noOffer.stderr.contains("--offer OFFER_ID"), "\(noOffer.stderr)")
        let badNonce = try cli.run(["buy", Self.product, "--offer", Self.offer, "--offer-signature", "AAAA", "--key-id", "K",
                                    "--nonce", "x", "--timestamp", "1"])
        #expect(badNonce.status == 2 && badNonce.stderr.contains("--nonce takes"), "\(badNonce.stderr)")
    }
}
