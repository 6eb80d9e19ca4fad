import Foundation
import StoreJSON

/// Reads one product of a Storefront catalog and checks it against the catalog's storefronts
/// and credits.
struct ProductReader {
    let collect: ProblemCollector
    let node: JSONNode
    let path: String
    let defaultLanguage: String
    let storefronts: [Storefront]
    let credits: [CreditDefinition]

    static let localizationKeys = ["title", "description"]
    static let grantKeys = ["credit", "amount"]
    /// Members that only one product type may have, with that type.
    static let typeSpecificKeys: [(key: String, type: ProductType)] = [("grant", .consumable), ("subscription", .autoRenewable),
                                                                     ("duration", .nonRenewing)]

    // Methods copy `path` into a constant first: closures that spell out a field's path then
    // capture that string alone rather than a copy of the whole reader.

    /// The product as far as it could be read, or nil when it has no id. A product with errors
    /// is returned too, so that the checks across products see it; its errors, in the
    /// collector, keep the catalog from being used.
    func read() -> Product? {
        let path = self.path
        guard collect.object(node, field: path) != nil else { return nil }
        let givenID = collect.string(collect.required(node, "id", path: path), field: "\(path).id")
        // Without an id the product cannot be kept, but its other fields are still read, so that
        // every problem is listed at once rather than one fix at a time.
        let id = givenID ?? ""
        if givenID?.isEmpty == true {
            collect.error("is empty; give the product an id", at: node["id"], field: "\(path).id")
        } else if givenID != nil, let problem = CatalogIdentifier.problem(id) {
            collect.error(problem, at: node["id"], field: "\(path).id", product: id)
        }
        collect.warnUnknownKeys(in: node, known: CatalogFormatReader.productKeys, path: path, product: id)
        let type = readType(id: id)
        let referenceName = node["referenceName"].flatMap { collect.string($0, field: "\(path).referenceName", product: id) } ?? id
        let localizations = readLocalizations(id: id)
        let prices = readPrices(node["prices"], field: "\(path).prices", id: id, required: true)
        let familyShareable = node["familyShareable"].flatMap { collect.bool($0, field: "\(path).familyShareable", product: id) } ?? false
        var product = Product(id: id, type: type ?? .consumable, referenceName: referenceName,
                              localizations: localizations, prices: prices, familyShareable: familyShareable)
        if let type { checkTypeSpecificFields(&product, type: type) }
        if product.subscription != nil { checkOffers(of: product) }
        if type == .freeSubscription, prices.values.contains(where: { $0 != 0 }) {
            collect.error("a free subscription costs 0 in every storefront", at: node["prices"], field: "\(path).prices", product: id)
        }
        return givenID == nil ? nil : product
    }

    /// Each paid offer has a price wherever its product is sold (before, a storefront it left out
    /// sold the offer at the regular price, recorded as the offer); a promotional offer id given
    /// twice is warned of, as in a `.storekit` file (`buy --offer` takes the first).
    private func checkOffers(of product: Product) {
        let path = self.path
        guard let subscription = node["subscription"] else { return }
        var offerIDs: [String: Int] = [:]
        for key in ["introOffer", "promotionalOffers", "offerCodes", "winBackOffers"] {
            guard let value = subscription[key] else { continue }
            let offers: [(node: JSONNode, field: String)] = value.arrayElements.map { elements in
                elements.enumerated().map { ($1, "\(path).subscription.\(key)[\($0)]") }
            } ?? [(value, "\(path).subscription.\(key)")]
            for (index, offer) in offers.enumerated() {
                // Offer ids from `.storekit` files may hold spaces ("Free two weeks"), so only repeats are checked.
                if key == "promotionalOffers", let offerID = offer.node["id"]?.stringValue,
                   let first = offerIDs.updateValue(index, forKey: offerID) {
                    offerIDs[offerID] = first
                    collect.warning("offer id \"\(EchoedText.cut(offerID))\" is also used by promotionalOffers[\(first)]; a purchase with "
                                    + "this id gets the first, so give each offer its own id",
                                    at: offer.node["id"], field: "\(offer.field).id", product: product.id)
                }
                guard offer.node["paymentMode"]?.stringValue != OfferPaymentMode.freeTrial.rawValue,
                      let prices = offer.node["prices"], let priced = prices.objectMembers else { continue }
                let pricedCodes = Set(priced.map(\.key))
                let missing = product.prices.keys.filter { !pricedCodes.contains($0) }.sorted()
                guard !missing.isEmpty else { continue }
                collect.error("the offer has no price in \(missing.joined(separator: ", ")), where the product is sold; give it "
                              + "one there (it was sold at the regular price as if it were the offer)",
                              at: prices, field: "\(offer.field).prices", product: product.id)
            }
        }
    }

