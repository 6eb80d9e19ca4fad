import StoreEngine
import TerminalUI
import StoreCatalog
import StorefrontText

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
        let all = lines(for: product, state: state, width: inside.width)
        let shown = visible(all, offset: state.detailScroll.offset(for: state.list.selectedProductIndex), height: inside.height)
        Dialog.write(shown, in: inside, into: &buffer)
    }

    static let moreBelow = "▼ more below: ] scrolls down, [ up"
    static let moreAbove = "▲ more above: [ scrolls up"

    /// The rows a pane `height` rows high shows of `all`, scrolled past `offset` of them. A
    /// pane with more below says so on its last row, and one scrolled down says so on its
    /// first (where there are three rows or more), each with the key that scrolls it, so what
    /// is shown is never taken for all.
    static func visible(_ all: [[Span]], offset: Int, height: Int) -> [[Span]] {
        guard all.count > height, height > 1 else { return Array(all.prefix(max(0, height))) }
        let offset = min(max(0, offset), maximumOffset(lineCount: all.count, height: height))
        let above: [[Span]] = offset > 0 && height > 2 ? [[Span(moreAbove, style: Theme.muted)]] : []
        let room = height - above.count
        let rest = all.dropFirst(offset)
        guard rest.count > room else { return above + rest }
        return above + rest.prefix(room - 1) + [[Span(moreBelow, style: Theme.muted)]]
    }

    /// How far a pane `height` rows high can scroll `lineCount` rows: until their last row
    /// shows, below the row that says there is more above.
    static func maximumOffset(lineCount: Int, height: Int) -> Int {
        guard lineCount > height else { return 0 }
        return height > 2 ? lineCount - height + 1 : lineCount - height
    }

    /// How many rows the pane's text takes for the selected product, for scrolling.
    static func lineCount(_ state: AppState, width: Int) -> Int {
        guard let product = state.selectedProduct else { return 0 }
        return lines(for: product, state: state, width: width).count
    }

    /// The detail lines, most important first so a short pane still shows what matters.
    static func lines(for product: Product, state: AppState, width: Int) -> [[Span]] {
        let text = state.text
        let status = state.snapshot.status(of: product.id)
        var lines: [[Span]] = []
        let type = AppText.typeName(product.type)
        let price = text.shownPrice(product).map { text.listedPrice($0, product: product, abbreviated: false) }
            ?? "not sold here"
        if type.displayWidth + 3 + price.displayWidth <= width {
            lines.append([Span(type, style: Theme.muted), Span(" · ", style: Theme.muted), Span(price, style: Theme.emphasis)])
        } else {
            // A narrow pane gives the price a line of its own rather than cutting it.
            lines += wrapped(type, width: width, style: Theme.muted)
            lines += wrapped(price, width: width, style: Theme.emphasis)
        }
        if state.snapshot.balancesKnown {
            lines += wrapped(StorefrontPaneText.status(status, product: product, text: text,
                                                       waitingQuantity: state.snapshot.entitlements.waitingQuantity(of: product.id, status: status) ?? 1),
                             width: width, style: Theme.style(for: status))
        } else if state.snapshot.isRead {
            // Nothing of the store verifies: what it shows is no one's, zeros included.
            lines += wrapped(StorefrontPaneText.statusNotVerified, width: width, style: Theme.muted)
        } else {
            // Nothing of this buyer is known yet (a device or account switched to while the
            // store cannot be read): no status at all rather than a guess of "Available".
            lines += wrapped(StorefrontPaneText.statusNotRead, width: width, style: Theme.muted)
        }
        if state.snapshot.isRead, let credit = product.grant?.credit {
            let undelivered = state.snapshot.entitlements.undeliveredCredit(credit)
            if undelivered > 0 {
                lines += wrapped(StorefrontPaneText.undeliveredCredit(undelivered, of: credit, text: text), width: width, style: Theme.muted)
            }
        }
        // An earlier subscription to the plan that ended says nothing of it while another plan of
        // its group runs, as the plan's status does not (before: "Available", then its old state).
        if let subscription = state.snapshot.entitlements.subscriptions.first(where: { $0.productID == product.id }),
           product.type == .autoRenewable, !state.snapshot.entitlements.endedWhileItsGroupRuns(subscription) {
            lines += wrapped(subscriptionLine(subscription, text: text), width: width, style: Theme.muted)
        }
        for line in text.description(of: product).wrapped(toWidth: width) { lines.append([Span(line)]) }
        let facts = self.facts(for: product, state: state)
        if !facts.isEmpty { lines.append([]) }
        for (label, value) in facts {
            // The label leads the first line; the value wraps under it, never cut.
            let rows = "\(label) \(value)".wrapped(toWidth: width)
            for (index, row) in rows.enumerated() {
                if index == 0, row.hasPrefix(label) {
                    lines.append([Span(label, style: Theme.muted), Span(String(row.dropFirst(label.count)))])
                } else {
                    lines.append([Span(row)])
                }
            }
        }
        lines += wrapped(product.id, width: width, style: Theme.muted)
        return lines
    }

    private static func wrapped(_ text: String, width: Int, style: Style) -> [[Span]] {
        text.wrapped(toWidth: width).map { [Span($0, style: style)] }
    }

    /// The subscription as StoreKit 2 reports it: state, auto-renew, pending change, why it ended.
    static func subscriptionLine(_ subscription: Entitlements.Subscription, text: StoreText) -> String {
        var parts = ["State \(subscription.state.rawValue)"]
        if subscription.state != .expired && subscription.state != .revoked {
            parts.append(subscription.willAutoRenew ? "auto-renew on" : "auto-renew off")
        }
        if let running = subscription.runningPlan {
            let name = text.catalog.product(id: running.productID).map(text.title(of:)) ?? running.productID
            parts.append("paid ahead: begins \(text.date(running.expiresDate)), when \(name) ends")
        }
        if let pending = subscription.pendingProductID {
            // A renewal that failed on billing happens, switched, once billing is resolved.
            let billingFailed = subscription.state == .inGracePeriod || subscription.state == .inBillingRetryPeriod
            parts.append("switches to \(text.catalog.product(id: pending).map(text.title(of:)) ?? pending) "
                + (billingFailed ? "once billing is resolved" : "at renewal")
                + (subscription.willAutoRenew ? "" : " if auto-renew is on again"))
        }
        if let ended = text.revokedAccessText(of: subscription) { parts.append(ended) }
        if let reason = subscription.expirationReason { parts.append(StorefrontPaneText.ended(reason)) }
        if subscription.renewalCount > 0 { parts.append("\(text.count(subscription.renewalCount)) renewal\(subscription.renewalCount == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    /// Labelled facts: what it grants, its period, the offers this buyer can take, its group.
    private static func facts(for product: Product, state: AppState) -> [(label: String, value: String)] {
        let text = state.text
        var facts: [(label: String, value: String)] = []
        if let grant = text.grantText(product) {
            let maximum = product.grant.flatMap { text.catalog.credit(id: $0.credit)?.maximum }
            facts.append(("Grants", grant + (maximum.map { " (hold at most \(text.count($0)))" } ?? "")))
        }
        if let subscription = product.subscription {
            // "Renews every year" beside "Not renewing" contradicted itself: while the plan's
            // auto-renew is off, its period is just a period.
            let status = state.snapshot.status(of: product.id)
            let renewalOff = switch status {
            case .active(let until, let willRenew): until != nil && !willRenew
            case .billingProblem(_, let willAutoRenew): !willAutoRenew
            default: false
            }
            // A switch scheduled while billing fails happens once billing is resolved: this plan does not renew.
            let switchOnceBilled: String? = if case .billingProblem(_, true) = status {
                state.snapshot.entitlements.subscriptions.first { $0.productID == product.id }?.pendingProductID
            } else { nil }
            if case .runningBeforeSwitch(_, let next, let paidAhead) = status {
                // It does not renew: the plan paid ahead, or switched to, follows it.
                let plan = text.catalog.product(id: next).map(text.title(of:)) ?? next
                facts.append(("Period", "\(text.periodText(subscription.period)); \(plan) follows, \(paidAhead ? "paid ahead" : "at the renewal")"))
            } else if let next = switchOnceBilled {
                let plan = text.catalog.product(id: next).map(text.title(of:)) ?? next
                facts.append(("Period", "\(text.periodText(subscription.period)); \(plan) follows, once billing is resolved"))
            } else {
                facts.append(renewalOff ? ("Period", "\(text.periodText(subscription.period)); auto-renew is off")
                                        : ("Renews", text.everyPeriodText(subscription.period)))
            }
            // An offer is advertised only to those who can take it: the introductory offer to
            // new subscribers of the group, promotional offers to present and past ones.
            let subscribed = state.snapshot.subscribedGroups.contains(subscription.group)
            // Whether a buyer not read yet may take it is not known: not advertised to them.
            if let offer = subscription.introOffer, !subscribed, state.snapshot.isRead,
               let terms = OfferTerms.sentence(for: product, offer: OfferTerms.Offer(offer), text: text) {
                facts.append(("Intro offer", terms))
            }
            for offer in subscription.promotionalOffers {
                if let terms = OfferTerms.sentence(for: product, offer: OfferTerms.Offer(offer), text: text) {
                    facts.append((OfferTerms.promotionalLabel(offer.id), OfferTerms.promotionalTerms(terms, subscribedInGroup: subscribed)))
                }
            }
            facts.append(("Group", text.groupName(subscription.group)))
        }
        if product.type == .nonRenewing, let duration = product.duration {
            facts.append(("Lasts", "\(text.periodText(duration)); does not renew"))
        }
        return facts
    }
}
