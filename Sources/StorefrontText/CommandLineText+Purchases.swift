import StoreCatalog
import StoreEngine

/// The command line's sentences for buying, spending, refunding, settling and store time.
extension CommandLineText {
    public enum Purchases {
        public static func notAUUID(_ token: String) -> String {
            "--app-account-token takes a UUID such as 3f2c9e1a-8d4b-4c6e-9a7f-0b1c2d3e4f50, not \"\(EchoedText.cut(token))\""
        }

        public static func notASimulation(_ value: String) -> String { "--simulate takes cancel or fail, not \"\(EchoedText.cut(value))\"" }
        public static func notARefundReason(_ value: String) -> String {
            "--reason takes " + RefundReason.allCases.map(\.word).joined(separator: ", ")
                + " (the App Store's consumptionRequestReason), not \"\(EchoedText.cut(value))\""
        }

        /// How much of a credit may be held, and is: why buying in parts would not help either.
        /// A credit's name, maximum and balance, the counts as the locale writes them.
        public struct CreditCeiling: Sendable {
            public var credit: String
            public var maximum: String
            public var balance: String

            public init(credit: String, maximum: String, balance: String) {
                (self.credit, self.maximum, self.balance) = (credit, maximum, balance)
            }
        }

        /// The advice to buy in several purchases is given only for more than one purchase
        /// takes, and only where the credit could hold it (`ceiling` nil); otherwise the
        /// credit's maximum is named.
        public static func quantityOutOfRange(maximum: Int, given: String, isTooMany: Bool, ceiling: CreditCeiling? = nil) -> String {
            let refusal = "--quantity must be a whole number from 1 to \(maximum), not \"\(EchoedText.cut(given))\""
                + Usage.withoutLeadingZero(given)
            guard isTooMany else { return refusal }
            guard let ceiling else { return refusal + "; buy more in several purchases" }
            return refusal + "; and at most \(ceiling.maximum) \(ceiling.credit) can be held (you have \(ceiling.balance)), "
                + "so several purchases could not add that many either"
        }

        /// `--no-finish` on a purchase that made no transaction (a switch scheduled, a plan kept).
        public static let nothingLeftUnfinished = "This made no new transaction, so --no-finish left nothing unfinished."

        public static let leftUnfinished =
            " The transaction is left unfinished: `storefront deliver-unfinished` (or the next start of the storefront) delivers it."

        /// A purchase's message with its transaction named, when it made one and the message
        /// does not name it already.
        /// `madeNow`: false where the purchase made none and `id` is the transaction that holds
        /// what it asked for (owned already, a plan kept), which "Transaction …" after "nothing
        /// was charged" read as a record made then.
        public static func withTransaction(_ message: String, id: String?, madeNow: Bool = true) -> String {
            guard let id, !message.contains("transaction \(id)") else { return message }
            return message + (madeNow ? " Transaction \(id)." : " Held by transaction \(id).")
        }

        /// How a parent's approval of `account`'s request ended, before what it did, said as
        /// `account`'s purchase.
        public enum Approval: Sendable {
            case approved, closedAsMoot, closedAsScheduled, refused

            /// How the approval that ended in `outcome` ended, for the command line and the
            /// storefront alike: a plan change scheduled or a renewal turned back on was approved
            /// (before: the storefront said "not approved" over "switches at its next renewal").
            public static func of(_ outcome: PurchaseOutcome) -> Approval {
                switch outcome {
                case .alreadyOwned: .closedAsMoot
                // The switch asked for was scheduled meanwhile: the message says "Already scheduled".
                case .changeScheduled(_, _, _, _, alreadyScheduled: true): .closedAsScheduled
                case .purchased, .changeScheduled, .renewalResumed: .approved
                case .cancelled, .failed, .refused, .pending, .needsAction: .refused
                }
            }
        }

