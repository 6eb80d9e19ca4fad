import StoreLedger
import StoreNotifications
import StorefrontApp
import StorefrontRuntime

/// The server side of a ledger file for the storefront: the notifications from the same
/// fold `storefront notifications` lists, and the server holding the ledger's serving file.
struct LedgerServerSide: ServerSideSource {
    /// Nil while there is no ledger file (and so no notification).
    let feed: NotificationFeed?
    let family: LedgerFamily
    /// The storefront's app: only a server of this app is shown as serving it.
    let app: String

    func read() -> ServerSide {
        ServerSide(notifications: notificationLines(), servingAddress: servingAddress())
    }

    func servingAddress() -> String? {
        ServerPresence.servingAddress(family, app: app)
    }

    /// Each transaction's notifications; none when the ledger cannot be read now, since the
    /// store's own refresh reports that trouble on screen already.
    private func notificationLines() -> [String: [NotificationLine]] {
        guard let feed, let fold = try? feed.refresh() else { return [:] }
        var lines: [String: [NotificationLine]] = [:]
        for notification in fold.notifications {
            guard let transactionID = notification.transactionID else { continue }
            let kind = [notification.type.rawValue, notification.subtype?.rawValue].compactMap { $0 }.joined(separator: "/")
            lines[transactionID, default: []].append(
                NotificationLine(kind: kind, state: notification.deliveryState.name, attempts: notification.attempts.count))
        }
        return lines
    }
}
