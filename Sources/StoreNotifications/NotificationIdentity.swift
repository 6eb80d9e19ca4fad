import StoreLedger
import StoreSigning

/// Derives a notification's notificationUUID from the event that caused it.
///
/// A name-based UUID (RFC 9562 version 8, from SHA-256) of the store's id, the event's ledger
/// sequence and the notification's place among that event's notifications: every process,
/// before and after a restart, gives the same notification the same UUID, and two stores never
/// share one.
///
/// A store is told apart by its header line (a file's line 1, a database's header row): written
/// once when the store is made, read the same by every machine, kept when the certificate
/// authority beside it is replaced. Entitlements files were once told apart by their
/// authority; that identity is kept only to find the attempts recorded under it.
public struct NotificationIdentity: Sendable {
    /// What tells this store apart from others: the SHA-256 of its header line (or, formerly,
    /// of its root certificate), in hex.
    public let storeID: String

    public init(storeID: String) {
        self.storeID = storeID
    }

    /// The identity an entitlements file had while its certificate authority was `authority`,
    /// which named its notifications in earlier versions.
    public init(authority: CertificateAuthority) throws(CryptoError) {
        storeID = Hex.string(try SHA256.digest(authority.root.der))
    }

    /// The identity of a store, from its header line (the first line of its MAC chain, which
    /// every machine reads the same and no other store shares).
    public init(storeHeaderLine: String) throws(CryptoError) {
        storeID = Hex.string(try SHA256.digest(Array(storeHeaderLine.utf8)))
    }

    /// The notificationUUID of the `index`th notification of the event at `sequence`.
    public func uuid(sequence: Int, index: Int) throws(CryptoError) -> String {
        let name = "storefront-notification\u{0}\(storeID)\u{0}\(sequence)\u{0}\(index)"
        var bytes = Array(try SHA256.digest(Array(name.utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80 // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // the RFC 9562 variant
        let hex = Hex.string(bytes)
        let cuts = [8, 12, 16, 20]
        var text = ""
        for (offset, character) in hex.enumerated() {
            if cuts.contains(offset) { text.append("-") }
            text.append(character)
        }
        return text
    }
}
