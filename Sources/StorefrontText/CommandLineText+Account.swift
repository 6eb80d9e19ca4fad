/// The command line's sentences for `entitlements`, `transactions` and `reset-device`.
extension CommandLineText {
    public enum Account {
        public static func entitlementsHeading(account: String, device: String) -> String {
            "Entitlements of \(account) on \(device):"
        }

        /// In place of the rows when no event of the store could be verified: none would be
        /// the account's, and zeros would read as its balances.
        public static func nothingVerified(database: Bool) -> String {
            "  nothing can be shown: no \(database ? "row" : "line") of the store could be verified (the warning on stderr says why)"
        }

        /// The first column's words for what is not a subscription state.
        public static let ownedLabel = "owned", activeLabel = "active", expiredLabel = "expired", creditsLabel = "credits"

        /// Whether a row of `entitlements` is on this device.
        public enum Delivery: Sendable {
            case delivered
            /// Bought on this device; the app has not finished its transaction yet.
            case unfinishedHere
            /// Bought on another device (or this one reset): a restore brings it here.
            case toRestore
            /// On this device, with its latest transaction (an upgrade, a pass bought since) not
            /// finished yet.
            case latestUnfinished
            /// On this device, with a purchase of it made here before its latest transaction (a
            /// pass another device bought since) not finished yet.
            case earlierUnfinished
        }

        /// One row of `entitlements`: the label padded to `labelWidth`, then the details.
        public static func entitlementRow(label: String, labelWidth: Int, details: String, delivery: Delivery) -> String {
            let padded = label.padding(toLength: max(labelWidth, label.count), withPad: " ", startingAt: 0)
            let note = switch delivery {
            case .delivered: ""
            case .unfinishedHere: " (bought here, not delivered yet: `storefront deliver-unfinished` delivers it)"
            case .toRestore: " (not on this device: restore to unlock)"
            case .latestUnfinished: " (its latest purchase, here, not finished yet: `storefront deliver-unfinished` finishes it)"
            case .earlierUnfinished: " (a purchase of it made here is not finished yet: `storefront deliver-unfinished` finishes it)"
            }
            return "  \(padded) \(details)\(note)"
        }

        public static func owned(_ title: String, bought date: String) -> String { "\(title), bought \(date)" }
        public static func pass(_ title: String, until date: String) -> String { "\(title), until \(date)" }
        public static func credit(_ name: String, id: String, balance: Int, undelivered: Int = 0, text: StoreText) -> String {
            "\(name) (\(id)): \(text.count(balance))"
                + (undelivered > 0 ? " (+\(text.count(undelivered)) bought here, not delivered yet: `storefront deliver-unfinished` delivers them)" : "")
        }

        public static func noTransactions(account: String) -> String { "No transactions for \(account) yet." }

        /// `transactions` on a store of which no event verifies: not "none yet", which it may not be.
        public static func noTransactionVerified(database: Bool) -> String {
            "No transactions can be shown: no \(database ? "row" : "line") of the store could be verified (the warning on stderr says why)."
        }

        /// One row of `transactions`; `proratedRefund` is the upgrade's refund sentence (or another
        /// word on the row), if any. The widths are the widest of the listing's date, state and
        /// price, so its columns line up (prices to the right, as figures are).
        public static func transactionRow(id: String, date: String, state: String, price: String, title: String,
                                          device: String, proratedRefund: String?, orderID: String? = nil,
                                          dateWidth: Int = 0, stateWidth: Int = 9, priceWidth: Int = 0) -> String {
            let paddedDate = date.padding(toLength: max(dateWidth, date.count), withPad: " ", startingAt: 0)
            let paddedState = state.padding(toLength: max(stateWidth, state.count), withPad: " ", startingAt: 0)
            let paddedPrice = String(repeating: " ", count: max(0, priceWidth - price.count)) + price
            return "\(id)  \(paddedDate)  \(paddedState)  \(paddedPrice)  \(title)  on \(device)\(proratedRefund.map { " (\($0))" } ?? "")"
                + (orderID.map { "  order \($0)" } ?? "")
        }

        public static func deviceReset(_ device: String) -> String {
            "Device \(device) was reset: purchases need a restore, device credits are gone."
        }
    }
}
