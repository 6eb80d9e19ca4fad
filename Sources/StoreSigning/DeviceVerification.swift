import Foundation
import StoreLedger

/// The device check of an app transaction: a per-device id the app knows, a fresh nonce, and
/// the SHA-384 that binds them, as StoreKit's `deviceVerification` does.
public struct DeviceVerification: Sendable, Equatable {
    /// The device's verification id (a lowercase UUID): what the app compares with.
    public var deviceID: String
    /// A fresh lowercase UUID.
    public var nonce: String
    /// Base64 of SHA-384(nonce + deviceID).
    public var hash: String

    /// The check for `device` of the app `bundleID`, with a new nonce.
    public init(bundleID: String, device: String, nonce: UUID = UUID()) throws(CryptoError) {
        deviceID = try Self.deviceID(bundleID: bundleID, device: device)
        self.nonce = nonce.uuidString.lowercased()
        hash = Data(try SHA384.digest(Array((self.nonce + deviceID).utf8))).base64EncodedString()
    }

    /// The device's verification id: a UUID derived from app and device name, so every process
    /// and release finds the same one, and each app sees its own (as Apple's vendor ids are).
    public static func deviceID(bundleID: String, device: String) throws(CryptoError) -> String {
        let bytes = try deviceIDBytes(bundleID: bundleID, device: device)
        let uuid = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return uuid.uuidString.lowercased()
    }

    /// The sixteen bytes of `deviceID`, as an app receipt's hash covers them.
    static func deviceIDBytes(bundleID: String, device: String) throws(CryptoError) -> [UInt8] {
        var bytes = Array(try SHA256.digest(Array("device-verification\n\(bundleID)\n\(device)".utf8)).prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x50  // version 5 layout: a name-based UUID
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        return bytes
    }
}
