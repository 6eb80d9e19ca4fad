import Foundation
import StoreLedger

/// A root, an intermediate and a leaf with the leaf's private key, as issued, not yet checked
/// to be a chain the store trusts (`CertificateAuthority` is the checked form).
public struct CertificateChain: Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    public let leafKey: P256PrivateKey

    public init(root: Certificate, intermediate: Certificate, leaf: Certificate, leafKey: P256PrivateKey) {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.leafKey = leafKey
    }

    /// Issues a new chain with fresh P-256 keys and random serial numbers, valid over
    /// `CertificateAuthority.validity`, with the App Store markers unless others are given
    /// (`nil` for none: chains Apple's verifiers refuse, which tests of that refusal need).
    public static func issue(
        names: (root: String, intermediate: String, leaf: String), organization: String,
        intermediateMarker: String? = Certificate.intermediateMarker, leafMarker: String? = Certificate.leafMarker
    ) throws(CryptoError) -> CertificateChain {
        let rootKey = try P256PrivateKey.generate()
        let intermediateKey = try P256PrivateKey.generate()
        let leafKey = try P256PrivateKey.generate()
        let validity = CertificateAuthority.validity
        let root = try Certificate.issue(role: .root, commonName: names.root, organization: organization,
                                         subjectKey: rootKey, issuer: nil, issuerKey: rootKey,
                                         serial: try randomSerial(), validity: validity)
        let intermediate = try Certificate.issue(role: .intermediate, commonName: names.intermediate, organization: organization,
                                                 subjectKey: intermediateKey, issuer: root, issuerKey: rootKey,
                                                 serial: try randomSerial(), validity: validity, marker: .some(intermediateMarker))
        let leaf = try Certificate.issue(role: .leaf, commonName: names.leaf, organization: organization,
                                         subjectKey: leafKey, issuer: intermediate, issuerKey: intermediateKey,
                                         serial: try randomSerial(), validity: validity, marker: .some(leafMarker))
        return CertificateChain(root: root, intermediate: intermediate, leaf: leaf, leafKey: leafKey)
    }

    /// The `x5c` header value: leaf, intermediate, root, each the standard base64 of its DER.
    public var x5c: [String] {
        [leaf, intermediate, root].map { Data($0.der).base64EncodedString() }
    }

    /// `payload` (JSON bytes) as an ES256 compact JWS signed by the leaf, with this chain in `x5c`.
    public func sign(payload: [UInt8]) throws(CryptoError) -> String {
        try CompactJWS.sign(payload: payload, with: self)
    }

    /// A positive serial number below 2^62 from the secure generator, so that two stores'
    /// certificates never share issuer and serial.
    private static func randomSerial() throws(CryptoError) -> Int {
        let bytes = try SecureRandom.bytes(count: 8)
        let value = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(value >> 2) | 1
    }
}
