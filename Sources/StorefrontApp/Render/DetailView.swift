import StoreEngine
import TerminalUI

/// The selected product in full: type and price, where the buyer stands, the description,
/// what it grants and its subscription terms.
enum DetailView {
    static func draw(_ state: AppState, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let product = state.selectedProduct else {
            buffer.drawBox(area, style: Theme.border, title: "Details", titleStyle: Theme.emphasis)
            return
        }
        let text = state.text
        let inside = buffer.drawBox(area, style: Theme.border, title: text.title(of: product), titleStyle: Theme.emphasis)
            .inset(horizontal: 1, vertical: 0)
        guard !inside.isEmpty else { return }
        Dialog.write(lines(for: product, state: state, width: inside.width), in: inside, into: &buffer)
    }

    /// The detail lines, most important first so a short pane still shows what matters.
    static func lines(for product: Product, state: AppState, width: Int) -> [[Span]] {
        let text = state.text
        let status = state.snapshot.status(of: product.id)
        var lines: [[Span]] = []
        lines.append([Span(AppText.typeName(product.type), style: Theme.muted), Span(" · ", style: Theme.muted),
                      Span(AppText.price(of: product, text: text) ?? "not sold here", style: Theme.emphasis)])
        lines.append([Span(statusLine(status, product: product, text: text), style: Theme.style(for: status))])
        if let subscription = state.snapshot.entitlements.subscriptions.first(where: { $0.productID == product.id }),
           product.type == .autoRenewable {
            lines.append([Span(subscriptionLine(subscription, text: text), style: Theme.muted)])
        }
        for line in text.description(of: product).wrapped(toWidth: width) { lines.append([Span(line)]) }
        let facts = self.facts(for: product, text: text)
        if !facts.isEmpty { lines.append([]) }
        lines += facts
        lines.append([Span(product.id, style: Theme.muted)])
        return lines
    }

    private static func statusLine(_ status: ProductStatus, product: Product, text: StoreText) -> String {
        switch status {
        case .notSold: return "Not sold in \(text.countryName(text.storefront)); press l for another storefront"
        case .available: return product.type == .freeSubscription ? "Free to subscribe" : "Available"
        case .credits(let credit, let balance):
            return credit.map { "You have \(balance) \(text.creditName($0))" } ?? "Grants nothing; a tip jar"
        case .owned(let since): return "Owned since \(text.date(since))"
        case .restoreToUnlock: return "Bought on another device: press r to restore"
        case .active(let until, let willRenew):
            guard let until else { return "Subscribed" }
            return willRenew ? "Subscribed; renews \(text.date(until))" : "Active until \(text.date(until))"
        case .expired(let on): return "Expired \(text.date(on))"
        case .revoked: return "Refunded; no longer available"
        case .billingProblem(let graceUntil):
            return graceUntil.map { "Billing problem: access until \(text.date($0)) while the store retries" }
                ?? "Billing problem: no access while the store retries the payment"
        case .changeScheduled(let from, let effective):
            let current = text.catalog.product(id: from).map(text.title(of:)) ?? from
            return "Plan change scheduled: \(current) switches to this on \(text.date(effective))"
        case .waiting(let state):
            return state == .pending ? "Waiting for a parent's approval (Ask to Buy)" : "Interrupted: needs your action (t to resolve)"
        }
    }

    /// The subscription as StoreKit 2 reports it: state, auto-renew, pending change, why it ended.
    private static func subscriptionLine(_ subscription: Entitlements.Subscription, text: StoreText) -> String {
        var parts = ["State \(subscription.state.rawValue)"]
        if subscription.state != .expired && subscription.state != .revoked {
            parts.append(subscription.willAutoRenew ? "auto-renew on" : "auto-renew off")
        }
        if let pending = subscription.pendingProductID {
            parts.append("switches to \(text.catalog.product(id: pending).map(text.title(of:)) ?? pending) at renewal")
        }
        if let reason = subscription.expirationReason { parts.append("ended: \(reason.rawValue)") }
        if subscription.renewalCount > 0 { parts.append("\(subscription.renewalCount) renewal\(subscription.renewalCount == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    private static func facts(for product: Product, text: StoreText) -> [[Span]] {
        var facts: [[Span]] = []
        func fact(_ label: String, _ value: String) { facts.append([Span("\(label) ", style: Theme.muted), Span(value)]) }
        if let grant = text.grantText(product) {
            let maximum = product.grant.flatMap { text.catalog.credit(id: $0.credit)?.maximum }
            fact("Grants", grant + (maximum.map { " (hold at most \($0))" } ?? ""))
        }
        if let subscription = product.subscription {
            fact("Renews", "every \(text.periodText(subscription.period))")
            if let offer = subscription.introOffer {
                fact("Intro offer", AppText.introOfferText(offer, text: text) + " for new subscribers")
            }
            for offer in subscription.promotionalOffers {
                fact("Offer \(offer.id)", AppText.offerText(paymentMode: offer.paymentMode, period: offer.period,
                                                           periodCount: offer.periodCount, prices: offer.prices, text: text))
            }
            fact("Group", text.groupName(subscription.group))
        }
        if product.type == .nonRenewing, let duration = product.duration {
            fact("Lasts", "\(text.periodText(duration)); does not renew")
        }
        return facts
    }
}
