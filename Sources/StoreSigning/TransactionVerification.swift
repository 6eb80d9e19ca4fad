/// The verdict on a signed transaction: its status, its claims when they can be trusted, and
/// what was found, for people.
public struct TransactionVerification: Sendable, Equatable {
    /// The documented outcomes, in the order they are checked.
    public enum Status: String, Sendable, CaseIterable {
        /// Not a compact JWS this store could have issued: wrong number of parts, bad
        /// base64url, a header that is not JSON, an algorithm other than ES256 (so `none`,
        /// `HS256` and the `EdDSA` of earlier versions land here), or signed claims that are
        /// not a transaction.
        case malformed
        /// ES256, but its `x5c` chain is not the App Store's shape or does not reach this
        /// store's root: not three certificates, another authority's chain, or a marker missing.
        case untrustedChain
        /// Well formed and its chain trusted, but the signature does not match the leaf
        /// certificate: the token was changed after signing.
        case signatureInvalid
        /// Genuine, but issued for another app than the one checking it: a token is valid only
        /// for the bundle id it names.
        case otherApp
        /// Genuine, but refunded: the token says so, or the ledger does now.
        case revoked
        /// Genuine, but replaced by an upgrade to a higher plan of its group, or a crossgrade to
        /// one of its level and period (`isUpgraded`, which Apple sets for both): the
        /// subscription goes on under the new plan's transaction, not this one.
        case upgraded
        /// Genuine, but its `expiresDate` (the ledger's, when it knows the transaction) has passed.
        case expired
        /// Genuine and in force.
        case valid
    }

    public var status: Status
    /// The signed claims; present only when the signature checked out.
    public var payload: SignedTransactionPayload?
    /// What was found, in a sentence.
    public var detail: String
    /// Whether the ledger's current record of the transaction was taken into account.
    public var checkedAgainstLedger: Bool
    /// For an upgraded transaction, the upgrade's transaction id, when the ledger knows it.
    public var replacedBy: String?
    /// For an upgraded transaction, whether the ledger and catalog say the plan that replaced
    /// it is of its own level: a crossgrade.
    public var byCrossgrade: Bool

    public init(status: Status, payload: SignedTransactionPayload?, detail: String, checkedAgainstLedger: Bool,
                replacedBy: String? = nil, byCrossgrade: Bool = false) {
        self.status = status
        self.payload = payload
        self.detail = detail
        self.checkedAgainstLedger = checkedAgainstLedger
        self.replacedBy = replacedBy
        self.byCrossgrade = byCrossgrade
    }

    public var isValid: Bool { status == .valid }
}
