import Foundation
import StoreCatalog
import StoreEngine

/// The words and numbers a buyer sees, for one catalog, locale and storefront.
///
/// Shared by the CLI and the TUI so both say the same thing the same way: localized titles
/// with fallback, prices formatted by ICU, dates in the locale, statuses and outcomes in
/// plain words.
public struct StoreText: Sendable {
    public let catalog: Catalog
    public let locale: String
    public let storefront: String
    public let prices: PriceFormatter
    public let dates: DateText
    public let counts: CountFormatter

    public init(catalog: Catalog, locale: String, storefront: String,
                prices: PriceFormatter = PriceFormatter(), dates: DateText = DateText(), counts: CountFormatter = CountFormatter()) {
        self.catalog = catalog
        self.locale = locale
        self.storefront = storefront
        self.prices = prices
        self.dates = dates
        self.counts = counts
    }

    /// A count of credits as the locale writes numbers, grouped as prices are: "10,000".
    public func count(_ count: Int) -> String {
        counts.format(count, locale: locale)
    }

    public var currency: String { catalog.storefront(code: storefront)?.currency ?? "USD" }

    public func title(of product: Product) -> String {
        LanguageFallback.resolve(product.localizations, locale: locale, defaultLanguage: catalog.defaultLanguage)?.title ?? product.id
    }

    /// The title of the product `productID`, or the id where the catalog lacks it.
    public func title(ofProductID productID: String) -> String {
        catalog.product(id: productID).map(title(of:)) ?? productID
    }

    /// What `record` bought, with its quantity when more than one: "3 × Random Rage Face".
    public func purchasedName(of record: TransactionRecord) -> String {
        purchasedName(productID: record.productID, quantity: record.quantity)
    }

    /// The price a listing of transactions shows for `record`: what it cost, or what completing
    /// a waiting request or interrupted purchase charges; "—" for one that charged nothing and
    /// never will (cancelled, failed, declined), whose price read as a charge beside the others.
    /// A price of nothing (a free subscription, a free trial) is "Free", as products show it.
    public func listedPrice(of record: TransactionRecord) -> String {
        switch record.state {
        case .cancelled, .failed, .declined: "—"
        case .purchased, .refunded, .pending, .needsAction:
            record.price.map { $0 == 0 ? Self.free : format($0, currency: record.currency) } ?? "—"
        }
    }

    /// `quantity` of the product `productID`, as `purchasedName(of:)` says it.
    public func purchasedName(productID: String, quantity: Int) -> String {
        quantified(title(ofProductID: productID), quantity)
    }

    /// `name` with `quantity` before it when more than one: "3 × Random Rage Face", in the
    /// locale's digits as other counts are. A quantity of one is said too where the name begins
    /// with a number ("1 × 3 Extra Lives"), which would otherwise read as the quantity.
    func quantified(_ name: String, _ quantity: Int) -> String {
        quantity > 1 || name.first?.isNumber == true ? "\(count(quantity)) × \(name)" : name
    }

    public func description(of product: Product) -> String {
        LanguageFallback.resolve(product.localizations, locale: locale, defaultLanguage: catalog.defaultLanguage)?.description ?? ""
    }

    public func creditName(_ id: String) -> String {
        guard let credit = catalog.credit(id: id) else { return id }
        return LanguageFallback.resolve(credit.names, locale: locale, defaultLanguage: catalog.defaultLanguage) ?? id
    }

    public func groupName(_ id: String) -> String {
        guard let group = catalog.group(id: id), !group.names.isEmpty else { return id }
        return LanguageFallback.resolve(group.names, locale: locale, defaultLanguage: catalog.defaultLanguage) ?? id
    }

    /// The product's price here, formatted; nil when not sold in this storefront.
    public func displayPrice(_ product: Product) -> String? {
        product.price(in: storefront).map { prices.format($0, currency: currency, locale: locale) }
    }

    public func format(_ amount: Decimal, currency: String? = nil) -> String {
        prices.format(amount, currency: currency ?? self.currency, locale: locale)
    }

    public func date(_ date: Date) -> String { dates.date(date, locale: locale) }

    /// A date with its time of day, for listings where several things happen on one day (store
    /// time at a fast rate makes that common).
    public func dateTime(_ date: Date) -> String { dates.dateTime(date, locale: locale) }

    /// The storefront's country in the buyer's language, e.g. "Japan" or "Japon".
    public func countryName(_ storefront: String) -> String {
        guard let alpha2 = CountryCodes.alpha2(forAlpha3: storefront) else { return storefront }
        return Locale(identifier: locale).localizedString(forRegionCode: alpha2) ?? storefront
    }

