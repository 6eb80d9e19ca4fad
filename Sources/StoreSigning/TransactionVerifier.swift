import Foundation
import StoreEngine
import StoreCatalog

/// Checks signed transactions as Apple's verifiers do — ES256, a three-certificate chain up
/// to this store's root with the App Store markers — and, when given the ledger's state,
/// against what the store knows of each transaction now.
public struct TransactionVerifier: Sendable {
    /// The root certificate every token must chain up to.
    public let root: Certificate

    /// Prepares to check tokens issued under `root`.
    public init(root: Certificate) {
        self.root = root
    }

    /// The verdict on a token whose form is wrong, found without any certificate; nil when the
    /// token is well formed and needs the root to be judged.
    public static func malformedVerdict(on jws: String) -> TransactionVerification? {
        guard case let .failure(reason) = CompactJWS.parse(jws.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return malformed(reason)
    }

    /// Why validly signed claims are not a transaction: another kind of signed data this store
    /// makes, or the field that is missing or of the wrong type.
    static func notATransaction(_ payload: [UInt8], error: any Error) -> String {
        let keys = Set(((try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any])?.keys.map { $0 } ?? [])
        if keys.contains("autoRenewStatus") {
            return "this is signed renewal info, not a transaction; give a signedTransaction (from `transactions --json`)"
        }
        if keys.contains("receiptType") {
            return "this is a signed app transaction, not a transaction; give a signedTransaction (from `transactions --json`)"
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?:
            return "the signed claims are not a transaction: they have no \(key.stringValue)"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "the signed claims are not a transaction: " + (field.isEmpty ? "they are not a JSON object" : "\(field) has the wrong type")
        default:
            return "the signed claims are not a transaction"
        }
    }

    private static func malformed(_ reason: CompactJWS.MalformedReason) -> TransactionVerification {
        TransactionVerification(status: .malformed, payload: nil, detail: "\(reason)", checkedAgainstLedger: false)
    }

    private static func untrusted(_ detail: String) -> TransactionVerification {
        TransactionVerification(status: .untrustedChain, payload: nil, detail: detail, checkedAgainstLedger: false)
    }

    /// Checks `jws` at the time `now`. Never throws and never traps, whatever the input.
    ///
    /// The chain is checked at the token's `signedDate` (at `now` when it has none), as
    /// Apple's verifiers do offline.
    ///
    /// With `bundleID`, a token issued for any other app is `otherApp`: one app's purchase
    /// (even a refunded one) must never unlock another app that shares the entitlements file.
    ///
    /// With `ledger`, a transaction it holds for the token's app is judged by its current
    /// record: a refund recorded after signing makes it revoked, and the record's expiry
    /// date wins over the token's. With `catalog` too, a period replaced at once by a plan of
    /// its own level is said to be replaced by a crossgrade, not an upgrade.
    public func verify(jws: String, now: Date, ledger: LedgerState? = nil, bundleID: String? = nil,
                       catalog: Catalog? = nil) -> TransactionVerification {
        let parts: CompactJWS.Parts
        switch CompactJWS.parse(jws.trimmingCharacters(in: .whitespacesAndNewlines)) {
        case let .success(found): parts = found
        case let .failure(reason): return Self.malformed(reason)
        }
        let claimed = try? JSONDecoder().decode(SignedDateClaim.self, from: Data(parts.payload))
        let signedAt = claimed?.signedDate.map(SignedTransactionPayload.date(milliseconds:)) ?? now
        let leaf: Certificate
        switch trustedLeaf(parts.header.x5c, at: signedAt) {
        case let .trusted(found): leaf = found
        case let .refused(verdict): return verdict
        }
        // Text added to the signature part that still decodes gives bytes no ES256 signature has:
        // said after the chain, whose checks come first whatever the signature.
        guard parts.signature.count == P256PrivateKey.rawSignatureByteCount else { return Self.malformed(.signatureBytes(parts.signature.count)) }
        guard let key = leaf.publicKey(), key.isValidRawSignature(parts.signature, for: parts.signingInput) else {
            return TransactionVerification(
                status: .signatureInvalid, payload: nil,
                detail: "the signature does not match the leaf certificate: the token was changed after it was signed",
                checkedAgainstLedger: false)
        }
        // A payload read differently by other verifiers (a field twice) is refused, as headers are.
        if let problem = TokenPartDecoding.problem(in: parts.payload, part: "payload") {
            return TransactionVerification(status: .malformed, payload: nil, detail: problem.description, checkedAgainstLedger: false)
        }
        let payload: SignedTransactionPayload
        do {
            payload = try JSONDecoder().decode(SignedTransactionPayload.self, from: Data(parts.payload))
        } catch {
            return TransactionVerification(status: .malformed, payload: nil,
                                           detail: Self.notATransaction(parts.payload, error: error), checkedAgainstLedger: false)
        }
        if let bundleID, payload.bundleId != bundleID {
            return TransactionVerification(
                status: .otherApp, payload: payload,
                detail: "transaction \(payload.transactionId) was issued for \(payload.bundleId), not for \(bundleID); "
                    + "a transaction is valid only for its own app (check --catalog)",
                checkedAgainstLedger: false)
        }
        let record = ledger.flatMap { matchingRecord(for: payload, in: $0) }
        // The latest period of a subscription in its grace period has ended, but the buyer keeps
        // access until the grace period does, as `entitlements` says.
        let billingProblem = record.flatMap { record in
            ledger?.subscriptions[record.originalID].flatMap { $0.latestTransactionID == record.id ? $0 : nil }
        }
        // A period an upgrade replaced: whether the subscription still goes on under the upgrade.
        let endedSince = record.flatMap { ledger?.subscriptions[$0.originalID] }.flatMap { chain -> SubscriptionEnd? in
            guard !chain.isOngoing else { return nil }
            return chain.status == .revoked ? .revoked(chain.revocationDate ?? chain.expiresDate)
                                            : .ended(chain.accessEndDate ?? chain.expiresDate)
        }
        let replacement = record?.replacedBy.flatMap { ledger?.transactions[$0] }
        let crossgrade = record.flatMap { record in
            replacement.flatMap { replacement in catalog.map { PlanChange.isCrossgrade(from: record.productID, to: replacement.productID, in: $0) } }
        } ?? false
        return judge(payload, now: now, record: record, replacedByCrossgrade: crossgrade,
                     revokedWithSubscription: record.flatMap { ledger?.revocationByLaterRefund(of: $0) },
                     endedBeforeItBegan: record.flatMap { ledger?.endOfSubscription(before: $0) }, subscriptionEndedSince: endedSince,
                     graceUntil: billingProblem?.status == .inGracePeriod ? billingProblem?.gracePeriodExpiresDate : nil,
                     inBillingRetry: billingProblem?.status == .inBillingRetryPeriod)
    }

    /// The leaf of `x5c` when the chain is the App Store's shape and reaches this store's
    /// root at `date`; else the verdict saying why not.
    private func trustedLeaf(_ x5c: [String]?, at date: Date) -> ChainCheck {
        guard let x5c, x5c.count == 3 else {
            let found = x5c.map { "the header's x5c holds \($0.count) certificates" } ?? "the header has no x5c"
            return .refused(Self.untrusted(found + "; the App Store's chain is exactly three: leaf, intermediate, root"))
        }
        var certificates: [Certificate] = []
        for (text, name) in zip(x5c, ["leaf", "intermediate", "root"]) {
            guard let der = Data(base64Encoded: text), let certificate = try? Certificate(der: Array(der)) else {
                return .refused(Self.untrusted("the \(name) certificate in x5c is not base64 DER of an X.509 certificate"))
            }
            certificates.append(certificate)
        }
        if let problem = Certificate.chainProblem(leaf: certificates[0], intermediate: certificates[1], root: root, at: date) {
            return .refused(Self.untrusted("the certificate chain does not reach this store's root (\(problem)): "
                                           + "the token was signed by another store or authority"))
        }
        guard certificates[1].hasExtension(Certificate.intermediateMarker) else {
            return .refused(Self.untrusted("the intermediate certificate lacks the App Store marker \(Certificate.intermediateMarker)"))
        }
        guard certificates[0].hasExtension(Certificate.leafMarker) else {
            return .refused(Self.untrusted("the leaf certificate lacks the App Store marker \(Certificate.leafMarker)"))
        }
        return .trusted(certificates[0])
    }

    private enum ChainCheck {
        case trusted(Certificate)
        case refused(TransactionVerification)
    }

    /// The one claim read before the signature is checked: when to check the chain.
    private struct SignedDateClaim: Decodable {
        var signedDate: Int64?
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

    /// How the subscription of a period an upgrade (or crossgrade) replaced ended since, as the ledger says.
    private enum SubscriptionEnd {
        case revoked(Date)
        case ended(Date)
    }

    /// What became of the subscription a replaced period belonged to: it goes on under the
    /// `change` ("upgrade", "crossgrade"), unless the ledger says it has ended since (a refund
    /// of the upgrade, an expire).
    private static func afterThe(_ change: String, _ end: SubscriptionEnd?) -> String {
        switch end {
        case nil: "the subscription goes on under the \(change)'s transaction"
        case .revoked(let date)?: "the subscription went on under the \(change) and was revoked on \(text(date)) (according to the store)"
        case .ended(let date)?: "the subscription went on under the \(change) and ended on \(text(date)) (according to the store)"
        }
    }

    /// `revokedWithSubscription`: when the refund of a later period revoked the record's
    /// subscription while its period ran or waited to begin, that refund. `endedBeforeItBegan`:
    /// when the record is a period paid ahead whose subscription ended before it began, that
    /// end. `graceUntil`: when the record is the latest period of a
    /// subscription in its grace period, the grace period's end. `inBillingRetry`: the record is
    /// the latest period of a subscription in billing retry, which resolving its billing renews.
    /// `replacedByCrossgrade`: what replaced the record at once was a plan of its own level.
    private func judge(_ payload: SignedTransactionPayload, now: Date, record: TransactionRecord?, replacedByCrossgrade: Bool = false,
                       revokedWithSubscription: Date? = nil,
                       endedBeforeItBegan: Date? = nil, subscriptionEndedSince: SubscriptionEnd? = nil, graceUntil: Date? = nil,
                       inBillingRetry: Bool = false) -> TransactionVerification {
        let checked = record != nil
        let source = checked ? "the store" : "the token"
        if let revokedWithSubscription {
            return TransactionVerification(status: .revoked, payload: payload,
                                           detail: "transaction \(payload.transactionId) was revoked on \(Self.text(revokedWithSubscription)) "
                                               + "with its subscription, by the refund of a later period (according to the store)",
                                           checkedAgainstLedger: true)
        }
        let revokedAt = record?.state == .refunded ? record?.revocationDate
                                                    : payload.revocationDate.map(SignedTransactionPayload.date(milliseconds:))
        if record?.state == .refunded || payload.revocationDate != nil {
            let when = revokedAt.map { " on \(Self.text($0))" } ?? ""
            // A refund the token carries that the ledger does not hold (a copy of the store that
            // never saw it) is the token's word, not the store's.
            let refundSource = record?.state == .refunded ? "the store" : "the token"
            return TransactionVerification(status: .revoked, payload: payload,
                                           detail: "transaction \(payload.transactionId) was refunded\(when) (according to \(refundSource))",
                                           checkedAgainstLedger: checked)
        }
        if record?.replacedBy != nil || (record == nil && payload.isUpgraded == true) {
            let upgrade = record?.replacedBy.map { " (transaction \($0))" } ?? ""
            let change = replacedByCrossgrade ? "crossgrade" : "upgrade"
            return TransactionVerification(
                status: .upgraded, payload: payload,
                detail: "transaction \(payload.transactionId) was replaced by \(replacedByCrossgrade ? "a" : "an") \(change)\(upgrade) "
                    + "(according to \(source)); " + Self.afterThe(change, subscriptionEndedSince),
                checkedAgainstLedger: checked, replacedBy: record?.replacedBy, byCrossgrade: replacedByCrossgrade)
        }
        if let ended = endedBeforeItBegan {
            return TransactionVerification(status: .expired, payload: payload,
                                           detail: "transaction \(payload.transactionId) never begins: its subscription "
                                               + "ended on \(Self.text(ended)), when or before its period was to begin (according to the store)",
                                           checkedAgainstLedger: checked)
        }
        // A free subscription has no expiry: it ends when the buyer unsubscribes.
        if let record, let unsubscribed = record.unsubscribedDate {
            return TransactionVerification(status: .expired, payload: payload,
                                           detail: "transaction \(payload.transactionId) ended on \(Self.text(unsubscribed)): "
                                               + "the buyer unsubscribed (according to the store)",
                                           checkedAgainstLedger: checked)
        }
        let expires = record.map(\.expiresDate) ?? payload.expiresDate.map(SignedTransactionPayload.date(milliseconds:))
        if let expires, expires <= now, let record, let graceUntil, graceUntil > now {
            return TransactionVerification(
                status: .valid, payload: payload,
                detail: "transaction \(payload.transactionId) is genuine, signed under this store's root certificate, and in force "
                    + "in the store in its grace period: its renewal failed on billing on \(Self.text(expires)), and account "
                    + "\(record.account) keeps access until \(Self.text(graceUntil))",
                checkedAgainstLedger: true)
        }
        if let expires, expires <= now {
            let retry = inBillingRetry ? ": its renewal failed on billing, and the subscription is in billing retry, with no access "
                + "until its billing is resolved" : ""
            return TransactionVerification(status: .expired, payload: payload,
                                           detail: "transaction \(payload.transactionId) expired on \(Self.text(expires))\(retry) (according to \(source))",
                                           checkedAgainstLedger: checked)
        }
        // The account is named: transaction ids are numbered across accounts, so an id looked up
        // for one account may be another's.
        let scope = record.map { "and in force in the store, bought by account \($0.account)" }
            ?? "(not found in the store; judged from the token alone)"
        return TransactionVerification(status: .valid, payload: payload,
                                       detail: "transaction \(payload.transactionId) is genuine, signed under this store's root certificate, \(scope)",
                                       checkedAgainstLedger: checked)
    }

    private static func text(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
