import StoreEngine
import TerminalUI

/// A screen or sheet shown over the main screen; the app keeps a stack of them and Esc closes the top one.
public enum Overlay: Equatable, Sendable {
    /// The confirmation before a purchase, like the App Store's payment sheet; `offerID` is
    /// the promotional offer chosen on it, nil for the regular terms.
    case buySheet(productID: String, offerID: String? = nil)
    case alert(Alert)
    case spend(SpendScreen)
    case picker(Picker)
    case transactions(TransactionsScreen)
    /// The confirmation before refunding a transaction.
    case refundConfirmation(transactionID: String)
    /// The confirmation before turning a subscription's renewal off.
    case cancelRenewalConfirmation(transactionID: String)
    /// The confirmation before renewing a subscription now, which charges at once.
    case renewNowConfirmation(transactionID: String)
    /// The confirmation before ending a subscription now.
    case expireConfirmation(transactionID: String)
    case settings(SettingsScreen)
    case help(HelpScreen)
}

/// The screen that spends one credit at a time (rage faces, extra lives, ...).
public struct SpendScreen: Equatable, Sendable {
    public var credit: String
    /// The rage face on show, an index into the drawn faces; nil until one is spent.
    public var face: Int?
    /// Credits spent since the screen opened.
    public var spent: Int

    public init(credit: String, face: Int? = nil, spent: Int = 0) {
        self.credit = credit
        self.face = face
        self.spent = spent
    }
}

/// The account's transactions, newest first, with actions on the selected one.
public struct TransactionsScreen: Equatable, Sendable {
    public var scroll: ScrollState

    public init(count: Int) {
        scroll = ScrollState(itemCount: count)
    }
}

/// An action that can be taken on one transaction from the transactions screen.
///
/// The transactions screen's key table takes its keys, hints and help lines from this list,
/// so a new action is one more case here and one more branch in the runtime.
public enum TransactionAction: CaseIterable, Equatable, Sendable {
    /// Approve an Ask to Buy request.
    case approve
    /// Decline an Ask to Buy request.
    case decline
    /// Complete an interrupted purchase.
    case complete
    case refund
    /// Renew the subscription now.
    case renew
    /// End the subscription now.
    case expire
    /// Turn auto-renew off (the subscription runs to the end of its period).
    case cancelRenewal
    /// Turn auto-renew back on after it was turned off.
    case resumeRenewal
    /// End a billing problem: the subscription renews now.
    case resolveBilling
    /// End a free subscription now (it has no renewal to cancel).
    case unsubscribe

    /// The key that starts the action.
    public var key: Key { .character(hint.key.first ?? " ") }

    /// The key and what it does, for hints: "R refund".
    public var hint: (key: String, label: String) {
        switch self {
        case .approve: ("A", "approve")
        case .decline: ("D", "decline")
        case .complete: ("C", "complete")
        case .refund: ("R", "refund")
        case .renew: ("N", "renew now")
        case .expire: ("E", "expire")
        case .cancelRenewal: ("X", "cancel renewal")
        case .resumeRenewal: ("U", "resume renewal")
        case .resolveBilling: ("B", "fix billing")
        case .unsubscribe: ("X", "unsubscribe")
        }
    }

    /// Whether the footer names the action first: it mends what the selected subscription
    /// lacks (renewal off, billing failing), so a narrow footer must not drop it for the others.
    public var leadsInFooter: Bool { self == .resumeRenewal || self == .resolveBilling }

    /// What the action does, for the help screen.
    public var helpMeaning: String {
        switch self {
        case .approve: "approve an Ask to Buy request"
        case .decline: "decline an Ask to Buy request"
        case .complete: "complete an interrupted purchase"
        case .refund: "refund the selected transaction (asks first)"
        case .renew: "renew now, charging at once (asks first)"
        case .expire: "end a subscription now (asks first)"
        case .cancelRenewal: "cancel a subscription's renewal (asks first)"
        case .resumeRenewal: "resume a cancelled renewal"
        case .resolveBilling: "fix a subscription's billing problem, charging at once (asks first)"
        case .unsubscribe: "unsubscribe from a free subscription"
        }
    }

