import Foundation
import StoreEngine
import StoreSigning
import StorefrontText

/// `storefront api-key create|list|revoke`: the in-app purchase keys that sign promotional offers.
enum APIKeyCommands {
    static func create(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let made: InAppPurchaseKeyFile.MadeKey
        do {
            made = try InAppPurchaseKeyFile.make(keyID: InAppPurchaseKey.randomKeyID())
        } catch {
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        // Recorded first, so a store that refuses writes (damaged, read-only) leaves no file
        // behind; a key whose file then cannot be saved is revoked at once, never left usable.
        let key = try session.perform {
            try session.store.registerInAppPurchaseKey(publicKey: made.publicKey, keyID: made.keyID, by: session.buyer)
        }
        let privateKeyPath: String
        do {
            privateKeyPath = try InAppPurchaseKeyFile.save(made, forLedger: session.ledgerPath)
        } catch {
            _ = try session.perform { try session.store.revokeInAppPurchaseKey(key.keyID, by: session.buyer) }
            throw CommandFailure(status: .dataProblem, message: "\(error)")
        }
        if arguments.json {
            try console.json(JSONShapes.InAppPurchaseKeyCreated(keyId: key.keyID, issuerId: key.issuerID,
                                                               privateKeyPath: privateKeyPath))
        } else {
            console.out(CommandLineText.Keys.created(
                keyID: key.keyID, issuerID: key.issuerID, path: privateKeyPath,
                signaturesRequired: session.store.snapshot.promotionalOfferSignaturesRequired))
        }
        return .success
    }

    static func list(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let keys = session.store.inAppPurchaseKeys
        if arguments.json {
            try console.json(JSONShapes.InAppPurchaseKeyList(keys: keys.map(entry)))
        } else if keys.isEmpty {
            // "make one" would be refused by a damaged store, and its keys may be past the damage.
            // Where reading stops and how to mend it is the warning every reading command gives
            // on stderr; the result says only what it means for the keys.
            let cutShort = LedgerDamage(session.store).firstBadLine != nil
            console.out(cutShort ? CommandLineText.Keys.noKeysBeforeDamage : CommandLineText.Keys.noKeys)
        } else {
            for key in keys {
                console.out(CommandLineText.Keys.listed(keyID: key.keyID, issuerID: key.issuerID, created: session.text.date(key.created),
                                                        revoked: key.revoked.map(session.text.date)))
            }
        }
        return .success
    }

    static func revoke(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let keyID = arguments.commandArguments[0]
        let wasRevoked = session.store.snapshot.inAppPurchaseKey(keyID)?.isRevoked == true
        let key = try session.perform { try session.store.revokeInAppPurchaseKey(keyID, by: session.buyer) }
        if arguments.json {
            try console.json(entry(key))
        } else {
            let noKeyInUse = session.store.snapshot.inAppPurchaseKeysInUse.isEmpty
            console.out(wasRevoked ? CommandLineText.Keys.alreadyRevoked(keyID) : CommandLineText.Keys.revoked(keyID, noKeyInUse: noKeyInUse))
        }
        return .success
    }

    private static func entry(_ key: InAppPurchaseKey) -> JSONShapes.InAppPurchaseKeyEntry {
        JSONShapes.InAppPurchaseKeyEntry(keyId: key.keyID, issuerId: key.issuerID, publicKey: key.publicKey,
                                         created: key.created, revoked: key.revoked)
    }

    /// The signed promotional offer `buy` was given, or nil when it was given none. The four
    /// options come together and only with `--offer`; each malformed value is a usage error.
    static func offerSignature(_ arguments: CommandLineArguments) throws(UsageError) -> PromotionalOfferSignature? {
        let options = [CommandOptions.offerSignature, CommandOptions.keyID, CommandOptions.nonce, CommandOptions.timestamp]
        let given = options.filter { arguments.value(of: $0) != nil }
        guard !given.isEmpty else { return nil }
        guard arguments.value(of: CommandOptions.offer) != nil else { throw UsageError(CommandLineText.Keys.signatureNeedsOffer) }
        guard given.count == options.count,
              let signatureText = arguments.value(of: CommandOptions.offerSignature), let keyID = arguments.value(of: CommandOptions.keyID),
              let nonceText = arguments.value(of: CommandOptions.nonce), let timestampText = arguments.value(of: CommandOptions.timestamp) else {
            let missing = options.filter { arguments.value(of: $0) == nil }.map(\.name)
            throw UsageError(CommandLineText.Keys.signatureIncomplete(missing: missing))
        }
        guard let signature = Data(base64Encoded: signatureText), !signature.isEmpty else {
            throw UsageError(CommandLineText.Keys.notBase64(signatureText))
        }
        guard let nonce = UUID(uuidString: nonceText) else { throw UsageError(CommandLineText.Keys.nonceNotAUUID(nonceText)) }
        // Int64 reads "+123" too; a timestamp is digits only, as Apple's servers send it.
        guard timestampText.allSatisfy({ $0.isASCII && $0.isNumber }), let timestamp = Int64(timestampText) else {
            throw UsageError(CommandLineText.Keys.notATimestamp(timestampText))
        }
        return PromotionalOfferSignature(keyID: keyID, nonce: nonce, timestamp: timestamp, signature: Array(signature),
                                         verifier: P256OfferSignatureVerifier())
    }
}
