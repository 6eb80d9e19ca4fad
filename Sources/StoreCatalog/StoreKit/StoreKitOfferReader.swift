import Foundation
import StoreJSON

/// Reads the offers of a StoreKit subscription: introductory offers, promotional offers
/// (`adHocOffers`), offer codes (`codeOffers`), win-back offers and billing plans.
struct StoreKitOfferReader {
    static let termKeys: Set<String> = ["billingPlanType", "displayPrice", "internalID", "numberOfPeriods",
                                        "paymentMode", "subscriptionPeriod"]
    static let promotionalKeys = termKeys.union(["offerID", "referenceName"])
    static let offerCodeKeys = termKeys.union(["eligibility", "isStackable", "referenceName"])
    static let billingPlanKeys: Set<String> = ["billingPlanType", "commitmentDisplayPrice", "displayPrice",
                                               "internalID", "isEnabled"]

    let collect: ProblemCollector
    let storefront: String
    let currency: String
    let productID: String

    private struct Terms {
        var mode: OfferPaymentMode
        var period: SubscriptionPeriod
        var count: Int
        var prices: [String: Decimal]
    }

    /// The subscription's introductory offer, and those tied to one billing plan.
    ///
    /// Format 5.0 lists intro offers in `introductoryOffers` (one per billing plan) and repeats
    /// the first in the older `introductoryOffer`; the list wins when both are present.
    func readIntroOffers(of subscription: JSONNode, path: String) -> (main: IntroOffer?, byPlan: [BillingPlan.Kind: IntroOffer]) {
        var main: IntroOffer?
        var byPlan: [BillingPlan.Kind: IntroOffer] = [:]
        let listPath = "\(path).introductoryOffers"
        for (index, entry) in (collect.array(subscription.presentMember("introductoryOffers"), field: listPath, product: productID) ?? []).enumerated() {
            let entryPath = "\(listPath)[\(index)]"
            guard let (offer, plan) = readIntro(entry, path: entryPath) else { continue }
            if let plan, plan != .billedUpfront {
                if byPlan[plan] == nil { byPlan[plan] = offer } else { warnSecondIntro(entry, path: entryPath) }
            } else if main == nil {
                main = offer
            } else {
                warnSecondIntro(entry, path: entryPath)
            }
        }
        if let legacy = subscription.presentMember("introductoryOffer"),
           let (offer, plan) = readIntro(legacy, path: "\(path).introductoryOffer") {
            if let plan, plan != .billedUpfront {
                if byPlan[plan] == nil { byPlan[plan] = offer }
            } else if main == nil {
                main = offer
            }
        }
        return (main, byPlan)
    }

    private func warnSecondIntro(_ node: JSONNode, path: String) {
        collect.warning("a second introductory offer for the same billing plan is ignored; a buyer gets one",
                        at: node, field: path, product: productID)
    }

    private func readIntro(_ node: JSONNode, path: String) -> (IntroOffer, BillingPlan.Kind?)? {
        guard collect.object(node, field: path, product: productID) != nil else { return nil }
        collect.warnUnknownKeys(in: node, known: Self.termKeys, path: path, product: productID)
        guard let plan = readPlanKind(node, path: path), let terms = readTerms(node, path: path) else { return nil }
        return (IntroOffer(paymentMode: terms.mode, period: terms.period, periodCount: terms.count, prices: terms.prices), plan.kind)
    }

    /// Reads `adHocOffers` (promotional offers) or `winbackOffers`, which share their shape.
    func readPromotionalOffers(_ node: JSONNode?, path: String) -> [PromotionalOffer] {
        var offers: [PromotionalOffer] = []
        var firstUse: [String: Int] = [:]
        for (index, entry) in (collect.array(node, field: path, product: productID) ?? []).enumerated() {
            let entryPath = "\(path)[\(index)]"
            guard collect.object(entry, field: entryPath, product: productID) != nil else { continue }
            collect.warnUnknownKeys(in: entry, known: Self.promotionalKeys, path: entryPath, product: productID)
            let offerID = collect.string(collect.required(entry, "offerID", path: entryPath, product: productID),
                                         field: "\(entryPath).offerID", product: productID)
            _ = entry.presentMember("referenceName").flatMap { collect.string($0, field: "\(entryPath).referenceName", product: productID) }
            guard readPlanKind(entry, path: entryPath) != nil, let terms = readTerms(entry, path: entryPath), let offerID else { continue }
            if offerID.isEmpty {
                collect.error("is empty; a promotional offer needs the id a purchase names it by", at: entry["offerID"],
                              field: "\(entryPath).offerID", product: productID)
                continue
            }
            if let first = firstUse[offerID] {
                collect.warning("offer id \"\(offerID)\" is also used by \(path)[\(first)]; a purchase with this id gets the first",
                                at: entry["offerID"], field: "\(entryPath).offerID", product: productID)
            } else {
                firstUse[offerID] = index
            }
            offers.append(PromotionalOffer(id: offerID, paymentMode: terms.mode, period: terms.period,
                                           periodCount: terms.count, prices: terms.prices))
        }
        return offers
    }

