import StoreEngine
import StorefrontText
import TerminalUI

/// A question before a change that cannot be taken back: a refund, turning renewal off,
/// renewing now (which charges), or ending a subscription now.
enum ConfirmationReducer: KeyReducer {
    enum Command: Sendable {
        case confirm, keep, help
    }

    /// What the question is about.
    enum Screen {
        case refund(transactionID: String)
        case cancelRenewal(transactionID: String)
        case renewNow(transactionID: String)
        case expire(transactionID: String)
    }

    static let keys = KeyTable<Command>([
        KeyBinding(.confirm, keys: [.enter, .character("y")], help: ("Enter  y", "on a question: do it (a moment after it opens)"),
                   hint: FooterHint("Enter") { asked(in: $0)?.hint.label ?? "confirm" },
                   when: { $0.activity == nil && $0.isConfirmationArmed(at: $0.keyTime) }),
        // q closes the question as n does: someone pressing q on a sheet wants out of the sheet.
        KeyBinding(.keep, keys: [.escape, .character("n"), .character("q")], help: ("Esc  n  q", "on a question: keep things as is"),
                   hint: FooterHint("Esc") { $0.activity == nil ? keepLabel(asked(in: $0)) : "cancel" },
                   when: { $0.activity == nil || $0.mayDropChangeUnderWay }),
        .openHelp(.help),
    ])

    /// What the question on top asks to do; the footer says it in the dialog's words.
    static func asked(in state: AppState) -> TransactionAction? {
        switch state.overlays.last {
        case .refundConfirmation?: .refund
        case .cancelRenewalConfirmation(let transactionID)?: cancelling(transactionID, in: state)
        // In a billing problem the renew-now question is asked as fixing the billing.
        case .renewNowConfirmation(let transactionID)?:
            state.renewNowQuestion(of: transactionID)?.title == StorefrontPaneText.fixBillingTitle ? .resolveBilling : .renew
        case .expireConfirmation?: .expire
        default: nil
        }
    }

    /// What Esc keeps, as the dialog says it.
    private static func keepLabel(_ action: TransactionAction?) -> String {
        switch action {
        case .cancelRenewal?: "keep renewing"
        case .unsubscribe?: "stay subscribed"
        default: "keep"
        }
    }

    /// A free subscription has no renewal: the cancel-renewal question asks to unsubscribe from it.
    private static func cancelling(_ transactionID: String, in state: AppState) -> TransactionAction {
        state.snapshot.transactions.first { $0.id == transactionID }?.productType == .freeSubscription ? .unsubscribe : .cancelRenewal
    }

    /// Enter or y does what the sheet asks; Esc, n or q closes it and changes nothing.
    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Screen, state: inout AppState) -> [Effect] {
        switch (command, screen) {
        case (.confirm, .refund(let transactionID)):
            // The store refuses a transaction an upgrade has replaced since: the question did not say so.
            // Nor one whose consequences changed: a renewal, a pass or a refund among the
            // transactions it depends on, since the question was worded.
            let shown = state.snapshot.transactions.first { $0.id == transactionID }
            return state.perform(.refund(transactionID: transactionID, buyer: state.buyer, replacedByShown: shown?.replacedBy,
                                         dependenciesShown: shown?.refundDependencies(among: state.snapshot.transactions)),
                                 showing: .refunding(transactionID: transactionID))
        case (.confirm, .cancelRenewal(let transactionID)):
            let action = cancelling(transactionID, in: state)
            return state.perform(.settle(action, transactionID: transactionID, buyer: state.buyer), showing: .settling(action))
        case (.confirm, .renewNow(let transactionID)):
            // The store refuses any renewal but the one the question showed; a question asked as
            // fixing billing spins, and is refused, in those words, and once the billing problem
            // is gone (resolved elsewhere) it charges nothing.
            let fixingBilling = asked(in: state) == .resolveBilling
            return state.perform(.renewNow(transactionID: transactionID, buyer: state.buyer,
                                           shown: state.snapshot.renewalsNow[transactionID], fixingBilling: fixingBilling),
                                 showing: .settling(fixingBilling ? .resolveBilling : .renew))
        case (.confirm, .expire(let transactionID)):
            // The question said which switch, if any, goes with it: the store refuses another.
            let switchShown = state.snapshot.subscription(latest: transactionID)?.pendingProductID
            return state.perform(.settle(.expire, transactionID: transactionID, buyer: state.buyer, switchShown: .some(switchShown)),
                                 showing: .settling(.expire))
        case (.keep, _): state.closeTop()
        case (.help, .refund): state.push(.help(HelpScreen(topic: .refund)))
        case (.help, .cancelRenewal): state.push(.help(HelpScreen(topic: .cancelRenewal)))
        case (.help, .renewNow): state.push(.help(HelpScreen(topic: .renewNow)))
        case (.help, .expire): state.push(.help(HelpScreen(topic: .expire)))
        }
        return []
    }
}
