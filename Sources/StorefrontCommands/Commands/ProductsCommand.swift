import Foundation
import StoreEngine
import StoreCatalog
import StorefrontText

/// `storefront products`: the catalog with prices and the buyer's status.
enum ProductsCommand {
    static func run(_ session: StoreSession, arguments: CommandLineArguments, console: Console) throws -> ExitStatus {
        let store = session.store
        let text = session.text
        try session.perform { try store.checkInjectedFailure(.loadProducts, buyer: session.buyer) }
        let entitlements = store.entitlements(for: session.buyer)
        // The introductory offer is for accounts that never subscribed in the group.
        let subscribedGroups = Set(store.snapshot.subscriptionChains(of: session.buyer.account).map(\.group))
        if arguments.json {
            try console.json(session.catalog.products.map {
                entry(for: $0, session: session, entitlements: entitlements, subscribedGroups: subscribedGroups)
            })
            return .success
        }
        console.out(CommandLineText.Products.heading(app: session.catalog.appName, account: session.buyer.account,
                                                     device: session.buyer.device, locale: session.locale,
                                                     storefront: session.storefront, currency: text.currency))
        let balances = session.catalog.credits.map {
            (text.creditName($0.id), entitlements.credits[$0.id] ?? 0, entitlements.undeliveredCredit($0.id))
        }
        if let credits = CommandLineText.Products.credits(balances, text: text) { console.out(credits) }
        if !store.timeline.isReal {
            console.out(CommandLineText.Products.storeTime(text.dates.dateTime(store.now(), locale: session.locale),
                                                           rate: store.timeline.rate.rawValue))
        }
        for section in ProductSection.sections(of: session.catalog) {
            console.out(CommandLineText.blankLine)
            console.out(section.title)
            for product in section.products {
                let productStatus = store.status(of: product, in: entitlements, storefront: session.storefront)
                // A consumable's balance stays beside a purchase of it that waits: "5 left · Waiting for approval".
                let status = ([balanceBeside(productStatus, of: product, in: entitlements)].compactMap { $0 } + [productStatus])
                    .map(text.statusText).filter { !$0.isEmpty }.joined(separator: " · ")
                    // How many the purchase that waits asks for, where more than one, as `transactions` names it.
                    + (entitlements.waitingQuantity(of: product.id, status: productStatus).map {
                        " (\(text.purchasedName(productID: product.id, quantity: $0)))"
                    } ?? "")
                    + (text.alsoWaitingNote(productStatus).map { "; " + $0 } ?? "")
                    + (text.paidAheadEndNote(of: product.id, in: entitlements).map { ", " + $0 } ?? "")
                console.out(CommandLineText.Products.row(title: text.title(of: product), id: product.id,
                                                         price: text.shownPrice(product).map { text.listedPrice($0, product: product, abbreviated: false) }
                                                             ?? CommandLineText.Products.notSoldPrice,
                                                         status: status))
                if let subscription = product.subscription, !subscribedGroups.contains(subscription.group),
                   let offer = subscription.introOffer,
                   let terms = OfferTerms.sentence(for: product, offer: OfferTerms.Offer(offer), text: text) {
                    console.out(CommandLineText.Products.introOffer(terms))
                }
                // As the storefront's details list them: to those who never subscribed too, saying who may take them.
                for offer in product.subscription?.promotionalOffers ?? [] {
                    guard let group = product.subscription?.group,
                          let terms = OfferTerms.sentence(for: product, offer: OfferTerms.Offer(offer), text: text) else { continue }
                    console.out(CommandLineText.Products.promotionalOffer(
                        offer.id, terms: OfferTerms.promotionalTerms(terms, subscribedInGroup: subscribedGroups.contains(group))))
                }
            }
        }
        return .success
    }

    /// The balance of the credit a consumable grants, while a purchase of it waits (`status`
    /// is `.waiting`, which says nothing of the balance); nil otherwise.
    private static func balanceBeside(_ status: ProductStatus, of product: Product, in entitlements: Entitlements) -> ProductStatus? {
        guard case .waiting = status, product.type == .consumable, let credit = product.grant?.credit else { return nil }
        return .credits(credit: credit, balance: entitlements.credits[credit] ?? 0)
    }

