import Foundation
import StorefrontText
import StoreEngine
import TerminalUI

/// The account's transactions, with the actions that apply to the selected one.
enum TransactionsReducer: KeyReducer {
    enum Command: Sendable {
        case move
        case act(TransactionAction)
        case close, quit, help
    }

    static let keys = KeyTable<Command>(KeyBinding.listMovements(.move) + TransactionAction.allCases.map { action in
        // One key can name two actions that never apply together (X: cancel renewal of a paid
        // subscription, unsubscribe from a free one); the one that applies wins the lookup. Every
        // action writes, so none is offered while the store is read-only (its key says why).
        KeyBinding(.act(action), keys: [action.key], help: (action.hint.key, action.helpMeaning),
                   hint: FooterHint(action.hint.key, action.hint.label, placement: action.leadsInFooter ? .leading : .inOrder),
                   when: { state in
                       state.readOnlyReason == nil
                           && (selectedRecord(in: state).map { action.isAvailable(for: $0, in: state.snapshot) } ?? false)
                   })
    } + [
        KeyBinding(.close, keys: [.escape], help: ("Esc", "close the transactions"), hint: FooterHint("Esc", "close")),
        .quit(.quit),
        .openHelp(.help),
    ])

    /// The transaction under the selection of the transactions screen on top.
    static func selectedRecord(in state: AppState) -> TransactionRecord? {
        guard case .transactions(let screen) = state.overlays.last, let index = screen.scroll.selectedIndex,
              state.snapshot.transactions.indices.contains(index) else { return nil }
        return state.snapshot.transactions[index]
    }

    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: TransactionsScreen, state: inout AppState) -> [Effect] {
        var screen = screen
        switch command {
        case .move:
            let height = TransactionsView.listHeight(state: state)
            switch ProductList.Movement(key) {
            case .up?: screen.scroll.moveUp(viewportHeight: height)
            case .down?: screen.scroll.moveDown(viewportHeight: height)
            case .pageUp?: screen.scroll.pageUp(viewportHeight: height)
            case .pageDown?: screen.scroll.pageDown(viewportHeight: height)
            case .first?: screen.scroll.moveToFirst(viewportHeight: height)
            case .last?: screen.scroll.moveToLast(viewportHeight: height)
            case nil: break
            }
            state.replaceTop(with: .transactions(screen))
        case .act(let action):
            guard let record = selectedRecord(in: state) else { return [] }
            return start(action, on: record, isAvailable: isAvailable, state: &state)
        case .close: state.closeTop()
        case .quit: return state.quit()
        case .help: state.push(.help(HelpScreen(topic: .transactions)))
        }
        return []
    }

    /// How `record` stands, in the word that says why an action does not fit it: a purchased
    /// subscription transaction by its subscription's state ("expired", "subscribed") or as
    /// "replaced" or "unsubscribed", since "purchased" alone hides that it ended; with "auto-renew
    /// off" where renewal was turned off, which is why cancelling renewal does not fit it.
    /// A period still running at store time `now` whose next one was paid ahead is "running,
    /// renewed ahead": the renewal, not this one, is what the keys act on.
    static func standing(of record: TransactionRecord, in snapshot: StoreSnapshot, now: Date) -> String {
        guard record.state == .purchased else { return record.state.rawValue }
        if record.unsubscribedDate != nil { return "unsubscribed" }
        if record.replacedBy != nil {
            guard snapshot.leavesNothingToRefund(record) else { return "replaced" }
            return record.price == 0 ? "replaced, and it charged nothing" : "replaced, its whole price given back then"
        }
        guard let subscription = snapshot.subscription(latest: record.id) else {
            // A period its subscription has renewed past: the newer transaction is the one to act on.
            let renewedPast = snapshot.transactions.contains { $0.originalID == record.originalID && $0.purchaseDate > record.purchaseDate }
            guard record.productType == .autoRenewable, renewedPast else { return record.state.rawValue }
            guard record.expiresDate.map({ $0 > now }) == true else { return "superseded by a renewal" }
            // Of the periods not over, the first runs and the rest were paid ahead.
            let first = snapshot.periodsNotOver(ofSubscription: record.originalID, at: now).first
            return first.map { $0.id == record.id } ?? true ? "running, renewed ahead" : "paid ahead, not begun"
        }
        let isRunning = subscription.state != .expired && subscription.state != .revoked
        // A free subscription has no renewal to be off.
        let renewalOff = record.productType == .autoRenewable && isRunning && !subscription.willAutoRenew
        // In words, as the alerts read them, rather than StoreKit's names.
        let stateWords = switch subscription.state {
        case .inGracePeriod: "in its grace period"
        case .inBillingRetryPeriod: "in billing retry"
        default: subscription.state.rawValue
        }
        return stateWords + (renewalOff ? ", auto-renew off" : "")
    }

    private static func start(_ action: TransactionAction, on record: TransactionRecord, isAvailable: Bool,
                              state: inout AppState) -> [Effect] {
        // Refused as read-only before anything else: whether the action applies is moot then.
        if state.refusedAsReadOnly() { return [] }
        guard isAvailable else {
            let applying = TransactionAction.allCases.filter { $0.isAvailable(for: record, in: state.snapshot) }
            let message = StorefrontScreenText.actionDoesNotApply(action.hint.label, transactionID: record.id,
                                                                  state: standing(of: record, in: state.snapshot, now: state.storeNow),
                                                                  applying: applying.map { "\($0.hint.key) \($0.hint.label)" })
            state.push(.alert(Alert(title: StorefrontScreenText.notPossibleTitle, message: message, tone: .warning)))
            return []
        }
        switch action {
        // All ask first: a refund takes back what it unlocked; turning renewal off ends a
        // subscription the buyer may count on, and unsubscribing from a free one ends it at
        // once (the renewal's sheet asks either); renewing now charges; expiring ends what was
        // paid for, refunding nothing.
        case .refund, .cancelRenewal, .unsubscribe, .renew, .resolveBilling, .expire: state.questionChangedUnder = nil
        default: break
        }
        // A change of a subscription acts on its latest transaction, whichever of its periods is
        // selected: the questions show, and the store checks, the subscription as it stands there.
        let target = action.changesSubscription ? state.snapshot.subscription(of: record)?.transactionID ?? record.id : record.id
        // A period paid ahead that would begin once store time has stopped could never begin:
        // refused before any question offers to charge for it.
        if action == .renew, let subscription = state.snapshot.subscription(of: record), subscription.state == .subscribed,
           let start = subscription.expiresDate, start >= Store.latestStoreTime {
            state.push(.alert(Alert(title: StorefrontScreenText.notPossibleTitle,
                                    message: StorefrontScreenText.renewalAfterStoreTimeStops(state.productName(subscription.productID),
                                                                                             start: state.text.date(start),
                                                                                             stops: state.text.date(Store.latestStoreTime)),
                                    tone: .warning)))
            return []
        }
        // Renewing into a plan the catalog lacks charges what cannot be told: refused as the store refuses it.
        if action == .renew || action == .resolveBilling, let subscription = state.snapshot.subscription(of: record) {
            let into = subscription.willAutoRenew ? subscription.pendingProductID ?? subscription.productID : subscription.productID
            if state.catalog.product(id: into) == nil {
                state.push(.alert(Alert(title: StorefrontScreenText.notPossibleTitle,
                                        message: StorefrontScreenText.failure(StoreError.planNotInCatalog(productID: into).description),
                                        tone: .warning)))
                return []
            }
        }
        switch action {
        case .refund: state.push(.refundConfirmation(transactionID: target))
        case .cancelRenewal, .unsubscribe: state.push(.cancelRenewalConfirmation(transactionID: target))
        // Fixing billing charges for a period as renewing now does in a billing problem (the
        // store does the one as the other): it asks first too, in the words of what it fixes.
        case .renew, .resolveBilling: state.push(.renewNowConfirmation(transactionID: target))
        case .expire: state.push(.expireConfirmation(transactionID: target))
        default:
            return state.perform(.settle(action, transactionID: target, buyer: state.buyer), showing: .settling(action))
        }
        return []
    }
}
