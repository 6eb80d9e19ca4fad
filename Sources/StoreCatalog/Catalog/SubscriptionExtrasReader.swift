import Foundation
import StoreJSON

/// Reads the offer codes, win-back offers and billing plans of a subscription in a Storefront
/// catalog, so that every offer of an imported StoreKit file survives `catalog convert`.
///
/// ```json
/// "offerCodes": [{ "id": "SPRING", "eligibility": ["new", "expired"], "stackable": false,
///                  "paymentMode": "freeTrial", "period": "P1M" }],
/// "winBackOffers": [{ "id": "come-back", "paymentMode": "payUpFront", "period": "P3M", "prices": { "USA": "4.99" } }],
/// "billingPlans": [{ "type": "monthly", "prices": { "USA": "0.99" }, "commitmentPrices": { "USA": "11.88" }, "enabled": true }]
/// ```
struct SubscriptionExtrasReader {
    /// What the reader found, to be put into a `SubscriptionInfo` once the rest is known.
    struct Extras {
        var offerCodes: [OfferCode] = []
        var winBackOffers: [PromotionalOffer] = []
        var billingPlans: [BillingPlan] = []

        func apply(to info: inout SubscriptionInfo) {
            info.offerCodes = offerCodes
            info.winBackOffers = winBackOffers
            info.billingPlans = billingPlans
        }
    }

    let subscriptionReader: SubscriptionReader

    static let offerCodeKeys = ["id", "eligibility", "stackable", "paymentMode", "period", "periods", "prices"]
    static let billingPlanKeys = ["type", "prices", "commitmentPrices", "enabled", "introOffer"]

    /// The key path of the `subscription` object, spelled out only for a problem.
    private var path: String { subscriptionReader.path }
    private var collect: ProblemCollector { subscriptionReader.collect }
    private var id: String { subscriptionReader.id }

    func read(_ node: JSONNode) -> Extras {
        var extras = Extras()
        for (index, codeNode) in elements(node, "offerCodes").enumerated() {
            if let code = readOfferCode(codeNode, field: "\(path).offerCodes[\(index)]") { extras.offerCodes.append(code) }
        }
        for (index, offerNode) in elements(node, "winBackOffers").enumerated() {
            if let offer = subscriptionReader.readPromotional(offerNode, field: "\(path).winBackOffers[\(index)]") {
                extras.winBackOffers.append(offer)
            }
        }
        for (index, planNode) in elements(node, "billingPlans").enumerated() {
            let field = "\(path).billingPlans[\(index)]"
            guard let plan = readBillingPlan(planNode, field: field) else { continue }
            if extras.billingPlans.contains(where: { $0.kind == plan.kind }) {
                collect.error("a second \(plan.kind.rawValue) billing plan; a subscription has at most one of each type",
                              at: planNode, field: field, product: id)
                continue
            }
            extras.billingPlans.append(plan)
        }
        return extras
    }

    private func elements(_ node: JSONNode, _ key: String) -> [JSONNode] {
        collect.array(node[key], field: "\(path).\(key)", product: id) ?? []
    }

    private func readOfferCode(_ node: JSONNode, field: String) -> OfferCode? {
        // Checked first, so that a code that is no object is one problem, not also a missing id.
        guard collect.object(node, field: field, product: id) != nil else { return nil }
        collect.warnUnknownKeys(in: node, known: Self.offerCodeKeys, path: field, product: id)
        let codeID = collect.string(collect.required(node, "id", path: field, product: id), field: "\(field).id", product: id)
        var eligibility: [OfferCode.Eligibility] = OfferCode.Eligibility.allCases
        if let listNode = node["eligibility"], let list = collect.array(listNode, field: "\(field).eligibility", product: id) {
            eligibility = []
            for (index, element) in list.enumerated() {
                let elementField = "\(field).eligibility[\(index)]"
                guard let text = collect.string(element, field: elementField, product: id) else { continue }
                guard let value = OfferCode.Eligibility(rawValue: text) else {
                    collect.error("unknown eligibility \"\(text)\"; use new, existing or expired", at: element, field: elementField, product: id)
                    continue
                }
                eligibility.append(value)
            }
        }
        let stackable = node["stackable"].flatMap { collect.bool($0, field: "\(field).stackable", product: id) } ?? false
        guard let (mode, period, count, prices) = subscriptionReader.readTerms(node, field: field), let codeID else { return nil }
        return OfferCode(id: codeID, eligibility: eligibility, isStackable: stackable, paymentMode: mode,
                         period: period, periodCount: count, prices: prices)
    }

    private func readBillingPlan(_ node: JSONNode, field: String) -> BillingPlan? {
        guard collect.object(node, field: field, product: id) != nil else { return nil }
        collect.warnUnknownKeys(in: node, known: Self.billingPlanKeys, path: field, product: id)
        var kind: BillingPlan.Kind?
        if let text = collect.string(collect.required(node, "type", path: field, product: id), field: "\(field).type", product: id) {
            kind = BillingPlan.Kind(rawValue: text)
            if kind == nil {
                collect.error("unknown billing plan type \"\(text)\"; use billedUpfront or monthly", at: node["type"],
                              field: "\(field).type", product: id)
            }
        }
        let productReader = subscriptionReader.productReader
        let prices = productReader.readPrices(node["prices"], field: "\(field).prices", id: id, required: true)
        let commitment = productReader.readPrices(node["commitmentPrices"], field: "\(field).commitmentPrices", id: id, required: false)
        let enabled = node["enabled"].flatMap { collect.bool($0, field: "\(field).enabled", product: id) } ?? true
        var intro: IntroOffer?
        if let introNode = node["introOffer"], !introNode.isNull {
            collect.warnUnknownKeys(in: introNode, known: SubscriptionReader.termKeys,
                                    path: "\(field).introOffer", product: id)
        }
        if let introNode = node["introOffer"], !introNode.isNull,
           let (mode, period, count, introPrices) = subscriptionReader.readTerms(introNode, field: "\(field).introOffer") {
            intro = IntroOffer(paymentMode: mode, period: period, periodCount: count, prices: introPrices)
        }
        guard let kind else { return nil }
        return BillingPlan(kind: kind, prices: prices, commitmentPrices: commitment, isEnabled: enabled, introOffer: intro)
    }
}
