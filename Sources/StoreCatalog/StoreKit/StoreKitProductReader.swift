import Foundation
import StoreJSON

/// A product read from a StoreKit configuration, with what the catalog reader still needs to
/// finish it: where it was written and the order of its localizations.
struct ImportedProduct {
    var product: Product
    let node: JSONNode
    let path: String
    /// Locale keys of `product.localizations` in file order.
    let localeOrder: [String]
    /// True when the file gave a reference name (an empty or null one does not count).
    let hasReferenceName: Bool
    /// True when reading the localizations found errors, so some text may be missing.
    let hasTextErrors: Bool
}

/// Reads the parts every StoreKit product shares: id, type, reference name, price, family
/// sharing and localizations.
struct StoreKitProductReader {
    static let productKeys: Set<String> = ["displayPrice", "familyShareable", "internalID", "localizations",
                                           "productID", "promotionalImageID", "referenceName", "type"]

    let collect: ProblemCollector
    /// The storefront every price of the file is in.
    let storefront: String
    /// That storefront's currency, whose decimal places every price must respect. An unknown
    /// storefront has already been reported as an error, so its stand-in never reaches a catalog.
    var currency: String { CountryCodes.currency(forStorefront: storefront) ?? StoreKitDefaults.currency }

    /// Reads an element of `products` or `nonRenewingSubscriptions`; `impliedType` is the type
    /// an element may leave out. A product with errors is returned as far as it was read, so
    /// that the checks across products see it; nil when it has no product ID.
    func readStandalone(_ node: JSONNode, path: String, impliedType: ProductType?) -> ImportedProduct? {
        guard collect.object(node, field: path) != nil else { return nil }
        let id = readID(node, path: path)
        collect.warnUnknownKeys(in: node, known: Self.productKeys, path: path, product: id)
        let type = readType(node, path: path, id: id, impliedType: impliedType)
        guard let id else {
            // Not kept without its ID, but read on, so that its other problems are listed at once.
            _ = readCommon(node, path: path, id: "", type: type ?? .nonConsumable)
            return nil
        }
        // A type that could not be read is an error already; standing in for it keeps the
        // product's ID and text in the checks.
        var imported = readCommon(node, path: path, id: id, type: type ?? .nonConsumable)
        switch type {
        case .consumable:
            imported.product.grant = CreditGrant(credit: id, amount: StoreKitDefaults.consumableGrantAmount)
        case .nonRenewing:
            imported.product.duration = StoreKitDefaults.nonRenewingDuration
        case .nonConsumable, .autoRenewable, .freeSubscription, nil:
            break
        }
        return imported
    }

    func readID(_ node: JSONNode, path: String) -> String? {
        let field = "\(path).productID"
        guard let id = collect.string(collect.required(node, "productID", path: path), field: field) else { return nil }
        guard !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            collect.error("is empty; every product needs a product ID", at: node["productID"], field: field)
            return nil
        }
        // The rule of Storefront's own catalogs, so a file converted from this one reads back.
        if let problem = CatalogIdentifier.problem(id) { collect.error(problem, at: node["productID"], field: field) }
        return id
    }

    private func readType(_ node: JSONNode, path: String, id: String?, impliedType: ProductType?) -> ProductType? {
        let field = "\(path).type"
        guard let typeNode = node.presentMember("type") else {
            if impliedType == nil { collect.error("is missing; write \"Consumable\" or \"NonConsumable\"", at: node, field: field, product: id) }
            return impliedType
        }
        guard let text = collect.string(typeNode, field: field, product: id) else { return nil }
        switch text {
        case "Consumable": return .consumable
        case "NonConsumable": return .nonConsumable
        case "NonRenewingSubscription": return .nonRenewing
        case "RecurringSubscription":
            collect.error("an auto-renewable subscription belongs in the \"subscriptions\" of a subscription group, not here",
                          at: typeNode, field: field, product: id)
        default:
            collect.error("unknown product type \"\(text)\"; use Consumable, NonConsumable or NonRenewingSubscription",
                          at: typeNode, field: field, product: id)
        }
        return nil
    }

    /// Reads the reference name, price, family sharing and localizations of any product, as
    /// far as they can be read (a price with errors is left out).
    func readCommon(_ node: JSONNode, path: String, id: String, type: ProductType) -> ImportedProduct {
        let referenceName = node.presentMember("referenceName")
            .flatMap { collect.string($0, field: "\(path).referenceName", product: id) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let price = collect.price(collect.required(node, "displayPrice", path: path, product: id), currency: currency,
                                  field: "\(path).displayPrice", product: id)
        let familyShareable = node.presentMember("familyShareable")
            .flatMap { collect.bool($0, field: "\(path).familyShareable", product: id) } ?? false
        let errorsBeforeTexts = collect.errorCount
        let texts = readLocalizations(node.presentMember("localizations"), path: "\(path).localizations", product: id)
        let product = Product(id: id, type: type, referenceName: referenceName.isEmpty ? id : referenceName,
                              localizations: texts.table, prices: price.map { [storefront: $0] } ?? [:], familyShareable: familyShareable)
        return ImportedProduct(product: product, node: node, path: path, localeOrder: texts.order,
                               hasReferenceName: !referenceName.isEmpty, hasTextErrors: collect.errorCount > errorsBeforeTexts)
    }

    /// Reads a `localizations` array (of a product or a group) keyed by normalised locale.
    ///
    /// An entry with an empty display name is left out: it has no title to show, and the
    /// catalog falls back to another language instead.
    func readLocalizations(_ node: JSONNode?, path: String, product: String?) -> (table: [String: LocalizedText], order: [String]) {
        var table: [String: LocalizedText] = [:]
        var order: [String] = []
        guard let node, let entries = collect.array(node, field: path, product: product) else { return ([:], []) }
        for (index, entry) in entries.enumerated() {
            let entryPath = "\(path)[\(index)]"
            guard collect.object(entry, field: entryPath, product: product) != nil else { continue }
            collect.warnUnknownKeys(in: entry, known: ["description", "displayName", "locale"], path: entryPath, product: product)
            let locale = collect.string(collect.required(entry, "locale", path: entryPath, product: product),
                                        field: "\(entryPath).locale", product: product)
            let title = entry.presentMember("displayName")
                .flatMap { collect.string($0, field: "\(entryPath).displayName", product: product) } ?? ""
            let description = entry.presentMember("description")
                .flatMap { collect.string($0, field: "\(entryPath).description", product: product) } ?? ""
            guard let locale else { continue }
            guard !locale.trimmingCharacters(in: .whitespaces).isEmpty else {
                collect.error("is empty; write a locale such as \"en_US\"", at: entry["locale"], field: "\(entryPath).locale", product: product)
                continue
            }
            collect.warnUnknownLocale(locale, at: entry["locale"], field: "\(entryPath).locale", product: product)
            let key = LocaleIdentifier.normalize(locale)
            if order.contains(key) {
                collect.warning("locale \"\(locale)\" is listed twice; the first entry is used", at: entry["locale"],
                                field: "\(entryPath).locale", product: product)
                continue
            }
            order.append(key)
            let trimmedTitle = title.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmedTitle.isEmpty { table[key] = LocalizedText(title: trimmedTitle, description: description) }
        }
        return (table, order.filter { table[$0] != nil })
    }
}
