import StorefrontApp

/// Where the storefront learns of the ledger's server side: the notifications transactions
/// caused and whether a `storefront serve` is serving the ledger.
///
/// The runtime asks it whenever it takes a snapshot, and for the server alone once a second,
/// since a server starting or stopping changes nothing in the ledger. It is called from the
/// worker thread and the loop's, so it must be safe to share.
public protocol ServerSideSource: Sendable {
    /// The notifications of every transaction and the serving server, as they stand now.
    func read() -> ServerSide
    /// The address a live server announced; nil when none is serving the ledger.
    func servingAddress() -> String?
}