        /// `account`: the request's account when it is not the one approving (a parent's
        /// approval of a child's request); nil for the account's own request.
        public static func approvedFor(_ account: String?, _ message: String, _ approval: Approval) -> String {
            // The message after the lead says whose the purchase is in its own words ("kid now has 9").
            let lead = if let account {
                switch approval {
                case .approved: "Approved \(account)'s request."
                // The account had it already: the store closed the request, and charged nothing,
                // which the message then says ("kid already owns …").
                case .closedAsMoot: "Closed \(account)'s request:"
                case .closedAsScheduled: "Closed \(account)'s request without a charge."
                case .refused: "\(account)'s request was not approved."
                }
            } else {
                switch approval {
                case .approved: "Approved the request."
                case .closedAsMoot: "Closed the request, as this account has it already."
                case .closedAsScheduled: "Closed the request without a charge."
                case .refused: "The request was not approved."
                }
            }
            return "\(lead) \(message)"
        }

        public static func spent(_ amount: Int, of credit: String, left balance: Int, text: StoreText) -> String {
            "Spent \(text.count(amount)) of your \(credit); \(text.count(balance)) left."
        }

        /// A spend of more than any balance of the credit may hold, where buying more cannot help.
        public static func moreThanCanBeHeld(asked requested: Int, of credit: String, ceiling: Int, have balance: Int, text: StoreText) -> String {
            "Refused: you asked to spend \(text.count(requested)) of your \(credit) and you have \(text.count(balance)) "
                + "(no more than \(text.count(ceiling)) can ever be held); nothing was spent."
        }

        /// `undelivered`: bought on this device and not delivered yet, which delivering adds
        /// before buying more would.
        public static func insufficient(asked requested: Int, of credit: String, have balance: Int, undelivered: Int = 0, text: StoreText) -> String {
            "Refused: you asked to spend \(text.count(requested)) of your \(credit) and you have \(text.count(balance)); nothing was spent. "
                + (undelivered > 0 ? "\(text.count(undelivered)) more bought here wait to be delivered: `storefront deliver-unfinished` delivers them."
                    : "Buy more first.")
        }

        /// `account`: whose request it was, when another account declined it.
        public static func declined(_ title: String, transaction id: String, of account: String? = nil) -> String {
            "Declined \(account.map { "\($0)'s request" } ?? "the request") to buy \(title) (transaction \(id)); nothing was charged."
        }

        public static func nothingUnfinished(device: String) -> String { "No unfinished transactions on \(device)." }

        public static func storeTimeAdvanced(to time: String, dueEvents: Int, text: StoreText) -> String {
            "Store time is now \(time) (UTC); \(text.count(dueEvents)) subscription event\(dueEvents == 1 ? "" : "s") fell due."
        }

        public static func storeTimeStopped(at latest: String) -> String {
            "store time has stopped at \(latest), where it ends, so nothing can advance it; to go on, start a new store "
                + "(another entitlements file or database)"
        }

        public static func tooLongFromHere(_ duration: String, reason: String) -> String {
            "\"\(duration)\" is too long from here: \(reason)"
        }

        public static func unsubscribed(from title: String) -> String { "Unsubscribed from \(title)." }
        /// A subscription command given a product that is no subscription.
        public static func notASubscription(_ title: String) -> String {
            "\(title) is not a subscription; `storefront products` lists the subscriptions, `storefront transactions` their transactions."
        }

        /// A subscription command given a pass (a non-renewing subscription).
        public static func doesNotRenew(_ title: String) -> String {
            "\(title) does not renew: it lasts its term and ends by itself, so there is no renewal to change; "
                + "`storefront entitlements` shows until when it lasts."
        }

        /// An unsubscribe naming a free subscription's ended transaction while a later one is in force.
        public static func endedWhileAnotherIsInForce(_ title: String, ended: String, inForce: String) -> String {
            "Transaction \(ended) of \(title) has ended already; nothing changed. You are subscribed under transaction \(inForce): "
                + "`storefront cancel-renewal \(inForce)` unsubscribes from it."
        }

        /// An unsubscribe from a free subscription that had ended already.
        public static func alreadyUnsubscribed(from title: String) -> String {
            "You are not subscribed to \(title) any more; nothing changed."
        }

        /// Said after `cancel-renewal` or `resume-renewal` when auto-renew already was as asked.
        public static func autoRenewAlready(on: Bool) -> String {
            "Auto-renew was already \(on ? "on" : "off"); nothing changed."
        }
    }
}
