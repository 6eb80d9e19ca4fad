import Foundation
import StoreJSON

/// Reads the `subscription` object of an auto-renewable product.
struct SubscriptionReader {
    let collect: ProblemCollector
    let productReader: ProductReader
    let id: String

    static let keys = ["group", "period", "level", "introOffer", "promotionalOffers", "offerCodes", "winBackOffers", "billingPlans"]
    static let termKeys = ["paymentMode", "period", "periods", "prices"]
    static let promotionalKeys = ["id", "paymentMode", "period", "periods", "prices"]

    /// The key path of the `subscription` object, spelled out only for a problem.
    var path: String { "\(productReader.path).subscription" }

    func read(_ node: JSONNode?) -> SubscriptionInfo? {
        guard let node else {
            collect.error("an auto-renewable product needs a subscription with a group and a period, such as {\"group\": \"pro\", \"period\": \"P1M\"}",
                          at: productReader.node, field: path, product: id)
            return nil
        }
        guard collect.object(node, field: path, product: id) != nil else { return nil }
        collect.warnUnknownKeys(in: node, known: Self.keys, path: path, product: id)
        let group = collect.string(collect.required(node, "group", path: path, product: id), field: "\(path).group", product: id)
        let period = collect.required(node, "period", path: path, product: id)
            .flatMap { productReader.readPeriod($0, field: "\(path).period", id: id) }
        var level = 1
        if let levelNode = node["level"], let value = collect.integer(levelNode, field: "\(path).level", product: id) {
            if value < 1 { collect.error("the level must be 1 (highest) or more", at: levelNode, field: "\(path).level", product: id) }
            level = value
        }
        if let group, group.isEmpty {
            collect.error("is empty; name the subscription group", at: node["group"], field: "\(path).group", product: id)
        } else if let group, let problem = CatalogIdentifier.problem(group) {
            // A group no subscriptionGroups entry declares becomes one, written out as such by
            // `catalog convert`: it takes a group id's rule, or the written catalog would be refused.
            collect.error(problem, at: node["group"], field: "\(path).group", product: id)
        }
        let intro = node["introOffer"].flatMap { $0.isNull ? nil : readIntro($0) }
        var promotional: [PromotionalOffer] = []
        for (index, offerNode) in (collect.array(node["promotionalOffers"], field: "\(path).promotionalOffers", product: id) ?? []).enumerated() {
            if let offer = readPromotional(offerNode, field: "\(path).promotionalOffers[\(index)]") { promotional.append(offer) }
        }
        let extras = SubscriptionExtrasReader(subscriptionReader: self).read(node)
        guard let group, let period else { return nil }
        var info = SubscriptionInfo(group: group, period: period, level: level, introOffer: intro, promotionalOffers: promotional)
        extras.apply(to: &info)
        return info
    }

    func readTerms(_ node: JSONNode, field: @autoclosure () -> String) -> (OfferPaymentMode, SubscriptionPeriod, Int, [String: Decimal])? {
        guard collect.object(node, field: field(), product: id) != nil else { return nil }
        let modeText = collect.string(collect.required(node, "paymentMode", path: field(), product: id), field: "\(field()).paymentMode", product: id)
        var mode: OfferPaymentMode?
        if let modeText {
            mode = OfferPaymentMode(rawValue: modeText)
            if mode == nil {
                collect.error("unknown payment mode \"\(modeText)\"; use freeTrial, payAsYouGo or payUpFront",
                              at: node["paymentMode"], field: "\(field()).paymentMode", product: id)
            }
        }
        let period = collect.required(node, "period", path: field(), product: id)
            .flatMap { productReader.readPeriod($0, field: "\(field()).period", id: id) }
        // A count that cannot be read leaves the prices to be checked all the same.
        var count: Int? = 1
        if let countNode = node["periods"] {
            count = collect.integer(countNode, within: CatalogLimits.offerPeriods, field: "\(field()).periods", product: id)
        }
        let prices = productReader.readPrices(node["prices"], field: "\(field()).prices", id: id, required: false)
        if let mode, mode != .freeTrial, node["prices"] == nil {
            collect.error("a \(mode.rawValue) offer needs prices per storefront", at: node, field: "\(field()).prices", product: id)
        }
        guard let mode, let period, let count else { return nil }
        return (mode, period, count, prices)
    }

    private func readIntro(_ node: JSONNode) -> IntroOffer? {
        let field = { "\(path).introOffer" }
        collect.warnUnknownKeys(in: node, known: Self.termKeys, path: field(), product: id)
        guard let (mode, period, count, prices) = readTerms(node, field: field()) else { return nil }
        return IntroOffer(paymentMode: mode, period: period, periodCount: count, prices: prices)
    }

    func readPromotional(_ node: JSONNode, field: @autoclosure () -> String) -> PromotionalOffer? {
        // Checked first, so that an offer that is no object is one problem, not also a missing id.
        guard collect.object(node, field: field(), product: id) != nil else { return nil }
        collect.warnUnknownKeys(in: node, known: Self.promotionalKeys, path: field(), product: id)
        let offerID = collect.string(collect.required(node, "id", path: field(), product: id), field: "\(field()).id", product: id)
        guard let (mode, period, count, prices) = readTerms(node, field: field()), let offerID else { return nil }
        return PromotionalOffer(id: offerID, paymentMode: mode, period: period, periodCount: count, prices: prices)
    }
}