    /// Whether the action changes a subscription, and so acts on its latest transaction
    /// whichever of its periods is selected.
    public var changesSubscription: Bool {
        switch self {
        case .renew, .expire, .cancelRenewal, .resumeRenewal, .resolveBilling: true
        case .approve, .decline, .complete, .refund, .unsubscribe: false
        }
    }

    /// Whether the action applies to `record`, given what the snapshot says of its subscription.
    public func isAvailable(for record: TransactionRecord, in snapshot: StoreSnapshot) -> Bool {
        let subscription = snapshot.subscription(of: record)
        let ongoing = subscription.map { $0.state != .expired && $0.state != .revoked } ?? false
        // A free subscription has no period to renew, expire or cancel, and nothing to refund:
        // the one thing to do with it is unsubscribe.
        let isFree = record.productType == .freeSubscription
        switch self {
        case .approve, .decline: return record.state == .pending
        case .complete: return record.state == .needsAction
        // As the store decides (and `refund` on the command line): a free trial charged nothing,
        // but refunding it still revokes what it unlocked.
        // A plan whose whole price came back at the upgrade that replaced it has nothing left to refund.
        case .refund: return record.state == .purchased && !isFree && !snapshot.leavesNothingToRefund(record)
        // During a billing problem renewing now resolves it, which is refused with renewal off.
        case .renew:
            let billingProblem = subscription?.state == .inGracePeriod || subscription?.state == .inBillingRetryPeriod
            return !isFree && ongoing && !(billingProblem && subscription?.willAutoRenew == false)
        case .expire: return !isFree && ongoing
        case .cancelRenewal: return !isFree && ongoing && subscription?.willAutoRenew == true
        // In a grace period too: with renewal on again, billing is tried once more when it ends.
        case .resumeRenewal:
            return !isFree && (subscription?.state == .subscribed || subscription?.state == .inGracePeriod)
                && subscription?.willAutoRenew == false
        case .unsubscribe: return isFree && record.isInForce
        // With renewal turned off, billing is not tried again: there is nothing to resolve.
        case .resolveBilling:
            return subscription.map { ($0.state == .inBillingRetryPeriod || $0.state == .inGracePeriod) && $0.willAutoRenew } ?? false
        }
    }
}

/// The device's and the store's test settings.
public struct SettingsScreen: Equatable, Sendable {
    /// The rows, in the order shown.
    public enum Row: CaseIterable, Equatable, Sendable {
        case purchasesAllowed
        case nextPurchase
        case askToBuy
        case interruptedPurchases
        case billingRetry
        case gracePeriod
        /// Whether a promotional offer needs a signature (which the payment sheet cannot make).
        case promotionalOfferSignatures
        case timeRate
        case failure(StoreOperation)

        public static var allCases: [Row] {
            [.purchasesAllowed, .nextPurchase, .askToBuy, .interruptedPurchases, .billingRetry, .gracePeriod,
             .promotionalOfferSignatures, .timeRate]
                + StoreOperation.allCases.map(Row.failure)
        }
    }

    public var selection: Row
    /// The time rate being chosen with ← →, not yet applied: store time changes only when
    /// Enter applies it, so stepping past other rates commits none of them.
    public var draftTimeRate: TimeRate?

    public init(selection: Row = .purchasesAllowed, draftTimeRate: TimeRate? = nil) {
        self.selection = selection
        self.draftTimeRate = draftTimeRate
    }
}

/// The list of every key, the keys of the screen it was opened from first.
public struct HelpScreen: Equatable, Sendable {
    /// The first line shown, when the list is taller than the screen.
    public var offset: Int
    /// The screen or dialog `?` was pressed on.
    public var topic: HelpTopic

    public init(offset: Int = 0, topic: HelpTopic = .main) {
        self.offset = offset
        self.topic = topic
    }
}
