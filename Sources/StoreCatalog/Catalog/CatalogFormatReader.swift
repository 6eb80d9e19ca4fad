import Foundation
import StoreJSON

/// Reads Storefront's own JSON catalog format (`"format": "storefront-catalog"`).
///
/// Collects every problem with its place; the catalog is refused if any is an error.
public struct CatalogFormatReader {
    public static let formatName = "storefront-catalog"
    public static let supportedVersion = 1

    let collect: ProblemCollector
    let root: JSONNode

    public init(root: JSONNode, collector: ProblemCollector) {
        self.root = root
        self.collect = collector
    }

    static let rootKeys: Set<String> = ["format", "version", "app", "defaultLanguage", "storefronts",
                                        "credits", "subscriptionGroups", "products", "import", "$comment"]
    /// The keys of `app`.
    static let appKeys: Set<String> = ["name", "bundleId", "appAppleId"]
    /// App Apple IDs are positive whole numbers (App Store Connect's are ten digits).
    static let appAppleIDs = 1...Int.max
    static let productKeys: Set<String> = ["id", "type", "referenceName", "localizations", "prices", "grant",
                                           "subscription", "duration", "familyShareable", "$comment"]

    /// Reads the catalog as far as its errors allow, so that the checks across products, and
    /// lint's checks of its text, also see the parts read with errors; nil only when not even
    /// that could be read. Use the catalog only when the collector holds no errors.
    public func read() -> Catalog? {
        guard collect.object(root, field: "(top level)") != nil else { return nil }
        if root["import"] != nil { return StoreKitOverlayReader(root: root, collector: collect).read() }
        // Another format, or a version this one cannot read, lays its fields out otherwise: what
        // this layout would say of them (missing, unknown) only hides the one error that matters.
        guard readFormatAndVersion() else { return nil }
        collect.warnUnknownKeys(in: root, known: Self.rootKeys, path: "")
        let app = collect.required(root, "app", path: "")
        let appName = collect.string(app.flatMap { collect.required($0, "name", path: "app") }, field: "app.name") ?? ""
        let bundleID = collect.string(app.flatMap { collect.required($0, "bundleId", path: "app") }, field: "app.bundleId") ?? ""
        if let app { collect.warnUnknownKeys(in: app, known: Self.appKeys, path: "app") }
        // The bundle id names the app in every event and signed transaction; the name is its title.
        if let bundleNode = app?["bundleId"], bundleNode.stringValue != nil, let problem = CatalogIdentifier.problem(bundleID, allowingSpaces: true) {
            collect.error(problem, at: bundleNode, field: "app.bundleId")
        }
        if let nameNode = app?["name"], nameNode.stringValue != nil, appName.allSatisfy(\.isWhitespace) {
            collect.error("is \(appName.isEmpty ? "empty" : "only white space"); give the app a name, shown above its products",
                          at: nameNode, field: "app.name")
        }
        let appAppleID = collect.integer(app?["appAppleId"], within: Self.appAppleIDs, field: "app.appAppleId")
        let defaultLanguage = collect.string(collect.required(root, "defaultLanguage", path: ""),
                                             field: "defaultLanguage") ?? "en"
        collect.warnUnknownLocale(defaultLanguage, at: root["defaultLanguage"], field: "defaultLanguage", isDefault: true)
        let storefronts = readStorefronts()
        let credits = readCredits()
        let groups = readGroups()
        let productNodes = collect.array(collect.required(root, "products", path: ""), field: "products") ?? []
        var products: [Product] = []
        products.reserveCapacity(productNodes.count)
        var seen: [String: Int] = Dictionary(minimumCapacity: productNodes.count)
        for (index, node) in productNodes.enumerated() {
            let path = "products[\(index)]"
            guard let product = ProductReader(collect: collect, node: node, path: path,
                                              defaultLanguage: defaultLanguage, storefronts: storefronts,
                                              credits: credits).read() else { continue }
            // Every product with an id takes part, errors or not: fixing a product's other
            // errors does not make its id unique. One lookup in the usual case; a duplicate puts
            // the first index back, and stays in the catalog (which its error refuses) so that
            // its text is checked too.
            if let first = seen.updateValue(index, forKey: product.id) {
                seen[product.id] = first
                collect.error("duplicate product id \"\(product.id)\" (first used by products[\(first)]); ids must be unique",
                              at: node["id"], field: "\(path).id", product: product.id)
            }
            products.append(product)
        }
        if products.isEmpty && !collect.hasErrors {
            collect.warning("the catalog has no products", at: root["products"], field: "products")
        }
        let knownGroups = Set(groups.map(\.id))
        let implicitGroups = products.compactMap(\.subscription?.group).filter { !knownGroups.contains($0) }
        warnOfUndeclaredGroups(declared: knownGroups)
        var allGroups = groups
        for group in implicitGroups where !allGroups.contains(where: { $0.id == group }) {
            allGroups.append(SubscriptionGroup(id: group, names: [:]))
        }
        var catalog = Catalog(appName: appName, bundleID: bundleID, defaultLanguage: defaultLanguage,
                              storefronts: storefronts, credits: credits, subscriptionGroups: allGroups,
                              products: products, source: collect.file)
        catalog.appAppleID = appAppleID
        return catalog
    }

