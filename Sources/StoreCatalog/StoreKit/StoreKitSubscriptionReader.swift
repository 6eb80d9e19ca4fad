import Foundation
import StoreJSON

/// A subscription group read from a StoreKit configuration, before its names are completed.
struct ImportedGroup {
    var group: SubscriptionGroup
    /// The group's reference name (`name`), shown when no localization names the group.
    let referenceName: String
    /// Locale keys of `group.names` in file order.
    let localeOrder: [String]
}

/// Reads `subscriptionGroups` and the auto-renewable subscriptions in them.
struct StoreKitSubscriptionReader {
    static let groupKeys: Set<String> = ["id", "localizations", "name", "subscriptions"]
    static let subscriptionKeys = StoreKitProductReader.productKeys.union([
        "adHocOffers", "billingPlans", "codeOffers", "groupNumber", "introductoryOffer", "introductoryOffers",
        "recurringSubscriptionPeriod", "subscriptionGroupID", "winbackOffers",
    ])

    let collect: ProblemCollector
    let productReader: StoreKitProductReader

    func read(_ node: JSONNode?) -> (groups: [ImportedGroup], subscriptions: [ImportedProduct]) {
        var groups: [ImportedGroup] = []
        var subscriptions: [ImportedProduct] = []
        for (index, groupNode) in (collect.array(node, field: "subscriptionGroups") ?? []).enumerated() {
            let path = "subscriptionGroups[\(index)]"
            guard collect.object(groupNode, field: path) != nil else { continue }
            collect.warnUnknownKeys(in: groupNode, known: Self.groupKeys, path: path)
            guard let id = readGroupID(groupNode, path: path) else { continue }
            if groups.contains(where: { $0.group.id == id }) {
                collect.error("subscription group id \"\(id)\" is used twice; group ids must be unique", at: groupNode["id"], field: "\(path).id")
                continue
            }
            let name = groupNode.presentMember("name").flatMap { collect.string($0, field: "\(path).name") } ?? ""
            let texts = productReader.readLocalizations(groupNode.presentMember("localizations"), path: "\(path).localizations", product: nil)
            groups.append(ImportedGroup(group: SubscriptionGroup(id: id, names: texts.table.mapValues(\.title)),
                                        referenceName: name.trimmingCharacters(in: .whitespacesAndNewlines), localeOrder: texts.order))
            let membersNode = groupNode.presentMember("subscriptions")
            let members = collect.array(membersNode, field: "\(path).subscriptions") ?? []
            if members.isEmpty, membersNode == nil || membersNode?.arrayElements != nil {
                collect.warning("the subscription group \"\(id)\" has no subscriptions", at: groupNode, field: "\(path).subscriptions")
            }
            for (position, member) in members.enumerated() {
                if let subscription = readSubscription(member, path: "\(path).subscriptions[\(position)]", group: id) {
                    subscriptions.append(subscription)
                }
            }
        }
        return (groups, subscriptions)
    }

    private func readGroupID(_ node: JSONNode, path: String) -> String? {
        guard let id = collect.string(collect.required(node, "id", path: path), field: "\(path).id") else { return nil }
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            collect.error("is empty; a subscription group needs an id", at: node["id"], field: "\(path).id")
            return nil
        }
        if let problem = CatalogIdentifier.problem(id) { collect.error(problem, at: node["id"], field: "\(path).id") }
        return id
    }

    private func readSubscription(_ node: JSONNode, path: String, group: String) -> ImportedProduct? {
        guard collect.object(node, field: path) != nil else { return nil }
        let id = productReader.readID(node, path: path)
        collect.warnUnknownKeys(in: node, known: Self.subscriptionKeys, path: path, product: id)
        guard let id else { return nil }
        checkTypeAndGroup(node, path: path, id: id, group: group)
        let period = readPeriod(node, path: path, id: id)
        let level = readLevel(node, path: path, id: id)
        let offers = StoreKitOfferReader(collect: collect, storefront: productReader.storefront, currency: productReader.currency, productID: id)
        let intro = offers.readIntroOffers(of: node, path: path)
        let promotional = offers.readPromotionalOffers(node.presentMember("adHocOffers"), path: "\(path).adHocOffers")
        let codes = offers.readOfferCodes(node.presentMember("codeOffers"), path: "\(path).codeOffers")
        let winBack = offers.readPromotionalOffers(node.presentMember("winbackOffers"), path: "\(path).winbackOffers")
        var plans = offers.readBillingPlans(node.presentMember("billingPlans"), path: "\(path).billingPlans")
        for (kind, offer) in intro.byPlan.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let index = plans.firstIndex(where: { $0.kind == kind }) {
                plans[index].introOffer = offer
            } else {
                collect.warning("an introductory offer for the \(kind.rawValue) billing plan is ignored: the subscription has no such plan",
                                at: node["introductoryOffers"], field: "\(path).introductoryOffers", product: id)
            }
        }
        // Returned with errors too, as far as it was read, so that the checks across products see it.
        var imported = productReader.readCommon(node, path: path, id: id, type: .autoRenewable)
        guard let period else { return imported }
        var info = SubscriptionInfo(group: group, period: period, level: level, introOffer: intro.main,
                                    promotionalOffers: promotional)
        info.offerCodes = codes
        info.winBackOffers = winBack
        info.billingPlans = plans
        imported.product.subscription = info
        return imported
    }

    private func checkTypeAndGroup(_ node: JSONNode, path: String, id: String, group: String) {
        if let typeNode = node.presentMember("type"), let type = collect.string(typeNode, field: "\(path).type", product: id),
           type != "RecurringSubscription" {
            collect.error("a product in a subscription group has type \"RecurringSubscription\", not \"\(type)\"",
                          at: typeNode, field: "\(path).type", product: id)
        }
        if let groupNode = node.presentMember("subscriptionGroupID"),
           let written = collect.string(groupNode, field: "\(path).subscriptionGroupID", product: id), written != group {
            collect.warning("names group \"\(written)\" but is listed in group \"\(group)\"; the group it is listed in counts",
                            at: groupNode, field: "\(path).subscriptionGroupID", product: id)
        }
    }

    private func readPeriod(_ node: JSONNode, path: String, id: String) -> SubscriptionPeriod? {
        let field = "\(path).recurringSubscriptionPeriod"
        guard let text = collect.string(collect.required(node, "recurringSubscriptionPeriod", path: path, product: id),
                                        field: field, product: id) else { return nil }
        guard let period = SubscriptionPeriod(iso8601: text) else {
            collect.error("\"\(text)\" is not a period; use an ISO 8601 duration such as P1W, P1M, P2M, P3M, P6M, P1Y",
                          at: node["recurringSubscriptionPeriod"], field: field, product: id)
            return nil
        }
        return period
    }

    /// `groupNumber` is the level in the group, 1 the highest; Xcode always writes it.
    private func readLevel(_ node: JSONNode, path: String, id: String) -> Int {
        let field = "\(path).groupNumber"
        guard let levelNode = node.presentMember("groupNumber") else {
            collect.warning("is missing; the subscription is ranked at level 1, the highest", at: node, field: field, product: id)
            return 1
        }
        guard let level = collect.integer(levelNode, field: field, product: id) else { return 1 }
        if level < 1 { collect.error("must be 1 (the highest level) or more", at: levelNode, field: field, product: id) }
        return level
    }
}