    static func entry(for product: Product, session: StoreSession, entitlements: Entitlements,
                      subscribedGroups: Set<String>) -> JSONShapes.ProductEntry {
        let text = session.text
        let status = session.store.status(of: product, in: entitlements, storefront: session.storefront)
        var entry = JSONShapes.ProductEntry(
            id: product.id, type: product.type.rawValue, title: text.title(of: product),
            description: text.description(of: product), price: product.price(in: session.storefront).map { ExactDecimal.amount($0, currency: text.currency) },
            currency: text.currency, displayPrice: text.displayPrice(product),
            available: product.price(in: session.storefront) != nil, status: status.name)
        entry.grants = product.grant?.amount
        entry.duration = product.duration?.description
        if let subscription = product.subscription {
            let offer = { (id: String?, mode: OfferPaymentMode, period: SubscriptionPeriod, count: Int, prices: [String: Decimal]) in
                JSONShapes.Offer(id: id, paymentMode: mode.rawValue, period: period.description, periods: count,
                                 price: prices[session.storefront].map { ExactDecimal.amount($0, currency: text.currency) },
                                 displayPrice: prices[session.storefront].map { text.format($0) })
            }
            entry.group = subscription.group
            entry.level = subscription.level
            entry.subscriptionPeriod = subscription.period.description
            entry.introOffer = subscribedGroups.contains(subscription.group) ? nil
                : subscription.introOffer.map { offer(nil, $0.paymentMode, $0.period, $0.periodCount, $0.prices) }
            // Left out where there are none, as every field that does not apply is.
            entry.promotionalOffers = subscription.promotionalOffers.isEmpty ? nil
                : subscription.promotionalOffers.map { offer($0.id, $0.paymentMode, $0.period, $0.periodCount, $0.prices) }
        }
        switch balanceBeside(status, of: product, in: entitlements) ?? status {
        case let .credits(credit, balance):
            entry.credit = credit
            entry.balance = credit == nil ? nil : balance
            // Left out when none waits, as every field that does not apply is.
            entry.undelivered = credit.map(entitlements.undeliveredCredit).flatMap { $0 > 0 ? $0 : nil }
        case let .owned(since): entry.purchaseDate = since
        case let .active(until, willRenew):
            entry.expiresDate = until
            entry.willAutoRenew = product.type == .autoRenewable ? willRenew : nil
        // The subscription renews then, into the plan switched to, as its renewal info says; into a
        // period paid ahead it goes whatever its auto-renew, which says whether it renews after that.
        case let .runningBeforeSwitch(until, _, _):
            entry.expiresDate = until
            entry.willAutoRenew = entitlements.paidAheadSubscription(involving: product.id)?.willAutoRenew ?? true
        case let .expired(on):
            // A subscription's dates as `entitlements --json` gives them: the end of the period
            // paid for, and when access ended where that differs (a grace period, an expire);
            // a pass's end is both.
            if let subscription = entitlements.subscriptions.first(where: { $0.productID == product.id }) {
                entry.expiresDate = subscription.expiresDate
                entry.accessEndDate = subscription.accessEndDate
                entry.gracePeriodExpiresDate = subscription.gracePeriodExpiresDate
            } else {
                entry.expiresDate = on
            }
        // A refunded subscription's dates too, as `entitlements --json` gives them: the period
        // paid for, and when its access ended (at the refund, or before it when it had ended).
        case .revoked:
            if let subscription = entitlements.subscriptions.first(where: { $0.productID == product.id }) {
                entry.expiresDate = subscription.expiresDate
                entry.accessEndDate = subscription.accessEndDate
            }
        case let .billingProblem(_, willAutoRenew):
            // As `entitlements --json` gives them: the period paid for ended when its renewal
            // failed; a grace period gives access until later (and is kept once it ended, in billing retry).
            let subscription = entitlements.subscriptions.first { $0.productID == product.id }
            entry.expiresDate = subscription?.expiresDate
            entry.gracePeriodExpiresDate = subscription?.gracePeriodExpiresDate
            entry.willAutoRenew = willAutoRenew
        // Whether the subscription switching to it renews into it: false while its auto-renew is off.
        // A period paid ahead in it begins anyway: its auto-renew is whether it renews after that.
        case let .changeScheduled(_, _, willSwitch):
            entry.willAutoRenew = entitlements.paidAheadSubscription(involving: product.id)?.willAutoRenew ?? willSwitch
        case .notSold, .available, .restoreToUnlock, .awaitingDelivery, .waiting, .groupPlanUnknown: break
        }
        // Beside a consumable's balance too, which the switch above gives in place of the wait.
        entry.waitingQuantity = entitlements.waitingQuantity(of: product.id, status: status)
        if case let .waiting(_, also?) = status { entry.alsoWaiting = also.waitingStatusName }
        return entry
    }
}
