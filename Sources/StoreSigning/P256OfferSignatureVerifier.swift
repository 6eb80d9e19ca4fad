import Foundation
import StoreEngine

/// Checks promotional offer signatures with libcrypto: ECDSA over SHA-256, DER-encoded.
public struct P256OfferSignatureVerifier: OfferSignatureVerifier {
    public init() {}

    public func isValid(signature: [UInt8], of message: [UInt8], publicKey: String) -> Bool {
        guard let der = Data(base64Encoded: publicKey),
              let key = try? P256PublicKey(pem: PEMBlock(label: "PUBLIC KEY", bytes: Array(der)).text) else { return false }
        return key.isValidDERSignature(signature, for: message)
    }
}
