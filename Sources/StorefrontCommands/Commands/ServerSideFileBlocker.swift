import StoreLedger
import StorefrontText

/// What stands where `storefront serve` keeps one of its files beside an entitlements file
/// and is no such file (a directory, a FIFO, a link; notes, where it keeps its address), in
/// words with the `mv` that clears it. Said by the server, and by `notifications`, which
/// would otherwise not know why no server is seen.
enum ServerSideFileBlocker {
    /// The sentence for the file of `role` of the app `session` serves; nil when nothing
    /// stands in its way, or the store is a database's, which keeps these in itself.
    static func sentence(_ session: StoreSession, role: ServerText.SideFile) -> String? {
        guard case .file(let ledgerPath) = session.location else { return nil }
        let family = LedgerFamily(ledgerPath: ledgerPath)
        let app = session.catalog.bundleID
        let path = switch role {
        case .address: family.servingPath(app: app)
        case .deliveryClaim: family.deliveryClaimPath(app: app)
        }
        guard let found = try? POSIXFileSystem().status(atPath: path) else { return nil }
        // A claim is a lock on the file, whatever it holds; an address is written over.
        let what = !found.isRegularFile ? found.kind.description
            : role == .address && ServerPresence.holdsSomethingElse(atPath: path) ? ServerText.SideFile.notAnAddress : nil
        return what.map { ServerText.sideFileInTheWay(path, found: $0, role: role, moveAside: MoveAside.command(for: path)) }
    }
}
