import StoreLedger
import StoreSigning

/// Derives a notification's notificationUUID from the event that caused it.
///
/// A name-based UUID (RFC 9562 version 8, from SHA-256) of the store's id, the event's ledger
/// sequence and the notification's place among that event's notifications: every process,
/// before and after a restart, gives the same notification the same UUID, and two stores
/// (two ledgers, each with its own certificate authority) never share one.
///
/// A file store is told apart by its certificate authority, which lives beside the ledger. A
/// store on PostgreSQL is told apart by its header row instead: every machine keeps its own
/// authority for it, and machines that named one notification differently would not find
/// each other's delivery attempts and would send it again.
public struct NotificationIdentity: Sendable {
    /// What tells this store apart from others: the SHA-256 of its root certificate, in hex.
    public let storeID: String

    public init(storeID: String) {
        self.storeID = storeID
    }

    /// The identity of the store whose certificate authority is `authority`.
    public init(authority: CertificateAuthority) throws(CryptoError) {
        storeID = Hex.string(try SHA256.digest(authority.root.der))
    }

    /// The identity of a store on PostgreSQL, from its header line (the first line of its MAC
    /// chain, which every machine reads the same and no other store shares).
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
