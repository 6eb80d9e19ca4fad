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

    func publicKey() throws -> String {
        let result = try cli.run(["public-key"])
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
    func pyJWTAcceptsOurTokensAndRejectsAOneCharacterChange() throws {
        let buy = try cli.run(["buy", "com.example.rage.face.random", "--quantity", "2", "--json"])
        #expect(buy.status == 0, "\(buy.stderr)")
        let bought = try buy.decoded(JSONShapes.PurchaseResult.self)
        let fromBuy = try #require(bought.signedTransaction)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        let publicKeyPEM = try publicKey()
        let keyID = try cli.run(["public-key", "--json"]).decoded(JSONShapes.PublicKey.self).keyId

        let tokens = try listedTokens()
        #expect(tokens.count == 2)
        for token in tokens.values + [fromBuy] {
            let verdict = try IndependentJWTCheck.verify(token, publicKeyPEM: publicKeyPEM)
            #expect(verdict.status == 0, "\(verdict.message)")
            #expect(verdict.header["alg"] as? String == "EdDSA")
            #expect(verdict.header["kid"] as? String == keyID)
            #expect(verdict.payload["environment"] as? String == "LocalTesting")
            #expect(tokens[verdict.payload["transactionId"] as? String ?? ""] != nil)
        }
        let face = try IndependentJWTCheck.verify(fromBuy, publicKeyPEM: publicKeyPEM).payload
        #expect(face["transactionId"] as? String == bought.transactionId)
        #expect(face["type"] as? String == "Consumable")
        #expect(face["quantity"] as? Int == 2)
        #expect(face["price"] as? Int == 990)

        for (segment, offset) in [(1, 40), (2, 10), (0, 12)] {
            let changed = Self.changing(fromBuy, segment: segment, offset: offset)
            let verdict = try IndependentJWTCheck.verify(changed, publicKeyPEM: publicKeyPEM)
            #expect(verdict.status != 0, "segment \(segment): \(verdict.message)")
            #expect(try cli.run(["verify-transaction", changed]).status != 0)
        }
        let payloadChanged = Self.changing(fromBuy, segment: 1, offset: 40)
        #expect(try IndependentJWTCheck.verify(payloadChanged, publicKeyPEM: publicKeyPEM).status == 1)
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
        #expect(try cli.run(["verify-transaction", id]).stdout.hasPrefix("valid: "))

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

    @Test func theKeyIsPrivateAndAMissingOrDamagedKeyIsADataProblem() throws {
        let keyPath = cli.ledger + ".signing.pem"
        // Well formed ({"alg":"EdDSA"}.{}.signature), so only the missing key stands in the way.
        let noKey = try cli.run(["verify-transaction", "eyJhbGciOiJFZERTQSJ9.e30.AAAA"])
        #expect(noKey.status == 3)
        #expect(noKey.stderr.contains(keyPath) && noKey.stderr.contains("storefront public-key"))

        #expect(try cli.run(["buy", "com.example.rage.noads", "--json"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: keyPath)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOfFile: keyPath, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"))

        try "damaged\n".write(toFile: keyPath, atomically: false, encoding: .utf8)
        let listing = try cli.run(["transactions", "--json"])
        #expect(listing.status == 3)
        #expect(listing.stderr.contains("is damaged") && listing.stderr.contains("delete it"))
    }

    @Test func failedAttemptsAreListedWithoutASignedTransaction() throws {
        #expect(try cli.run(["buy", "com.example.rage.noads", "--simulate", "fail"]).status == 1)
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        #expect(list.count == 1)
        #expect(list.first?.state == "failed")
        #expect(list.first?.signedTransaction == nil)
    }

    @Test func processesCreatingTheKeyAtOnceAgreeOnIt() async throws {
        // A purchase without --json makes the entitlements file but signs nothing, so no key yet.
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.ledger + ".signing.pem"))
        let keys = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                group.addTask { (try? cli.run(["public-key"]).stdout) ?? "failed" }
            }
            var all: [String] = []
            for await key in group { all.append(key) }
            return all
        }
        #expect(Set(keys).count == 1)
        #expect(keys.first?.hasPrefix("-----BEGIN PUBLIC KEY-----") == true)
    }
}