    /// A group no `subscriptionGroups` entry declares is a group of its own, which is how a
    /// catalog without that list works; beside a list, it is likely a typo that puts one plan
    /// apart from its group (and lets an account hold both).
    private func warnOfUndeclaredGroups(declared: Set<String>) {
        guard !declared.isEmpty, let nodes = root["products"]?.arrayElements else { return }
        for (index, node) in nodes.enumerated() {
            guard let groupNode = node["subscription"]?["group"], let group = groupNode.stringValue, !declared.contains(group) else { continue }
            collect.warning("the group \"\(group)\" is not among subscriptionGroups (\(declared.sorted().joined(separator: ", "))), so "
                            + "this plan is a group of its own; check its spelling, or declare it", at: groupNode,
                            field: "products[\(index)].subscription.group", product: node["id"]?.stringValue)
        }
    }

    /// Reads `format` and `version`; false when either names a layout this reader does not know
    /// (a missing one is an error too, but the rest is read as this layout).
    func readFormatAndVersion() -> Bool {
        var known = true
        if let format = collect.string(collect.required(root, "format", path: ""), field: "format"),
           format != Self.formatName {
            collect.error("is \"\(format)\"; a Storefront catalog says \"\(Self.formatName)\"", at: root["format"], field: "format")
            known = false
        }
        if let version = collect.integer(collect.required(root, "version", path: ""), field: "version"),
           version > Self.supportedVersion || version < 1 {
            collect.error("version \(version) is not supported; this storefront reads catalog version \(Self.supportedVersion) (upgrade storefront for newer catalogs)",
                          at: root["version"], field: "version")
            known = false
        }
        return known
    }

    private func readStorefronts() -> [Storefront] {
        var result: [Storefront] = []
        let nodes = collect.array(collect.required(root, "storefronts", path: ""), field: "storefronts") ?? []
        for (index, node) in nodes.enumerated() {
            let path = "storefronts[\(index)]"
            guard collect.object(node, field: path) != nil else { continue }
            collect.warnUnknownKeys(in: node, known: ["code", "currency"], path: path)
            let code = collect.string(collect.required(node, "code", path: path), field: "\(path).code")
            let currency = collect.string(collect.required(node, "currency", path: path), field: "\(path).currency")
            guard let code, let currency else { continue }
            if !StorefrontCurrencies.isStorefrontCode(code) {
                collect.error("\"\(code)\" is not an ISO 3166-1 alpha-3 country code (e.g. USA, DEU, JPN)",
                              at: node["code"], field: "\(path).code")
            } else if CountryCodes.alpha2(forAlpha3: code) == nil {
                // Well formed, but no country: a typo (USB for USA) sells in a storefront nobody names.
                collect.warning("\"\(code)\" is no ISO 3166-1 alpha-3 country code (e.g. USA, DEU, JPN), so its country "
                                + "cannot be named; check its spelling", at: node["code"], field: "\(path).code")
            }
            if !StorefrontCurrencies.isCurrencyCode(currency) {
                collect.error("unknown currency \"\(currency)\"; use an ISO 4217 code such as USD, EUR, JPY",
                              at: node["currency"], field: "\(path).currency")
            }
            if result.contains(where: { $0.code == code }) {
                collect.error("storefront \(code) is listed twice", at: node, field: path)
            }
            result.append(Storefront(code: code, currency: currency))
        }
        if nodes.isEmpty, root["storefronts"] != nil {
            collect.error("lists no storefront; a catalog sells in at least one", at: root["storefronts"], field: "storefronts")
        }
        return result
    }

