import Foundation
import StoreLedger

/// The store's local certificate authority, shaped like the App Store's: a self-signed root,
/// an intermediate with Apple's intermediate marker, and a leaf with Apple's leaf marker that
/// signs every token. All three use P-256 keys and SHA-256 signatures.
///
/// Only the leaf's private key is kept: the root and the intermediate sign once, when the
/// authority is made, so nothing on disk can issue another leaf in the store's name.
public struct CertificateAuthority: Sendable {
    /// The organisation named in every certificate the store makes.
    public static let organization = "Storefront"
    static let rootName = "Storefront Local Root CA"
    static let intermediateName = "Storefront Local Signing CA"
    static let leafName = "Storefront Local Signing"

    /// When every certificate is valid: from 2000-01-01 through 9999-12-31 (UTC).
    ///
    /// Tokens are checked at their `signedDate`, which follows the store clock, and store time
    /// can be advanced by years; the widest range X.509 can state keeps every date the store
    /// can reach inside it.
    public static let validity: ClosedRange<Date> =
        Date(timeIntervalSince1970: 946_684_800)...Date(timeIntervalSince1970: 253_402_300_799)

    /// The dates a token may be signed at: OpenSSL counts a certificate as expired at the very
    /// second of its `notAfter`, so that last second is left out.
    public static let signingDates: Range<Date> = validity.lowerBound..<validity.upperBound

    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    let leafKey: P256PrivateKey

    /// Puts an authority together from its parts, refusing any that are not a chain this store
    /// makes: a key that does not fit the leaf, certificates that do not chain, a marker missing.
    public init(leafKey: P256PrivateKey, leaf: Certificate, intermediate: Certificate, root: Certificate)
        throws(AuthorityProblem) {
        guard leaf.matches(leafKey) else { throw .keyMismatch }
        if let problem = Certificate.chainProblem(leaf: leaf, intermediate: intermediate, root: root,
                                                  at: Self.validity.lowerBound.addingTimeInterval(86_400)) {
            throw .chainBroken(detail: problem)
        }
        guard intermediate.hasExtension(Certificate.intermediateMarker) else {
            throw .markerMissing(certificate: "intermediate", marker: Certificate.intermediateMarker)
        }
        guard leaf.hasExtension(Certificate.leafMarker) else {
            throw .markerMissing(certificate: "leaf", marker: Certificate.leafMarker)
        }
        self.leafKey = leafKey
        self.leaf = leaf
        self.intermediate = intermediate
        self.root = root
    }

    /// Makes a new authority with fresh keys and random serial numbers.
    public static func make() throws(CryptoError) -> CertificateAuthority {
        let chain = try CertificateChain.issue(names: (rootName, intermediateName, leafName), organization: organization)
        do {
            return try CertificateAuthority(leafKey: chain.leafKey, leaf: chain.leaf, intermediate: chain.intermediate, root: chain.root)
        } catch {
            throw .libcryptoFailure(operation: "check a newly made certificate authority", detail: error.reason)
        }
    }

    /// The checked chain, for signing.
    var chain: CertificateChain {
        CertificateChain(root: root, intermediate: intermediate, leaf: leaf, leafKey: leafKey)
    }

    /// The `x5c` header value: leaf, intermediate, root, each the standard base64 of its DER.
    public var x5c: [String] { chain.x5c }
}
