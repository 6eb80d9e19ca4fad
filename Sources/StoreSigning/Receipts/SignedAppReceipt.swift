import CCrypto
import Foundation
import StoreLedger

/// An app receipt wrapped as Apple wraps it: PKCS#7 SignedData holding the receipt's ASN.1
/// payload, signed by the store's leaf certificate and carrying the whole chain.
public enum SignedAppReceipt {
    /// What checking a signed receipt found.
    public enum Check: Equatable, Sendable {
        /// Signed by `root`'s authority; the payload reads as `receipt`.
        case authentic(AppReceipt)
        /// Not a receipt at all: not base64, not PKCS#7 SignedData, or its payload unreadable.
        case malformed(reason: String)
        /// SignedData whose signature or certificate chain does not hold for the root.
        case notAuthentic
    }

    /// `receipt` signed by `authority`, as the DER of a PKCS#7 SignedData.
    public static func sign(_ receipt: AppReceipt, with authority: CertificateAuthority) throws(CryptoError) -> [UInt8] {
        let content = receipt.der
        var der: UnsafeMutablePointer<UInt8>?
        let length = content.withUnsafeBufferPointer { input in
            storefront_pkcs7_sign(authority.leaf.handle, authority.leafKey.key, authority.intermediate.handle,
                                  authority.root.handle, input.baseAddress, Int32(input.count), &der)
        }
        guard let der, length > 0 else { throw CryptoError.fromErrorQueue(operation: "sign an app receipt as PKCS#7") }
        defer { CRYPTO_free(der, #fileID, #line) }
        return Array(UnsafeBufferPointer(start: der, count: Int(length)))
    }

    /// Checks base64 text as an app receipt signed under `root`, at `date` (the certificates'
    /// validity is checked then), and reads its payload.
    public static func check(base64 text: String, root: Certificate, at date: Date) -> Check {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), !bytes.isEmpty else {
            return .malformed(reason: "the receipt data is not base64")
        }
        return check(der: Array(bytes), root: root, at: date)
    }

    /// Checks the DER of a PKCS#7 SignedData as an app receipt signed under `root`.
    public static func check(der: [UInt8], root: Certificate, at date: Date) -> Check {
        var content: UnsafeMutablePointer<UInt8>?
        var contentLength = 0
        let outcome = der.withUnsafeBufferPointer { input in
            storefront_pkcs7_verify(input.baseAddress, input.count, root.handle, time_t(date.timeIntervalSince1970),
                                    &content, &contentLength)
        }
        defer { if let content { CRYPTO_free(content, #fileID, #line) } }
        switch outcome {
        case Int32(STOREFRONT_PKCS7_AUTHENTIC.rawValue):
            guard let content else { return .malformed(reason: "the receipt holds no payload") }
            let payload = Array(UnsafeBufferPointer(start: content, count: contentLength))
            do {
                return .authentic(try AppReceipt(der: payload))
            } catch {
                return .malformed(reason: error.reason)
            }
        case Int32(STOREFRONT_PKCS7_NOT_AUTHENTIC.rawValue):
            return .notAuthentic
        case Int32(STOREFRONT_PKCS7_MALFORMED.rawValue):
            return .malformed(reason: "the receipt data is not a PKCS#7 SignedData with its payload attached")
        default:
            return .malformed(reason: "the receipt could not be checked (libcrypto ran out of memory)")
        }
    }
}
