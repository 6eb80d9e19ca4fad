import StoreEngine
import TerminalUI

/// The payment sheet: buy, cancel, or choose a promotional offer.
enum BuySheetReducer: KeyReducer {
    enum Command: Sendable {
        case buy, chooseOffer, cancel, help
    }

    /// The product on the sheet and the offer chosen on it.
    struct Screen {
        var productID: String
        var offerID: String?
    }

    static let keys = KeyTable<Command>([
        // Enter shows only once the sheet takes it (see `ConfirmationArming`), not while the
        // purchase it made is stored (a key then waits, and would act on what opens after), and
        // never for an offer the sheet cannot buy (the sheet says why).
        KeyBinding(.buy, keys: [.enter, .character("y")],
                   help: ("Enter  y", "buy (a moment after the sheet opens; not an offer needing a signature)"),
                   hint: FooterHint("Enter") { state in
                       // The word the sheet's own key line gives Enter.
                       guard case let .buySheet(productID, _) = state.overlays.last,
                             let product = state.catalog.product(id: productID) else { return BuySheetConfirmation.buy.word }
                       let charge = BuySheetCharge.of(product, state: state)
                       return BuySheetConfirmation.of(product, charge: charge, askToBuy: state.snapshot.settings.askToBuy).word
                   }, when: { state in
                       // Read-only: not offered, but still pressed it says why.
                       state.activity == nil && state.readOnlyReason == nil && state.isConfirmationArmed(at: state.keyTime)
                           && !BuySheetOffers.needsSignature(BuySheetOffers.chosenOffer(in: state), state: state)
                   }),
        KeyBinding(.chooseOffer, keys: [.left, .right, .character("o")],
                   help: ("← →  o", "choose a promotional offer (for subscribers)"), hint: FooterHint("← →", "offer"),
                   when: { offerChoices(in: $0).count > 1 }),
        // q cancels as Esc does rather than leaving the storefront from under the sheet.
        // Not offered while the purchase is stored (a key then waits, and is dropped when it
        // ends), except while it waits for the file's lock, when Esc drops it before it begins.
        KeyBinding(.cancel, keys: [.escape, .character("n"), .character("q")], help: ("Esc  n  q", "cancel (recorded as a user cancel)"),
                   hint: FooterHint("Esc", "cancel"), when: { $0.activity == nil || $0.mayDropChangeUnderWay }),
        .openHelp(.help),
    ])

    /// The terms the sheet on top of `state` can offer.
    private static func offerChoices(in state: AppState) -> [String?] {
        guard case let .buySheet(productID, _) = state.overlays.last else { return [nil] }
        return BuySheetOffers.choices(for: productID, state: state)
    }

    /// Enter or y buys; Esc, n or q cancels the payment, which the store records as a user cancel.
    /// ← → and o choose among the promotional offers the buyer may take (see `BuySheetOffers`).
    static func reduce(_ command: Command, key: Key, isAvailable: Bool, screen: Screen, state: inout AppState) -> [Effect] {
        let simulate: PurchaseSimulation?
        switch command {
        case .buy:
            // The store would refuse the offer without a signature; the sheet already says why
            // and how to lift the requirement, so Enter leaves it open.
            if BuySheetOffers.needsSignature(screen.offerID, state: state) { return [] }
            simulate = nil
        case .cancel:
            // A store that turned read-only under the sheet cannot record the cancel: just close it.
            // Nor is one recorded for a sheet that charges nothing now: buying the current plan
            // again, even as a cancel, would turn its renewal back on.
            if state.readOnlyReason != nil || !state.recordsCancelOfSheet(for: screen.productID) {
                state.closeTop()
                return []
            }
            simulate = .cancel
        case .chooseOffer:
            let choices = BuySheetOffers.choices(for: screen.productID, state: state)
            guard isAvailable else { return [] }
            let index = choices.firstIndex(of: screen.offerID) ?? 0
            let next = choices[(index + (key == .left ? choices.count - 1 : 1)) % choices.count]
            state.replaceTop(with: .buySheet(productID: screen.productID, offerID: next))
            return []
        case .help:
            state.push(.help(HelpScreen(topic: .paymentSheet)))
            return []
        }
        // A purchase charges what the sheet shows as due now, or is refused: the store may have
        // changed since (a plan bought or ended on another device).
        let product = simulate == nil ? state.catalog.product(id: screen.productID) : nil
        let shownCharge = product.flatMap { BuySheetCharge.dueNow(for: $0, offerID: screen.offerID, state: state) }
        // Nothing due now can be a free trial starting or a switch at the renewal: which one the
        // sheet said is checked too.
        let shownEffect = product.flatMap { $0.type == .autoRenewable ? BuySheetCharge.of($0, state: state) : nil }
        // Starting now can be a new subscription or an upgrade at the same amount due: which
        // one the sheet said is checked too.
        let shownUpgradeFrom = product.flatMap { BuySheetCharge.upgradeFrom(for: $0, state: state) }
        // And whether it said anything of the plan it replaces comes back.
        let shownNothingRefunded = shownUpgradeFrom != nil && product.map { UpgradeRefundShown.of($0, state: state).refundsNothing } == true
        return state.perform(.purchase(productID: screen.productID, buyer: state.buyer, storefront: state.storefront,
                                       simulate: simulate, offerID: simulate == nil ? screen.offerID : nil, shownCharge: shownCharge,
                                       shownStartingNow: shownEffect.map { $0 == .now }, shownRenewalDate: shownEffect?.renewalDate,
                                       shownUpgradeFrom: shownUpgradeFrom, shownNothingRefunded: shownNothingRefunded),
                             showing: simulate == .cancel ? .cancellingPurchase(productID: screen.productID)
                                 : .purchasing(productID: screen.productID))
    }
}