    /// What buying would do to the account's current plan, for the payment sheet:
    /// "Switches from Rage Pro (Monthly) now; the unused part is refunded."
    /// While `from` has a billing problem (`billingProblem`) its renewal failed: the switch
    /// comes once billing is resolved, on no date known now.
    /// `unpaidPeriod`: the plan replaced now is in a free period or a billing problem, so no
    /// unused part of a paid period is refunded.
    /// `onlyPaidAheadRefunded`: the period running is free, and periods after it were paid
    /// ahead, which are what comes back.
    /// `turnsRenewalOn`: `from`'s auto-renew is off, and scheduling the switch turns it on.
    public func planChangeText(_ change: PlanChange, billingProblem: Bool = false, unpaidPeriod: Bool = false,
                               onlyPaidAheadRefunded: Bool = false, turnsRenewalOn: Bool = false) -> String {
        let name = { (id: String) in self.catalog.product(id: id).map(self.title(of:)) ?? id }
        let when = { (effective: Date) in billingProblem ? "once its billing is resolved" : "at its renewal on \(self.date(effective))" }
        switch change {
        case let .upgradeNow(from):
            if onlyPaidAheadRefunded {
                return "Replaces \(name(from)) now; what was paid ahead is refunded (its period running was not paid for)."
            }
            return unpaidPeriod ? "Replaces \(name(from)) now; nothing of it is refunded, as its period running was not paid for."
                : "Replaces \(name(from)) now; the unused part of what was paid (the period running and any paid ahead) is refunded."
        case let .atRenewal(from, effective):
            return (turnsRenewalOn ? "Turns auto-renew back on for a plan change: " : "A plan change: ")
                + "\(name(from)) switches to this \(when(effective)); nothing is charged now."
        case let .scheduled(from, effective, willSwitch):
            guard willSwitch else {
                return "Turns auto-renew back on: \(name(from)) switches to this \(when(effective)); nothing is charged now."
            }
            return "Already scheduled: \(name(from)) switches to this "
                + (billingProblem ? "once its billing is resolved" : "on \(date(effective))") + ". Buying again changes nothing."
        }
    }

    /// What buying the current plan again does while its auto-renew is off or a switch away
    /// from it is scheduled, for the payment sheet.
    public func keepPlanText(renews: Date, turnsRenewalOn: Bool, droppedSwitchTo: String?) -> String {
        let dropped = droppedSwitchTo.map { id in "cancels the switch to \(catalog.product(id: id).map(title(of:)) ?? id)" }
        let action = switch (turnsRenewalOn, dropped) {
        case (true, let dropped?): "Turns auto-renew back on and \(dropped)"
        case (false, let dropped?): "Keeps this plan and \(dropped)"
        case (_, nil): "Turns auto-renew back on"
        }
        return "\(action): it renews on \(date(renews)); nothing is charged now."
    }

    /// What one purchase grants, e.g. "+5 Rage Faces"; nil when it grants no credit.
    public func grantText(_ product: Product, quantity: Int = 1) -> String? {
        guard let grant = product.grant else { return nil }
        return "+\(count(grant.amount * quantity)) \(creditName(grant.credit))"
    }

    /// A period in words: "1 week", "3 months"; the number in the locale's digits, as counts are.
    public func periodText(_ period: SubscriptionPeriod) -> String {
        let unit: String = switch period.unit {
        case .day: period.value == 1 ? "day" : "days"
        case .week: period.value == 1 ? "week" : "weeks"
        case .month: period.value == 1 ? "month" : "months"
        case .year: period.value == 1 ? "year" : "years"
        }
        return "\(count(period.value)) \(unit)"
    }

    /// Said after the status of the plan a period was paid ahead in (it "Switches" when the plan
    /// running now ends) when its auto-renew is off: "ends Jan 7, 2028 (auto-renew off)", as
    /// `entitlements` has no renewal after it; nil otherwise.
    public func paidAheadEndNote(of productID: String, in entitlements: Entitlements) -> String? {
        guard let subscription = entitlements.paidAheadSubscription(involving: productID), subscription.productID == productID,
              !subscription.willAutoRenew, let end = subscription.expiresDate else { return nil }
        return "ends \(date(end)) (auto-renew off)"
    }

    /// Said after a waiting purchase's status when a request for the same product waits beside
    /// an interrupted purchase, which the status names first.
    public func alsoWaitingNote(_ status: ProductStatus) -> String? {
        guard case .waiting(_, .pending?) = status else { return nil }
        return "a request to buy it waits for approval too"
    }

    /// A short status for a product row: "Owned", "Restore to unlock", "7 left",
    /// "Active until 29 Dec 2026", "Not sold in Japan".
    public func statusText(_ status: ProductStatus) -> String {
        switch status {
        case .notSold: "Not sold in \(countryName(storefront))"
        case .available: ""
        case let .credits(credit, balance): credit == nil ? "" : "\(count(balance)) left"
        case .owned: "Owned"
        case .restoreToUnlock: "Restore to unlock"
        case .awaitingDelivery: "Awaiting delivery (deliver-unfinished)"
        case let .active(until, willRenew):
            // A period that ends after store time stops is never renewed.
            until.map { (willRenew && !Store.storeTimeNeverReaches($0) ? "Renews " : "Active until ") + date($0) } ?? "Subscribed"
        case let .runningBeforeSwitch(until, next, _): "Until \(date(until)), then \(catalog.product(id: next).map(title(of:)) ?? next)"
        case let .expired(on): "Expired \(date(on))"
        case .revoked: "Refunded"
        case let .billingProblem(graceUntil, willAutoRenew):
            (graceUntil.map { "Billing problem, access until \(date($0))" } ?? "Billing problem: no access")
                + (willAutoRenew ? "" : graceUntil == nil ? ", ends (auto-renew off)" : ", then ends (auto-renew off)")
        case let .waiting(state, _): state == .pending ? "Waiting for approval" : "Needs your action"
        case let .changeScheduled(_, effective, willSwitch):
            !willSwitch ? "Switch on hold" : effective.map { "Switches \(date($0))" } ?? "Switches once billing is resolved"
        case let .groupPlanUnknown(current): "Not with this catalog (your plan \(current) is not in it)"
        }
    }
}
