import Foundation
import StoreEngine
import StoreCatalog
import StoreLedger

/// The sentence each store refusal says: what was wrong and what to do instead.
extension StoreError: CustomStringConvertible {
    /// One line: it may echo what was typed (an id with a line break in it), and reports that
    /// keep their own line breaks print it.
    public var description: String { EchoedText.oneLine(sentence) }

    private var sentence: String {
        switch self {
        case let .unknownCredit(id, known, held):
            "there is no credit \"\(EchoedText.cut(id))\" in this catalog; credits: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
                + (held == 0 ? "" : ". The store holds a balance of \(held) in it, kept as it is: spend it with the catalog that has it (--catalog PATH)")
        case let .invalidAmount(amount):
            "the amount \(amount) is not valid; give a whole number of 1 or more"
        case let .unknownTransaction(id):
            "there is no transaction \"\(EchoedText.cut(id))\" for this app; `storefront transactions` lists them"
        case let .transactionOfAnotherAccount(id, owner, account):
            "transaction \(id) was bought by \(owner), not \(account); nothing was refunded. To refund it, give "
                + "\(Self.accountOption(owner)) (`storefront transactions` lists \(account)'s own)"
        case let .purchaseOfAnotherAccount(id, owner, account):
            "transaction \(id) was bought by \(owner), not \(account), and only its buyer completes an interrupted purchase; "
                + "nothing was charged. To complete it as \(owner): `storefront \(Self.accountOption(owner)) resolve \(id)`"
        case let .subscriptionOfAnotherAccount(id, owner, account):
            "transaction \(id) is of \(owner)'s subscription, not \(account)'s; nothing was changed. To change it, give "
                + "\(Self.accountOption(owner)) (`storefront transactions` lists \(account)'s own)"
        case let .notRefundable(id, state):
            state == .refunded ? "transaction \(id) was refunded already; nothing was changed"
                : "transaction \(id) is \(state.described) and cannot be refunded; only completed purchases can"
                    + (state == .pending ? " (a parent approves or declines it: `storefront approve \(id)` or `storefront decline \(id)`)"
                       : state == .needsAction ? " (its buyer completes it: `storefront resolve \(id)`)" : "")
        case let .invalidSettingValue(setting, value, allowed) where setting == StoreSetting.receiptSharedSecret.rawValue:
            // A secret is not echoed to a terminal or a log, even a refused one: it may be nearly the real one.
            "the value given (\(EnglishCount.of(value.count, "character"))) is not a value for \(setting); use \(allowed.joined(separator: " or "))"
        case let .invalidSettingValue(setting, value, allowed):
            "\"\(EchoedText.cut(value))\" is not a value for \(setting); use \(allowed.joined(separator: " or "))"
        case let .invalidNotificationURL(_, reason):
            "notification-url: \(reason)"
        case let .unknownSubscription(reference, account):
            // A product id that is no product is refused before the store is asked, so a
            // reference that is not all digits names a plan the account never subscribed to.
            reference.allSatisfy(\.isNumber) && !reference.isEmpty
                ? "\(account) has no subscription with transaction \(EchoedText.cut(reference)); `storefront transactions` lists the account's transactions"
                : "\(account) has no subscription to \(EchoedText.cut(reference)); `storefront entitlements` lists the account's "
                    + "subscriptions, each named by its plan's product id"
        case let .subscriptionOnAnotherPlan(plan, current, account):
            "\(account) has no subscription to \(plan); \(account)'s subscription in its group is on \(current) now: name it by "
                + "\(current) or by one of its transaction ids (`storefront transactions` lists them)"
        case let .subscriptionEnded(product, state, continuedBy):
            "the subscription to \(product) \(state == .revoked ? "was refunded" : "has ended"); it cannot be changed any more "
                + (continuedBy.map { "(the account subscribed again: name that subscription by its transaction \($0))" }
                    ?? "(buy it again to resubscribe)")
        case let .subscriptionNotInBillingRetry(product, state):
            "the subscription to \(product) is \(state.rawValue), not in billing retry; there is no billing problem to resolve"
        case let .billingNotRetriedWithAutoRenewOff(product):
            "auto-renew of \(product) is off, so its billing is not tried again and nothing was charged; "
                + "to renew it, turn auto-renew on (`storefront resume-renewal \(product)`), then resolve the billing "
                + "(`storefront resolve-billing \(product)`)"
        case let .renewalChangedSinceShown(shown, now):
            "renewing now would charge \(Self.amount(now.price, now.currency)) for \(now.productID) from "
                + "\(now.start.formatted(.iso8601)) to \(now.end.formatted(.iso8601)), not what was shown "
                + "(\(Self.amount(shown.price, shown.currency)) for \(shown.productID) from \(shown.start.formatted(.iso8601))): "
                + "the subscription changed meanwhile; nothing was charged: look again and renew if you still want to"
        case let .subscriptionChangedSinceShown(product, transaction):
            "the subscription to \(product) has renewed or changed plan past transaction \(transaction) since it was shown; "
                + "nothing was done: look again and change it if you still want to"
        case let .switchChangedSinceShown(product, shown, now):
            "the switch scheduled for the renewal of \(product) changed since it was shown (from \(shown ?? "none") to \(now ?? "none")); "
                + "nothing was done: look again and expire it if you still want to"
        case let .transactionChangedSinceShown(transaction):
            "transaction \(transaction) changed since it was shown (a plan change replaced it and refunded part of it, or a "
                + "period or pass it depends on was bought or refunded); nothing was done: look again and refund it if you still want to"
        // The other kind of waiting purchase is pointed to the command that settles it.
        case let .notAwaiting(id, .needsAction, .pending, _, _):
            "transaction \(id) is an interrupted purchase (needsAction), not an Ask to Buy request: approve and decline "
                + "settle requests; resolve it to complete it (`storefront resolve \(id)`, or C on the storefront's transactions screen, t)"
        case let .notAwaiting(id, .pending, .needsAction, _, _):
            "transaction \(id) is an Ask to Buy request (pending), not an interrupted purchase: resolve completes interrupted "
                + "purchases; a parent approves or declines it (`storefront approve \(id)` or `storefront decline \(id)`, or A or D on the "
                + "storefront's transactions screen, t)"
        case let .notAwaiting(id, state, expected, closedBecause, settledFrom):
            // A request the store closed (another settle of it won, and it was moot or became a
            // plan change) is said so, not as if a parent had declined it; a purchase that waited
            // (settled a moment ago by another approve or resolve, say) is said as what it was.
            "transaction \(id) is " + (closedBecause.map { "a request settled already, \($0) (declined)" } ?? Self.settled(state, from: settledFrom))
                + ": "
                + (expected == .pending ? "only an Ask to Buy request waiting for a parent (pending) can be approved or declined"
                                        : "only an interrupted purchase waiting for its buyer's action (needsAction) can be resolved")
        case let .periodBeginsAfterStoreTimeStops(productID, start, latest):
            "the period of \(productID) paid for now would begin at \(start.formatted(.iso8601)), and store time stops at "
                + "\(latest.formatted(.iso8601)), so it would never begin: nothing was charged"
        case let .pastLatestStoreTime(latest):
            "store time cannot pass \(latest.formatted(.iso8601)); advance by less, or start a new store (another entitlements file or database)"
        case let .freeSubscriptionNotRefundable(id, productID, inForce):
            "transaction \(id) is a free subscription to \(productID): nothing was charged, so there is nothing to refund; "
                + (inForce ? "to end it, unsubscribe with `storefront cancel-renewal \(productID)`" : "it has ended already")
        case let .nothingLeftToRefund(id, productID, replacementProductID, wasFree):
            "transaction \(id) (\(productID)) has nothing left to refund: "
                + (wasFree ? "it charged nothing, and " : "its whole price came back when ")
                + (replacementProductID.map { "the change to \($0)" } ?? "the plan change") + " replaced it; nothing was changed"
        case let .freeSubscriptionNotRenewing(productID):
            "\(productID) is a free subscription: it has no periods, renewals or billing, so there is nothing to renew, "
                + "expire, resume or resolve; it lasts until you unsubscribe with `storefront cancel-renewal \(productID)`"
        case let .planNotInCatalog(productID):
            "renewing now would charge for \(productID), a plan this catalog does not have, so what it charges cannot be told; "
                + "nothing was charged: renew it with the catalog that has \(productID) (--catalog PATH)"
        case let .unknownInAppPurchaseKey(keyID, known):
            "there is no in-app purchase key \"\(EchoedText.cut(keyID))\" in this store; keys: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
                + " (`storefront api-key list` shows them)"
        }
    }

    /// An amount with its currency code, "2.99 USD": these sentences have no locale to format in.
    /// A transaction's state in words, as what it was when it waited before it was settled:
    /// "a request approved already (purchased)".
    private static func settled(_ state: TransactionState, from waited: TransactionState?) -> String {
        switch (state, waited) {
        case (.purchased, .pending?): "a request approved already (purchased)"
        case (.purchased, .needsAction?): "an interrupted purchase completed already (purchased)"
        case (.declined, .pending?): "a request declined already (declined)"
        default: state.described
        }
    }

    /// `--account NAME` as typed on a command line: a name that starts with a dash is joined
    /// with `=`, as the parser would take it for an option of its own after a space.
    private static func accountOption(_ name: String) -> String {
        name.hasPrefix("-") ? "--account=\(ShellWord.quoted(name))" : "--account \(ShellWord.quoted(name))"
    }

    private static func amount(_ value: Decimal, _ currency: String?) -> String {
        ExactDecimal.string(value) + (currency.map { " \($0)" } ?? "")
    }
}