    private func readType(id: String) -> ProductType? {
        let path = self.path
        guard let text = collect.string(collect.required(node, "type", path: path, product: id), field: "\(path).type", product: id) else {
            return nil
        }
        guard let type = ProductType(rawValue: text) else {
            let known = ProductType.allCases.map(\.rawValue).joined(separator: ", ")
            collect.error("unknown type \"\(text)\"; use one of \(known)", at: node["type"], field: "\(path).type", product: id)
            return nil
        }
        return type
    }

    private func readLocalizations(id: String) -> [String: LocalizedText] {
        let path = self.path
        let field = { "\(path).localizations" }
        let members = collect.object(collect.required(node, "localizations", path: path, product: id), field: field(), product: id) ?? []
        var result: [String: LocalizedText] = Dictionary(minimumCapacity: members.count)
        var spellings: [String: String] = [:]
        // Whether the default language's entry, or its title, was found wrong already.
        var defaultTitleReported = false
        for (language, entry) in members {
            let entryPath = { "\(field()).\(language)" }
            guard collect.object(entry, field: entryPath(), product: id) != nil else {
                defaultTitleReported = defaultTitleReported || language == defaultLanguage
                continue
            }
            collect.warnUnknownLocale(language, at: entry, field: entryPath(), product: id)
            // en_US and en-US are one locale: only one of their texts can ever be shown.
            if let other = spellings.updateValue(language, forKey: LocaleIdentifier.normalize(language)), other != language {
                collect.warning("\"\(language)\" is the same locale as \"\(other)\", written another way, so only one of their texts "
                                + "is shown; keep one", at: entry, field: entryPath(), product: id)
            }
            collect.warnUnknownKeys(in: entry, known: Self.localizationKeys, path: entryPath(), product: id)
            let title = collect.string(collect.required(entry, "title", path: entryPath(), product: id), field: "\(entryPath()).title", product: id)
            let description = entry["description"].flatMap { collect.string($0, field: "\(entryPath()).description", product: id) } ?? ""
            if let title { result[language] = LocalizedText(title: title, description: description) }
            defaultTitleReported = defaultTitleReported || (language == defaultLanguage && title == nil)
        }
        let defaultTitle = result[defaultLanguage]?.title.trimmingWhitespaceIfNeeded(includingNewlines: true) ?? ""
        // Missing localizations were said already, at the product; a title missing or not a
        // string, at its field.
        if defaultTitle.isEmpty, node["localizations"] != nil, !defaultTitleReported {
            collect.error("the title in the default language \"\(defaultLanguage)\" is empty or missing; every product needs one",
                          at: node["localizations"]?[defaultLanguage] ?? node["localizations"],
                          field: "\(field()).\(defaultLanguage).title", product: id)
        }
        return result
    }

