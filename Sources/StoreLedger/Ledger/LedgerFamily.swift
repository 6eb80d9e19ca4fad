/// The files of one ledger: the ledger itself and every file kept beside it.
///
/// The one place that names them, so the store, the command line, signing and the benchmark
/// agree on where a ledger's key, lock, checkpoints and side files are.
public struct LedgerFamily: Sendable, Hashable {
    /// The ledger file (`entitlements.jsonl` by default).
    public let ledgerPath: String

    public init(ledgerPath: String) {
        self.ledgerPath = ledgerPath
    }

    /// The MAC key (`<ledger>.key`, mode 0600).
    public var keyPath: String { ledgerPath + Self.keySuffix }

    /// The writers' lock file, which also holds the commit mark (`<ledger>.lock`).
    public var lockPath: String { ledgerPath + Self.lockSuffix }
    /// What a ledger's path is followed by in its lock file's.
    public static let lockSuffix = ".lock"
    public static let keySuffix = ".key"

    /// The most bytes a file name may have (Linux's NAME_MAX).
    public static let fileNameLimit = 255
    /// The longest suffix a file kept beside every ledger adds to its name: the certificate
    /// authority written under a temporary name (`.authority.pem.new-` and 16 hex digits).
    public static let longestSiblingSuffix = ".authority.pem.new-XXXXXXXXXXXXXXXX"
    public static var longestSiblingSuffixBytes: Int { longestSiblingSuffix.utf8.count }

    /// The certificate authority that signs transactions and other signed data: its leaf's
    /// private key and the chain of certificates (`<ledger>.authority.pem`, mode 0600).
    public var authorityPath: String { ledgerPath + Self.authoritySuffix }
    static let authoritySuffix = ".authority.pem"

    /// Whether `path` ends as the files kept beside every ledger do (its lock, key and
    /// certificate authority): something else found there took the place of a file of the
    /// store's own, and is to be moved away, where a path a user gives (a device) never is.
    static func endsAsAKeptFile(_ path: String) -> Bool {
        [lockSuffix, keySuffix, authoritySuffix].contains { path.hasSuffix($0) }
    }

    /// The private half of the in-app purchase key `keyID`, a PKCS#8 PEM file as App Store
    /// Connect hands developers (`<ledger>.SubscriptionKey_<keyID>.p8`, mode 0600).
    public func inAppPurchaseKeyPath(keyID: String) -> String {
        ledgerPath + ".SubscriptionKey_" + keyID + ".p8"
    }

    /// The file a running `storefront serve` holds locked while it serves the app `name` of
    /// the ledger, holding the address it listens on (`<ledger>.serving-<name>`); a server that
    /// died holds no lock. One per app, as a server serves its catalog's app only: the
    /// storefront and `notifications` of one app must not name another app's server.
    public func servingPath(app name: String) -> String {
        ledgerPath + ".serving-" + Self.pathSafe(name)
    }

    /// The files a new ledger is made of, which a copy of a ledger must carry.
    public var essentialPaths: [String] { [ledgerPath, keyPath] }

    /// The file the one process delivering the notifications of the app `app` holds locked
    /// (`<ledger>.delivering-<app>`), so two servers of one app do not both send them.
    public func deliveryClaimPath(app: String) -> String {
        ledgerPath + ".delivering-" + Self.pathSafe(app)
    }

    /// The checkpoint kept for the app `name` (`<ledger>.checkpoint-<name>`).
    public func checkpointPath(named name: String) -> String {
        ledgerPath + ".checkpoint-" + Self.pathSafe(name)
    }

    /// An app's name as part of a file name. Bundle ids are letters, digits, dots and hyphens;
    /// anything else must not reach a path.
    private static func pathSafe(_ name: String) -> String {
        name.unicodeScalars.map { scalar -> String in
            let isPlain = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            return isPlain || scalar == "." || scalar == "-" || scalar == "_" ? String(scalar) : "_"
        }.joined()
    }

    /// What a side file holds: a torn last line moved aside, or the damaged rest cut off by repair.
    public enum SideFile: String, Sendable {
        case torn
        case damaged
    }

    /// A side file's path (`<ledger>.torn-<stamp>`), with `-<attempt>` from the second attempt
    /// on, when a file of that second already exists.
    public func sideFilePath(_ kind: SideFile, stamp: String, attempt: Int = 1) -> String {
        "\(ledgerPath).\(kind.rawValue)-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)")
    }
}
