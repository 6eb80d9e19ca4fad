import Foundation
import StoreEngine
import StoreCatalog
import StorefrontText

/// Words the storefront screens use beyond those the engine's `StoreText` provides.
enum AppText {
    /// Formatters shared by every frame: creating ICU formatters costs far more than using them.
    private static let prices = PriceFormatter()
    private static let dates = DateText()
    private static let counts = CountFormatter()

    static func storeText(catalog: Catalog, locale: String, storefront: String) -> StoreText {
        StoreText(catalog: catalog, locale: locale, storefront: storefront, prices: prices, dates: dates, counts: counts)
    }

    /// The product type as a buyer would name it.
    static func typeName(_ type: ProductType) -> String {
        switch type {
        case .consumable: "Consumable"
        case .nonConsumable: "Non-consumable"
        case .autoRenewable: "Auto-renewable subscription"
        case .nonRenewing: "Non-renewing subscription"
        case .freeSubscription: "Free subscription"
        }
    }

    /// The name of a language or locale in its own language, e.g. "Deutsch (Deutschland)".
    static func localeName(_ identifier: String) -> String {
        Locale(identifier: identifier).localizedString(forIdentifier: identifier) ?? identifier
    }

    /// A likely full locale for a catalog language ("de" → "de_DE"), so prices get a region's format.
    static func locale(forLanguage language: String) -> String {
        if language.contains("_") { return language }
        return typicalRegion[language].map { "\(language)_\($0)" } ?? language
    }

    private static let typicalRegion: [String: String] = [
        "en": "US", "de": "DE", "fr": "FR", "ja": "JP", "es": "ES", "it": "IT", "pt": "BR", "nl": "NL",
        "sv": "SE", "da": "DK", "fi": "FI", "nb": "NO", "pl": "PL", "ru": "RU", "tr": "TR", "ko": "KR",
        "zh": "CN", "ar": "SA", "he": "IL", "hi": "IN", "cs": "CZ", "el": "GR", "hu": "HU", "uk": "UA",
    ]

    /// A product row's status; while store time runs fast, subscriptions count down in real
    /// time ("Renews in 0:24") so a person can watch a renewal or a lapse happen.
    ///
    /// A status wider than `width` is said in fewer words ("Billing problem"), so the words
    /// that matter are never cut. A consumable granting `credit` keeps its balance beside a
    /// purchase of it that waits ("5 left · Waiting for approval") where both fit.
    static func status(_ status: ProductStatus, state: AppState, fittingIn width: Int, isPass: Bool = false,
                       credit: String? = nil) -> String {
        if case .waiting(let waitingState, _) = status, let credit {
            let balance = self.status(.credits(credit: credit, balance: state.snapshot.balance(of: credit)), state: state)
            let fewest = waitingState == .pending ? "Requested" : "Interrupted"
            for waiting in [self.status(status, state: state), shortStatus(status, state: state), fewest] {
                let both = balance + " · " + waiting
                if both.displayWidth <= width { return both }
            }
        }
        let full = self.status(status, state: state)
        guard full.displayWidth > width else { return full }
        // A pass never renews: "Not renewing" would say it could.
        if isPass, case .active = status { return "Active" }
        return shortStatus(status, state: state)
    }

    static func status(_ status: ProductStatus, state: AppState) -> String {
        if case .credits(_?, _) = status, !state.snapshot.balancesKnown { return "? left" }
        if case let .credits(credit?, balance) = status {
            return StorefrontPaneText.balance(balance, undelivered: state.snapshot.entitlements.undeliveredCredit(credit), text: state.text) + " left"
        }
        let multiplier = state.snapshot.timeline.rate.multiplier
        guard multiplier > 1 else { return state.text.statusText(status) }
        switch status {
        // Store time never gets to a period's end past where it stops: no countdown to it.
        case let .active(until?, willRenew) where !Store.storeTimeNeverReaches(until):
            return (willRenew ? "Renews in " : "Ends in ") + countdown(to: until, state: state)
        case let .runningBeforeSwitch(until, _, _):
            return "Switches in " + countdown(to: until, state: state)
        // The plan switched to counts down to the same moment as the plan it follows (before: a
        // date beside the other's countdown).
        case let .changeScheduled(_, effective?, true) where !Store.storeTimeNeverReaches(effective):
            return "Switches in " + countdown(to: effective, state: state)
        case let .billingProblem(graceUntil?, _):
            return "Grace ends in " + countdown(to: graceUntil, state: state)
        default:
            return state.text.statusText(status)
        }
    }

    /// The status in the fewest words that still say where the buyer stands.
    static func shortStatus(_ status: ProductStatus, state: AppState) -> String {
        switch status {
        case .notSold: "Not sold here"
        case .available: ""
        case let .credits(credit?, balance): shortCredits(balance, undelivered: state.snapshot.entitlements.undeliveredCredit(credit), text: state.text)
        case .credits(nil, _): ""
        case .owned: "Owned"
        case .restoreToUnlock: "Restore"
        case .awaitingDelivery: "Undelivered"
        case let .active(until, willRenew): until == nil || willRenew ? "Subscribed" : "Not renewing"
        // The plan switched to reads "Switches" with its date in its own row.
        // Paid ahead into another plan or scheduled to switch, it neither renews nor ends: buying
        // it again is a change (an upgrade, or keeping it), so the row does not read as plainly yours.
        case .runningBeforeSwitch: "Switching"
        case .expired: "Expired"
        case .revoked: "Refunded"
        case .billingProblem(let graceUntil, _): graceUntil == nil ? "Billing problem" : "Billing grace"
        case .waiting(let waiting, _): waiting == .pending ? "Awaiting approval" : "Needs action"
        case .changeScheduled(_, _, let willSwitch): willSwitch ? "Plan change" : "Switch on hold"
        case .groupPlanUnknown: "Plan unknown"
        }
    }

    /// "5 left", or "5 (+5) left" beside packs bought here and not delivered yet.
    private static func shortCredits(_ balance: Int, undelivered: Int, text: StoreText) -> String {
        undelivered > 0 ? "\(text.count(balance)) (+\(text.count(undelivered))) left" : "\(text.count(balance)) left"
    }

    /// Real time until store time reaches `date`, as m:ss or h:mm:ss.
    static func countdown(to date: Date, state: AppState) -> String {
        let real = max(0, Int((date.timeIntervalSince(state.storeNow) / state.snapshot.timeline.rate.multiplier).rounded(.up)))
        let (hours, minutes, seconds) = (real / 3_600, real / 60 % 60, real % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }
}