    func readPrices(_ pricesNode: JSONNode?, field: @autoclosure () -> String, id: String, required: Bool) -> [String: Decimal] {
        guard let pricesNode else {
            if required { collect.error("is missing; give a price per storefront such as {\"USA\": \"0.99\"}", at: node, field: field(), product: id) }
            return [:]
        }
        let members = collect.object(pricesNode, field: field(), product: id) ?? []
        var prices: [String: Decimal] = Dictionary(minimumCapacity: members.count)
        for (code, priceNode) in members {
            guard let currency = storefronts.first(where: { $0.code == code })?.currency else {
                let known = storefronts.map(\.code).joined(separator: ", ")
                collect.error("storefront \"\(code)\" is not listed in the catalog's storefronts (\(known))",
                              at: priceNode, field: "\(field()).\(code)", product: id)
                continue
            }
            if let price = collect.price(priceNode, currency: currency, field: "\(field()).\(code)", product: id) { prices[code] = price }
        }
        return prices
    }

    private func checkTypeSpecificFields(_ product: inout Product, type: ProductType) {
        let path = self.path, id = product.id
        switch type {
        case .consumable:
            guard let grantNode = node["grant"] else {
                collect.error("a consumable needs a grant such as {\"credit\": \"coins\", \"amount\": 5}; write \"grant\": null for one that grants nothing (a donation)",
                              at: node, field: "\(path).grant", product: id)
                return
            }
            product.grant = readGrant(grantNode, id: id)
        case .autoRenewable:
            product.subscription = SubscriptionReader(collect: collect, productReader: self, id: id).read(node["subscription"])
        case .nonRenewing:
            guard let durationNode = node["duration"] else {
                collect.error("a non-renewing subscription needs a duration such as \"P3M\"", at: node, field: "\(path).duration", product: id)
                return
            }
            product.duration = readPeriod(durationNode, field: "\(path).duration", id: id)
        case .nonConsumable, .freeSubscription:
            break
        }
        for (key, owner) in Self.typeSpecificKeys where owner != type && node[key] != nil {
            collect.warning("\"\(key)\" does not apply to a \(type.rawValue) product and is ignored",
                            at: node[key], field: "\(path).\(key)", product: id)
        }
    }

    func readGrant(_ grantNode: JSONNode, id: String) -> CreditGrant? {
        let path = self.path
        let field = { "\(path).grant" }
        if grantNode.isNull { return nil }
        guard collect.object(grantNode, field: field(), product: id) != nil else { return nil }
        collect.warnUnknownKeys(in: grantNode, known: Self.grantKeys, path: field(), product: id)
        let credit = collect.string(collect.required(grantNode, "credit", path: field(), product: id), field: "\(field()).credit", product: id)
        let amount = collect.integer(collect.required(grantNode, "amount", path: field(), product: id), within: CatalogLimits.grantAmounts,
                                     field: "\(field()).amount", product: id)
        // The credit is looked up whether or not the amount could be read: each is a mistake of
        // its own. A credit whose entry has other errors (a maximum out of range, an unknown
        // scope) is still defined, since its id is what a grant names and those errors are
        // reported at the credit; its maximum, unknown then, is held against no amount.
        guard let credit else { return nil }
        guard let definition = credits.first(where: { $0.id == credit }) else {
            let known = credits.isEmpty ? "none are defined" : credits.map(\.id).joined(separator: ", ")
            collect.error("grants the undefined credit \"\(credit)\"; define it under \"credits\" (defined: \(known))",
                          at: grantNode["credit"], field: "\(field()).credit", product: id)
            return nil
        }
        guard let amount else { return nil }
        if let maximum = definition.maximum, amount > maximum {
            collect.error("grants \(amount) but the credit \"\(credit)\" holds at most \(maximum); no purchase could ever succeed",
                          at: grantNode["amount"], field: "\(field()).amount", product: id)
        }
        return CreditGrant(credit: credit, amount: amount)
    }

    func readPeriod(_ periodNode: JSONNode, field: @autoclosure () -> String, id: String) -> SubscriptionPeriod? {
        guard let text = collect.string(periodNode, field: field(), product: id) else { return nil }
        guard let period = SubscriptionPeriod(iso8601: text) else {
            collect.error("\"\(text)\" is not a period; use an ISO 8601 duration such as P1W, P1M, P3M, P6M, P1Y",
                          at: periodNode, field: field(), product: id)
            return nil
        }
        return period
    }
}
