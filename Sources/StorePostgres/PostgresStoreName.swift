import StoreSigning

/// The file name a store on PostgreSQL gives its key and signing files on this machine: its
/// host, port and database joined by `-`, each character outside ASCII letters, digits and
/// `.-_` turned into `_`.
///
/// That turning loses what was there (`team shop` and `team_shop` would read alike), and two
/// databases sharing one key could re-sign each other's rows. So when anything was turned, the
/// name ends in `+` and a digest of the exact parts: `+` is never in a name nothing was turned
/// in, so no database can be named to look like another's digest.
struct PostgresStoreName: Equatable {
    /// The name the files go by.
    let name: String
    /// The name earlier versions gave the same database, when it differs from `name`: a key
    /// there may be this database's, or another's that used to share it.
    let formerName: String?

    /// How many hex digits of the SHA-256 digest the name keeps: 64 bits, so making a second
    /// database whose name matches a given one's takes about 2^64 tries.
    static let digestDigits = 16

    /// The longest name kept whole: the files add up to 30 bytes to it (`.SubscriptionKey_<id>.p8`),
    /// and a file name holds 255. A longer one is cut and given the digest, as a turned one is.
    static let longestWholeName = 200

    init(host: String, port: String, database: String) throws(PostgresStoreError) {
        let parts = [host, port, database]
        let joined = parts.joined(separator: "-")
        let safe = String(String.UnicodeScalarView(joined.unicodeScalars.map { Self.isSafe($0) ? $0 : "_" }))
        guard safe != joined || joined.utf8.count > Self.longestWholeName else {
            name = joined
            formerName = nil
            return
        }
        // A libpq value cannot hold NUL, so joining by it keeps every part's bounds.
        let digest: [UInt8]
        do {
            digest = try SHA256.digest(Array(parts.joined(separator: "\0").utf8))
        } catch {
            throw .invalidAddress(reason: "its key file's name needs a SHA-256 digest of its host, port and database, "
                + "which libcrypto could not compute (\(error)); set STOREFRONT_STORE_KEY to the key file's path instead")
        }
        let hex = digest.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
        // `safe` is ASCII: cutting it by characters cuts it by bytes. A name that was only too
        // long had no former name: no file could be made under it.
        name = String(safe.prefix(Self.longestWholeName)) + "+" + hex.prefix(Self.digestDigits)
        formerName = safe.utf8.count > Self.longestWholeName ? nil : safe
    }

    private static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
    }
}