    func readCredits() -> [CreditDefinition] {
        var result: [CreditDefinition] = []
        guard let nodes = collect.array(root["credits"], field: "credits") else { return [] }
        for (index, node) in nodes.enumerated() {
            let path = "credits[\(index)]"
            guard collect.object(node, field: path) != nil else { continue }
            collect.warnUnknownKeys(in: node, known: ["id", "names", "maximum", "scope"], path: path)
            guard let id = collect.string(collect.required(node, "id", path: path), field: "\(path).id") else { continue }
            if let problem = CatalogIdentifier.problem(id) { collect.error(problem, at: node["id"], field: "\(path).id") }
            let names = readNameTable(node["names"], path: "\(path).names")
            var maximum: Int?
            if let maxNode = node["maximum"], !maxNode.isNull {
                maximum = collect.integer(maxNode, within: CatalogLimits.creditMaximums, field: "\(path).maximum")
            }
            var scope = CreditScope.account
            if let scopeNode = node["scope"], let text = collect.string(scopeNode, field: "\(path).scope") {
                if let parsed = CreditScope(rawValue: text) {
                    scope = parsed
                } else {
                    collect.error("unknown scope \"\(text)\"; use \"account\" or \"device\"", at: scopeNode, field: "\(path).scope")
                }
            }
            if result.contains(where: { $0.id == id }) {
                collect.error("duplicate credit id \"\(id)\"", at: node["id"], field: "\(path).id")
            }
            result.append(CreditDefinition(id: id, names: names, maximum: maximum, scope: scope))
        }
        return result
    }

    private func readGroups() -> [SubscriptionGroup] {
        guard let nodes = collect.array(root["subscriptionGroups"], field: "subscriptionGroups") else { return [] }
        var result: [SubscriptionGroup] = []
        for (index, node) in nodes.enumerated() {
            let path = "subscriptionGroups[\(index)]"
            guard collect.object(node, field: path) != nil else { continue }
            collect.warnUnknownKeys(in: node, known: ["id", "names"], path: path)
            guard let id = collect.string(collect.required(node, "id", path: path), field: "\(path).id") else { continue }
            if let problem = CatalogIdentifier.problem(id) { collect.error(problem, at: node["id"], field: "\(path).id") }
            if let first = result.firstIndex(where: { $0.id == id }) {
                collect.error("duplicate subscription group id \"\(id)\" (first used by subscriptionGroups[\(first)]); ids must be unique",
                              at: node["id"], field: "\(path).id")
            }
            result.append(SubscriptionGroup(id: id, names: readNameTable(node["names"], path: "\(path).names")))
        }
        return result
    }

    func readNameTable(_ node: JSONNode?, path: String) -> [String: String] {
        var names: [String: String] = [:]
        for (language, value) in collect.object(node, field: path) ?? [] {
            collect.warnUnknownLocale(language, at: value, field: "\(path).\(language)")
            if let text = collect.string(value, field: "\(path).\(language)") { names[language] = text }
        }
        return names
    }
}
