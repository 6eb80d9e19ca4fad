import CCrypto
import Foundation
import StoreLedger

/// An X.509 certificate held by libcrypto, with its DER encoding.
///
/// Immutable once made, so it may be shared between threads.
public final class Certificate: @unchecked Sendable {
    /// What a certificate is for in a three-level chain shaped like the App Store's.
    public enum Role: Sendable {
        /// Self-signed certificate authority.
        case root
        /// Certificate authority signed by the root.
        case intermediate
        /// End entity that signs tokens.
        case leaf
    }

    /// Apple's marker on the intermediate that issues App Store signing certificates.
    public static let intermediateMarker = "1.2.840.113635.100.6.2.1"
    /// Apple's marker on a leaf that signs App Store receipts and transactions.
    public static let leafMarker = "1.2.840.113635.100.6.11.1"

    let handle: OpaquePointer
    /// The certificate in DER, as `x5c` carries it (standard base64 of these bytes).
    public let der: [UInt8]

    private init(handle: OpaquePointer) throws(CryptoError) {
        self.handle = handle
        var bytes: UnsafeMutablePointer<UInt8>?
        let length = storefront_certificate_der(handle, &bytes)
        guard let bytes, length > 0 else {
            X509_free(handle)
            throw CryptoError.fromErrorQueue(operation: "encode a certificate as DER")
        }
        der = Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
        CRYPTO_free(bytes, #fileID, #line)
    }

    deinit {
        X509_free(handle)
    }

    /// Reads one DER certificate; trailing bytes or anything else is refused.
    public convenience init(der: [UInt8]) throws(CryptoError) {
        let read = der.withUnsafeBufferPointer { storefront_certificate_from_der($0.baseAddress, $0.count) }
        guard let read else {
            let detail = CryptoError.fromErrorQueue(operation: "read a certificate")
            throw .invalidKey(expected: "an X.509 certificate in DER form", detail: detail.detail)
        }
        try self.init(handle: read)
    }

    /// Issues a certificate for `subjectKey`, signed by `issuerKey` on behalf of `issuer`
    /// (nil for a self-signed root), valid over `validity`.
    ///
    /// `marker` is the App Store marker extension to carry; by default the one of `role`
    /// (none on a root). Passing another value makes chains Apple's verifiers refuse, which is
    /// what tests of those refusals need.
    public static func issue(
        role: Role, commonName: String, organization: String, subjectKey: P256PrivateKey,
        issuer: Certificate?, issuerKey: P256PrivateKey, serial: Int, validity: ClosedRange<Date>,
        marker: String?? = .none
    ) throws(CryptoError) -> Certificate {
        let markerOID: String? = switch marker {
        case .some(let chosen): chosen
        case .none: role == .root ? nil : role == .intermediate ? intermediateMarker : leafMarker
        }
        let made = markerOID.withOptionalCString { oid in
            storefront_issue_certificate(
                subjectKey.key, commonName, organization, issuerKey.key, issuer?.handle, serial,
                role == .leaf ? 0 : 1, oid,
                time_t(validity.lowerBound.timeIntervalSince1970), time_t(validity.upperBound.timeIntervalSince1970))
        }
        guard let made else { throw CryptoError.fromErrorQueue(operation: "issue a certificate") }
        return try Certificate(handle: made)
    }

    /// The certificate as PEM text ("BEGIN CERTIFICATE"), ending in a newline.
    public var pem: String {
        PEMBlock(label: PEMBlock.certificateLabel, bytes: der).text
    }

    /// Whether the certificate carries the extension `oid` (dotted decimal).
    public func hasExtension(_ oid: String) -> Bool {
        storefront_certificate_has_extension(handle, oid) == 1
    }

    /// The certificate's public key, when it is a P-256 key.
    public func publicKey() -> P256PublicKey? {
        guard let key = storefront_certificate_public_key(handle) else {
            ERR_clear_error()
            return nil
        }
        return P256PublicKey(owning: key)
    }

    /// Whether `key` is the private half of this certificate's public key.
    public func matches(_ key: P256PrivateKey) -> Bool {
        storefront_certificate_matches_key(handle, key.key) == 1
    }

    /// Why `leaf` ← `intermediate` ← `root` does not hold at `date` under OpenSSL's strict
    /// checks, trusting `root` alone, in libcrypto's words; nil when it holds.
    public static func chainProblem(leaf: Certificate, intermediate: Certificate, root: Certificate, at date: Date) -> String? {
        let code = storefront_verify_chain(root.handle, intermediate.handle, leaf.handle, time_t(date.timeIntervalSince1970))
        ERR_clear_error()
        guard code != 0 else { return nil }
        guard code > 0, let text = X509_verify_cert_error_string(Int(code)) else {
            return "the chain could not be checked"
        }
        return String(cString: text)
    }
}

private extension Optional where Wrapped == String {
    /// Calls `body` with a C string of the value, or NULL when there is none.
    func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        switch self {
        case .some(let text): text.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
