import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

@Suite struct SigningEndToEndTests {
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// The `signedTransaction` of each transaction `transactions --json` lists, by id.
    func listedTokens() throws -> [String: String] {
        let result = try cli.run(["transactions", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        var tokens: [String: String] = [:]
        for entry in try result.decoded([JSONShapes.Transaction].self) {
            if let token = entry.signedTransaction { tokens[entry.transactionId] = token }
        }
        return tokens
    }

    func rootCertificate() throws -> String {
        let result = try cli.run(["certificate"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// `token` with the character at `offset` from the start of `segment` changed to one that
    /// differs in its highest bit, so the bytes it stands for change too.
    static func changing(_ token: String, segment: Int, offset: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var segments = token.split(separator: ".", omittingEmptySubsequences: false).map { Array($0) }
        let value = alphabet.firstIndex(of: segments[segment][offset]) ?? 0
        segments[segment][offset] = alphabet[value ^ 32]
        return segments.map { String($0) }.joined(separator: ".")
    }

    @Test(.enabled(if: IndependentJWTCheck.isAvailable,
                   "python3 cannot import PyJWT and cryptography; `python3 -m pip install pyjwt cryptography` enables this test"))
    func pyJWTAndCryptographyAcceptOurChainAndTokensAndRejectAOneCharacterChange() throws {
        let buy = try cli.run(["buy", "com.example.rage.face.random", "--quantity", "2", "--json"])
        #expect(buy.status == 0, "\(buy.stderr)")
        let bought = try buy.decoded(JSONShapes.PurchaseResult.self)
        let fromBuy = try #require(bought.signedTransaction)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        let rootPEM = try rootCertificate()
        let chain = try cli.run(["certificate", "--json"]).decoded(JSONShapes.RootCertificate.self).chain

        let tokens = try listedTokens()
        #expect(tokens.count == 2)
        for token in tokens.values + [fromBuy] {
            let verdict = try IndependentJWTCheck.verify(token, rootPEM: rootPEM)
            #expect(verdict.status == 0, "\(verdict.message)")
            #expect(verdict.header["alg"] as? String == "ES256")
            #expect(verdict.header["x5c"] as? [String] == chain)
            #expect(verdict.payload["environment"] as? String == "Sandbox")
            #expect(tokens[verdict.payload["transactionId"] as? String ?? ""] != nil)
        }
        let face = try IndependentJWTCheck.verify(fromBuy, rootPEM: rootPEM).payload
        #expect(face["transactionId"] as? String == bought.transactionId)
        #expect(face["type"] as? String == "Consumable")
        #expect(face["quantity"] as? Int == 2)
        #expect(face["price"] as? Int == 990)

        for (segment, offset) in [(1, 40), (2, 10), (0, 300)] {
            let changed = Self.changing(fromBuy, segment: segment, offset: offset)
            let verdict = try IndependentJWTCheck.verify(changed, rootPEM: rootPEM)
            #expect(verdict.status != 0, "segment \(segment): \(verdict.message)")
            #expect(try cli.run(["verify-transaction", changed]).status != 0)
        }
        let payloadChanged = Self.changing(fromBuy, segment: 1, offset: 40)
        #expect(try IndependentJWTCheck.verify(payloadChanged, rootPEM: rootPEM).status == 1)
    }

    @Test func verifyTransactionReportsEachStatusWithItsExitCode() throws {
        #expect(try cli.run(["buy", "com.example.rage.comic.drummer"]).status == 0)
        let id = try #require(try listedTokens().keys.first)
        let token = try #require(try listedTokens()[id])

        let valid = try cli.run(["verify-transaction", token, "--json"])
        #expect(valid.status == 0, "\(valid.stderr)")
        let shape = try valid.decoded(JSONShapes.TransactionVerification.self)
        #expect(shape.status == "valid")
        #expect(shape.transactionId == id)
        #expect(shape.payload?.productId == "com.example.rage.comic.drummer")
        let byID = try cli.run(["verify-transaction", id]).stdout
        // Ids are numbered across accounts: the answer says whose it is.
        #expect(byID.hasPrefix("valid: ") && byID.contains("in force in the store, bought by account tester"), "\(byID)")

        let forged = try cli.run(["verify-transaction", Self.changing(token, segment: 1, offset: 20)])
        #expect(forged.status == 1)
        #expect(forged.stdout.hasPrefix("signature invalid: "))
        let malformed = try cli.run(["verify-transaction", "not.a-token", "--json"])
        #expect(malformed.status == 3)
        #expect(try malformed.decoded(JSONShapes.TransactionVerification.self).status == "malformed")
        #expect(try cli.run(["verify-transaction"]).status == 2)
        #expect(try cli.run(["verify-transaction", "2999999999999999"]).status == 1)

        #expect(try cli.run(["refund", id]).status == 0)
        let revoked = try cli.run(["verify-transaction", token])
        #expect(revoked.status == 1)
        #expect(revoked.stdout.hasPrefix("revoked: "))
        #expect(try cli.run(["verify-transaction", id, "--json"]).decoded(JSONShapes.TransactionVerification.self).status == "revoked")
    }

    @Test func renewalInfoAndAnAppTransactionAreNamedNotDecoded() throws {
        let bought = try cli.run(["buy", "com.example.rage.pro.monthly", "--json"]).decoded(JSONShapes.PurchaseResult.self)
        let renewalInfo = try #require(bought.signedRenewalInfo)
        let appTransaction = try cli.run(["app-transaction", "--json"]).decoded(JSONShapes.AppTransaction.self).signedAppTransaction
        for (token, kind) in [(renewalInfo, "signed renewal info"), (appTransaction, "a signed app transaction")] {
            let verdict = try cli.run(["verify-transaction", token])
            #expect(verdict.status == 3)
            #expect(verdict.stdout.contains("this is \(kind), not a transaction"), "\(verdict.stdout)")
            #expect(!verdict.stdout.contains("DecodingError"), "\(verdict.stdout)")
        }
    }

    @Test func theAuthorityIsPrivateAndAMissingOrDamagedOneIsADataProblem() throws {
        let keyPath = cli.ledger + ".authority.pem"
        // Well formed ({"alg":"ES256"}.{}.signature), so only the missing authority stands in the way.
        let noKey = try cli.run(["verify-transaction", "eyJhbGciOiJFUzI1NiJ9.e30.AAAA"])
        #expect(noKey.status == 3)
        #expect(noKey.stderr.contains(keyPath) && noKey.stderr.contains(cli.advised("certificate")))

        #expect(try cli.run(["buy", "com.example.rage.noads", "--json"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: keyPath)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOfFile: keyPath, encoding: .utf8).contains("\n-----BEGIN PRIVATE KEY-----\n"))

        try "damaged\n".write(toFile: keyPath, atomically: false, encoding: .utf8)
        let listing = try cli.run(["transactions", "--json"])
        #expect(listing.status == 3)
        #expect(listing.stderr.contains("is refused") && listing.stderr.contains("move it away"))
    }

    @Test func failedAttemptsAreListedWithoutASignedTransaction() throws {
        #expect(try cli.run(["buy", "com.example.rage.noads", "--simulate", "fail"]).status == 1)
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        #expect(list.count == 1)
        #expect(list.first?.state == "failed")
        #expect(list.first?.signedTransaction == nil)
    }

    @Test("verify-transaction of another account's interrupted purchase advises listing that account's transactions (before: the account given, where it is not)")
    func anUncompletedTransactionOfAnotherAccountIsListedWithItsAccount() throws {
        #expect(try cli.run(["settings", "set", "interrupted-purchases", "true", "--account", "kid"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.noads", "--account", "kid"]).status == 1)
        for account in ["dad", "kid"] {
            let refused = try cli.run(["verify-transaction", "2000000000000001", "--account", account])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains(cli.advised("--account kid transactions")) && !refused.stderr.contains("--account dad"),
                    "\(account): \(refused.stderr)")
        }
    }

    @Test func processesCreatingTheAuthorityAtOnceAgreeOnIt() async throws {
        // A purchase without --json makes the entitlements file but signs nothing, so no authority yet.
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.ledger + ".authority.pem"))
        let keys = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                group.addTask { (try? cli.run(["certificate"]).stdout) ?? "failed" }
            }
            var all: [String] = []
            for await key in group { all.append(key) }
            return all
        }
        #expect(Set(keys).count == 1)
        #expect(keys.first?.hasPrefix("-----BEGIN CERTIFICATE-----") == true)
        let der = try cli.run(["certificate", "--der"])
        #expect(der.status == 0)
        #expect(Data(der.stdoutBytes).base64EncodedString()
            == keys.first?.split(separator: "\n").dropFirst().dropLast().joined())
    }
}
