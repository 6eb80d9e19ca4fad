import Foundation

extension CommandLineText {
    /// `storefront notifications`.
    public enum Notifications {
        /// None recorded yet; `url` is where they will go, nil while no notification-url is set.
        public static func none(sentTo url: String?) -> String {
            guard let url else { return "No notifications yet; store events cause them (set notification-url to have them sent)." }
            return "No notifications yet; store events cause them (a purchase, renewal or refund), and a running storefront serve "
                + "sends them to \(url)."
        }

        /// Who delivers the notifications now.
        public static func servedBy(_ address: String) -> String {
            "storefront serve is running (\(address)) and delivers them."
        }

        /// No server announced itself, while something stands where a server keeps its address
        /// (named after this): one may be delivering them unseen.
        public static let notAnnounced = "No storefront serve has announced that it delivers them, and none can until what stands "
            + "where it keeps its address is moved away: one may be delivering them meanwhile."

        /// No server delivers; `anyWaiting`: some notification is pending, and waits for one.
        public static func notServed(anyWaiting: Bool) -> String {
            anyWaiting ? "No storefront serve is delivering them: pending notifications wait until one does."
                : "No storefront serve is delivering them, and none of these waits to be sent."
        }

        /// One notification: "2026-01-01 10:00  SUBSCRIBED/INITIAL_BUY  tx 2000000001  delivered  UUID".
        public static func listed(date: String, kind: String, transactionID: String?, state: String, id: String) -> String {
            "\(date)  \(kind)  " + (transactionID.map { "tx \($0)" } ?? "no transaction") + "  \(state)  \(id)"
        }

        /// One attempt under its notification: "    attempt 2026-01-01 10:00: 500".
        public static func attempt(date: String, outcome: String) -> String {
            "    attempt \(date): \(outcome)"
        }

        /// An entitlements file without a whole first line, whose notifications have no name yet.
        public static func noLedgerHeader(_ path: String) -> String {
            "\(path) has no whole header line, so its notifications cannot be named; run `storefront verify` on it "
                + "(and `storefront repair` if it reports a torn line)"
        }

        /// A delivery pass that failed; the server goes on and tries again.
        public static func deliveryFailed(_ detail: String) -> String {
            "notifications could not be delivered (trying again): \(detail)"
        }

        /// A server that could not take the app's delivery claim: another server holds it, or
        /// the claim's file cannot be made.
        public static let standingBy =
            "another storefront serve of this app delivers its notifications from this store (or the delivery claim cannot be taken now); "
                + "this one answers requests and takes over when it can"

        /// A server that may not write the store, so it cannot record what it sends and leaves
        /// the delivery claim to a server that can.
        public static func cannotRecord(_ reason: String) -> String {
            "this storefront serve cannot record notification attempts, so it delivers none and leaves them to a storefront "
                + "serve that can write the store; it answers requests, and delivers once it may write. Why it cannot write, "
                + "and what mends it: \(reason)"
        }

        /// A server that may write the store again, after it could not.
        public static let mayRecordAgain = "this storefront serve may now write the store and delivers the app's notifications"

        /// A server kept from the delivery claim by what stood at its file's path, once it was moved away.
        public static let claimCleared =
            "this storefront serve now delivers the app's notifications (what stood where it keeps its delivery claim was moved away)"

        /// A server standing by that took over delivering.
        public static let tookOver =
            "this storefront serve now delivers the app's notifications (the one that did stopped, or may no longer write the store)"

        /// A server whose connection to the store's database broke, or that cannot connect.
        public static func databaseLost(store: String, reason: String) -> String {
            "lost the connection to the store's database \(store) (\(reason)); notifications wait, and requests are answered "
                + "500, until it is back"
        }

        /// The database reached again by a server that holds the delivery claim: `again` when
        /// it delivered before the connection was lost.
        public static func databaseBackDelivering(again: Bool) -> String {
            "the connection to the store's database is back; this storefront serve "
                + (again ? "delivers the app's notifications again" : "now delivers the app's notifications")
        }

        /// How many requests were answered 500 while the database could not be reached, added
        /// to the line that says it is back.
        public static func answeredMeanwhile(_ count: Int) -> String {
            count == 1 ? "; 1 request was answered 500 meanwhile" : "; \(count) requests were answered 500 meanwhile"
        }

        /// The database reached again by a server that finds another holding the delivery claim.
        public static let databaseBackStandingBy =
            "the connection to the store's database is back; another storefront serve of this app delivers its notifications, "
                + "and this one takes over when it can"

        /// The database reached again by a server that finds it may not write the store.
        public static func databaseBackCannotRecord(_ reason: String) -> String {
            "the connection to the store's database is back; " + cannotRecord(reason)
        }

        /// When a pending notification's next attempt is due.
        public static func nextAttempt(date: String) -> String {
            "    next attempt due \(date) (store time)"
        }
    }
}
