import Foundation
import StoreEngine

/// Checks signed transactions with a public key, and, when given the ledger's state, against
/// what the store knows of each transaction now.
public struct TransactionVerifier: Sendable {
    /// The `kid` of the key, as the signer writes it into headers.
    public let keyID: String
    private let publicKey: Ed25519PublicKey

    /// Prepares to check tokens signed by the key whose public half is `publicKeyPEM`.
    public init(publicKeyPEM: String) throws(SigningError) {
        do {
            publicKey = try Ed25519PublicKey(pem: publicKeyPEM)
            keyID = try publicKey.keyID()
        } catch {
            throw .publicKeyInvalid(reason: error.detail)
        }
    }

    /// The verdict on a token whose form is wrong, found without any key; nil when the token
    /// is well formed and needs a key to be judged.
    public static func malformedVerdict(on jws: String) -> TransactionVerification? {
        guard case let .failure(reason) = CompactJWS.parse(jws.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return malformed(reason)
    }

    private static func malformed(_ reason: CompactJWS.MalformedReason) -> TransactionVerification {
        TransactionVerification(status: .malformed, payload: nil, detail: "\(reason)", checkedAgainstLedger: false)
    }

    /// Checks `jws` at the time `now`. Never throws and never traps, whatever the input.
    ///
    /// With `bundleID`, a token issued for any other app is `otherApp`: one app's purchase
    /// (even a refunded one) must never unlock another app that shares the entitlements file.
    ///
    /// With `ledger`, a transaction it holds for the token's app is judged by its current
    /// record: a refund recorded after signing makes it revoked, and the record's expiry
    /// date wins over the token's.
    public func verify(jws: String, now: Date, ledger: LedgerState? = nil, bundleID: String? = nil) -> TransactionVerification {
        let parts: CompactJWS.Parts
        switch CompactJWS.parse(jws.trimmingCharacters(in: .whitespacesAndNewlines)) {
        case let .success(found): parts = found
        case let .failure(reason): return Self.malformed(reason)
        }
        guard publicKey.isValidSignature(parts.signature, for: parts.signingInput) else {
            let detail = if let kid = parts.header.kid, kid != keyID {
                "the signature does not match: the token names key \(kid), this store's key is \(keyID)"
            } else {
                "the signature does not match this store's key \(keyID): the token was changed after it was signed"
            }
            return TransactionVerification(status: .signatureInvalid, payload: nil, detail: detail, checkedAgainstLedger: false)
        }
        let payload: SignedTransactionPayload
        do {
            payload = try JSONDecoder().decode(SignedTransactionPayload.self, from: Data(parts.payload))
        } catch {
            return TransactionVerification(status: .malformed, payload: nil,
                                           detail: "the signed claims are not a transaction: \(error)", checkedAgainstLedger: false)
        }
        if let bundleID, payload.bundleId != bundleID {
            return TransactionVerification(
                status: .otherApp, payload: payload,
                detail: "transaction \(payload.transactionId) was issued for \(payload.bundleId), not for \(bundleID); "
                    + "a transaction is valid only for its own app (check --catalog)",
                checkedAgainstLedger: false)
        }
        return judge(payload, now: now, record: ledger.flatMap { matchingRecord(for: payload, in: $0) })
    }

    /// The ledger's record of the token's transaction, if the ledger holds that very one.
    ///
    /// A ledger started afresh reuses transaction numbers, so the product and purchase date
    /// must agree too; the date to within a second, as the ledger may keep whole seconds only.
    private func matchingRecord(for payload: SignedTransactionPayload, in ledger: LedgerState) -> TransactionRecord? {
        guard ledger.app == payload.bundleId, let record = ledger.transactions[payload.transactionId],
              record.productID == payload.productId,
              SignedTransactionPayload.milliseconds(record.purchaseDate)
                  .subtractingReportingOverflow(payload.purchaseDate).partialValue.magnitude < 1000
        else { return nil }
        return record
    }

    private func judge(_ payload: SignedTransactionPayload, now: Date, record: TransactionRecord?) -> TransactionVerification {
        let checked = record != nil
        let source = checked ? "the entitlements file" : "the token"
        let revokedAt = record?.state == .refunded ? record?.revocationDate
                                                    : payload.revocationDate.map(SignedTransactionPayload.date(milliseconds:))
        if record?.state == .refunded || payload.revocationDate != nil {
            let when = revokedAt.map { " on \(Self.text($0))" } ?? ""
            return TransactionVerification(status: .revoked, payload: payload,
                                           detail: "transaction \(payload.transactionId) was refunded\(when) (according to \(source))",
                                           checkedAgainstLedger: checked)
        }
        let expires = record.map(\.expiresDate) ?? payload.expiresDate.map(SignedTransactionPayload.date(milliseconds:))
        if let expires, expires <= now {
            return TransactionVerification(status: .expired, payload: payload,
                                           detail: "transaction \(payload.transactionId) expired on \(Self.text(expires)) (according to \(source))",
                                           checkedAgainstLedger: checked)
        }
        let scope = checked ? "and in force in the entitlements file" : "(not found in the entitlements file; judged from the token alone)"
        return TransactionVerification(status: .valid, payload: payload,
                                       detail: "transaction \(payload.transactionId) is genuine, signed by key \(keyID), \(scope)",
                                       checkedAgainstLedger: checked)
    }

    private static func text(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