    /// Reads `codeOffers`. A code is named by its reference name, which is what a tester enters.
    func readOfferCodes(_ node: JSONNode?, path: String) -> [OfferCode] {
        var codes: [OfferCode] = []
        for (index, entry) in (collect.array(node, field: path, product: productID) ?? []).enumerated() {
            let entryPath = "\(path)[\(index)]"
            guard collect.object(entry, field: entryPath, product: productID) != nil else { continue }
            collect.warnUnknownKeys(in: entry, known: Self.offerCodeKeys, path: entryPath, product: productID)
            let name = entry.presentMember("referenceName").flatMap { collect.string($0, field: "\(entryPath).referenceName", product: productID) }
            // Xcode's own id names the code only when the file gives it no reference name.
            let internalID = name == nil ? entry.presentMember("internalID")?.stringValue : nil
            let eligibility = readEligibility(entry, path: entryPath)
            let stackable = entry.presentMember("isStackable").flatMap { collect.bool($0, field: "\(entryPath).isStackable", product: productID) } ?? false
            guard readPlanKind(entry, path: entryPath) != nil, let terms = readTerms(entry, path: entryPath) else { continue }
            guard let id = [name, internalID].compactMap({ $0?.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) else {
                collect.error("is missing; an offer code needs a referenceName, the code a buyer enters", at: entry,
                              field: "\(entryPath).referenceName", product: productID)
                continue
            }
            if codes.contains(where: { $0.id == id }) {
                collect.warning("offer code \"\(id)\" is listed twice; redeeming it gets the first", at: entry,
                                field: entryPath, product: productID)
            }
            codes.append(OfferCode(id: id, eligibility: eligibility, isStackable: stackable, paymentMode: terms.mode,
                                   period: terms.period, periodCount: terms.count, prices: terms.prices))
        }
        return codes
    }

    /// Who may redeem an offer code; everyone when the file does not say.
    private func readEligibility(_ entry: JSONNode, path: String) -> [OfferCode.Eligibility] {
        let field = "\(path).eligibility"
        guard let node = entry.presentMember("eligibility") else { return OfferCode.Eligibility.allCases }
        var result: [OfferCode.Eligibility] = []
        for (index, element) in (collect.array(node, field: field, product: productID) ?? []).enumerated() {
            guard let text = collect.string(element, field: "\(field)[\(index)]", product: productID) else { continue }
            guard let value = OfferCode.Eligibility(rawValue: text) else {
                collect.warning("unknown eligibility \"\(text)\" is ignored; known are new, existing and expired",
                                at: element, field: "\(field)[\(index)]", product: productID)
                continue
            }
            result.append(value)
        }
        if result.isEmpty, node.arrayElements != nil {
            collect.warning("lists nobody; no buyer can redeem this offer code", at: node, field: field, product: productID)
        }
        return result
    }

    /// Reads `billingPlans` (format 5.0: a commitment billed up front or monthly).
    func readBillingPlans(_ node: JSONNode?, path: String) -> [BillingPlan] {
        var plans: [BillingPlan] = []
        for (index, entry) in (collect.array(node, field: path, product: productID) ?? []).enumerated() {
            let entryPath = "\(path)[\(index)]"
            guard collect.object(entry, field: entryPath, product: productID) != nil else { continue }
            collect.warnUnknownKeys(in: entry, known: Self.billingPlanKeys, path: entryPath, product: productID)
            let kind = readPlanKind(entry, path: entryPath, required: true)
            let price = collect.price(collect.required(entry, "displayPrice", path: entryPath, product: productID),
                                      currency: currency, field: "\(entryPath).displayPrice", product: productID)
            let commitment = entry.presentMember("commitmentDisplayPrice")
                .flatMap { collect.price($0, currency: currency, field: "\(entryPath).commitmentDisplayPrice", product: productID) }
            let enabled = entry.presentMember("isEnabled").flatMap { collect.bool($0, field: "\(entryPath).isEnabled", product: productID) } ?? true
            guard let kind = kind?.kind, let price else { continue }
            if plans.contains(where: { $0.kind == kind }) {
                collect.warning("a second \(kind.rawValue) billing plan is ignored", at: entry, field: entryPath, product: productID)
                continue
            }
            plans.append(BillingPlan(kind: kind, prices: [storefront: price],
                                     commitmentPrices: commitment.map { [storefront: $0] } ?? [:], isEnabled: enabled))
        }
        return plans
    }

    /// The `billingPlanType` an entry names, if any.
    private struct PlanTag {
        var kind: BillingPlan.Kind?
    }

    /// Reads `billingPlanType`; nil when the entry must be skipped (an unknown or mistyped plan).
    private func readPlanKind(_ node: JSONNode, path: String, required: Bool = false) -> PlanTag? {
        let field = "\(path).billingPlanType"
        guard let typeNode = node.presentMember("billingPlanType") else {
            if required { collect.error("is missing; write \"BILLED_UPFRONT\" or \"MONTHLY\"", at: node, field: field, product: productID) }
            return required ? nil : PlanTag(kind: nil)
        }
        guard let text = collect.string(typeNode, field: field, product: productID) else { return nil }
        switch text {
        case "BILLED_UPFRONT": return PlanTag(kind: .billedUpfront)
        case "MONTHLY": return PlanTag(kind: .monthly)
        default:
            collect.warning("unknown billing plan type \"\(text)\"; this entry is ignored (known: BILLED_UPFRONT, MONTHLY)",
                            at: typeNode, field: field, product: productID)
            return nil
        }
    }

    private func readTerms(_ node: JSONNode, path: String) -> Terms? {
        let modeField = "\(path).paymentMode"
        var mode: OfferPaymentMode?
        if let text = collect.string(collect.required(node, "paymentMode", path: path, product: productID), field: modeField, product: productID) {
            switch text {
            case "free": mode = .freeTrial
            case "payAsYouGo": mode = .payAsYouGo
            case "payUpFront": mode = .payUpFront
            default:
                collect.error("unknown payment mode \"\(text)\"; use free, payAsYouGo or payUpFront", at: node["paymentMode"],
                              field: modeField, product: productID)
            }
        }
        let periodField = "\(path).subscriptionPeriod"
        var period: SubscriptionPeriod?
        if let text = collect.string(collect.required(node, "subscriptionPeriod", path: path, product: productID), field: periodField, product: productID) {
            period = SubscriptionPeriod(iso8601: text)
            if period == nil {
                collect.error("\"\(text)\" is not a period; use an ISO 8601 duration such as P3D, P1W, P1M, P1Y",
                              at: node["subscriptionPeriod"], field: periodField, product: productID)
            }
        }
        // A count that cannot be read leaves the price to be checked all the same.
        var count: Int? = 1
        if let countNode = node.presentMember("numberOfPeriods") {
            count = collect.integer(countNode, within: CatalogLimits.offerPeriods, field: "\(path).numberOfPeriods", product: productID)
        }
        // Xcode writes an empty price for an offer whose price was never filled in; a free trial
        // needs none, and a paid offer without one is left out rather than given a made-up price.
        let writtenPrice = node.presentMember("displayPrice")
        let priceNode = writtenPrice?.stringValue?.trimmingCharacters(in: .whitespaces).isEmpty == true ? nil : writtenPrice
        guard let mode, let period else { return nil }
        if mode == .freeTrial { return count.map { Terms(mode: mode, period: period, count: $0, prices: [:]) } }
        if priceNode == nil, let writtenPrice {
            collect.warning("the \(mode.storeKitName) offer has an empty price, so it is left out; give it a price such as \"0.99\" (or make it \"free\") to offer it",
                            at: writtenPrice, field: "\(path).displayPrice", product: productID)
            return nil
        }
        let price = priceNode.flatMap { collect.price($0, currency: currency, field: "\(path).displayPrice", product: productID) }
        guard let price else {
            if priceNode == nil {
                collect.error("is missing; a \(mode.storeKitName) offer needs a price such as \"0.99\"",
                              at: node, field: "\(path).displayPrice", product: productID)
            }
            return nil
        }
        guard let count else { return nil }
        return Terms(mode: mode, period: period, count: count, prices: [storefront: price])
    }
}

extension OfferPaymentMode {
    /// The payment mode as a `.storekit` file spells it, for messages about such a file.
    var storeKitName: String {
        switch self {
        case .freeTrial: "free"
        case .payAsYouGo: "payAsYouGo"
        case .payUpFront: "payUpFront"
        }
    }
}
