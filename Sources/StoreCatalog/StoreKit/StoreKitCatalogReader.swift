import Foundation
import StoreJSON

/// Reads an Xcode StoreKit configuration (`.storekit`, format 1.0 to 5.0) as a catalog.
///
/// The catalog sells in the one storefront the file names (`_storefront`, USA by default), in
/// that storefront's currency, and speaks the file's `_locale` by default. Each consumable
/// grants one unit of a credit of its own; each non-renewing subscription lasts
/// `StoreKitDefaults.nonRenewingDuration`; an overlay catalog can change both. Unknown keys are
/// warnings; a missing required key or a value of the wrong type is an error with its key path.
public struct StoreKitCatalogReader {
    static let rootKeys: Set<String> = ["appPolicies", "identifier", "nonRenewingSubscriptions", "products", "settings",
                                        "subscriptionGroups", "subscriptionOffersKeyPair", "version"]

    let collect: ProblemCollector
    let root: JSONNode

    public init(root: JSONNode, collector: ProblemCollector) {
        self.root = root
        self.collect = collector
    }

    /// Reads the file as far as its errors allow, so that the checks across products, and
    /// lint's checks of its text, also see the products read with errors; nil only when not
    /// even that could be read. Use the catalog only when the collector holds no errors.
    public func read() -> Catalog? {
        guard collect.object(root, field: "(top level)") != nil else { return nil }
        collect.warnUnknownKeys(in: root, known: Self.rootKeys, path: "")
        checkVersion()
        let identifier = readIdentifier()
        let settings = StoreKitSettingsReader(collect: collect).read(root["settings"])
        let storefront = settings.storefront ?? StoreKitDefaults.storefront
        let productReader = StoreKitProductReader(collect: collect, storefront: storefront)
        var products = readStandalone(productReader, key: "products", impliedType: nil)
        products += readStandalone(productReader, key: "nonRenewingSubscriptions", impliedType: .nonRenewing)
        let grouped = StoreKitSubscriptionReader(collect: collect, productReader: productReader)
            .read(root.presentMember("subscriptionGroups"))
        var groups = grouped.groups
        products += grouped.subscriptions
        checkUniqueIDs(products)
        if products.isEmpty && !collect.hasErrors {
            collect.warning("the file has no products", at: root, field: "products")
        }

        let locale = LocaleIdentifier.normalize(settings.locale ?? StoreKitDefaults.locale)
        let texts = StoreKitTextCompletion(collect: collect)
        let language = texts.defaultLanguage(locale: locale, products: products, groups: groups)
        // A product whose localizations have errors is left as it is: the text it lacks may be
        // the one that could not be read, whose error is reported already.
        for index in products.indices where !products[index].hasTextErrors { texts.complete(&products[index], language: language) }
        for index in groups.indices { texts.complete(&groups[index], language: language) }
        guard let currency = CountryCodes.currency(forStorefront: storefront) else { return nil }

        let name = Self.fileBaseName(collect.file)
        var catalog = Catalog(appName: name, bundleID: identifier ?? name, defaultLanguage: language,
                              storefronts: [Storefront(code: storefront, currency: currency)],
                              credits: products.map(\.product).filter { $0.type == .consumable }.map(Self.ownCredit),
                              subscriptionGroups: groups.map(\.group), products: products.map(\.product),
                              source: collect.file)
        catalog.initialSettings = settings
        catalog.appAppleID = Self.appAppleID(settings)
        return catalog
    }

    /// The credit a consumable grants by default: its own, named like the product.
    static func ownCredit(of product: Product) -> CreditDefinition {
        CreditDefinition(id: product.id, names: product.localizations.mapValues(\.title), maximum: nil, scope: .account)
    }

    /// The app's Apple ID of a file synced with App Store Connect: `_applicationInternalID` when
    /// it is a positive whole number. Files made by hand carry none (or "0", or a name), and then
    /// the catalog has no App Apple ID unless an overlay gives `app.appAppleId`.
    static func appAppleID(_ settings: StoreKitSettings) -> Int? {
        guard let text = settings.syncRecords[.applicationInternalID], let value = Int(text), value > 0 else { return nil }
        return value
    }

    /// The file name without folder and extension, e.g. `Products` for `App/Products.storekit`.
    static func fileBaseName(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let base = (name as NSString).deletingPathExtension
        return base.isEmpty ? name : base
    }

    private func readStandalone(_ reader: StoreKitProductReader, key: String, impliedType: ProductType?) -> [ImportedProduct] {
        let nodes = collect.array(root.presentMember(key), field: key) ?? []
        return nodes.enumerated().compactMap { index, node in
            reader.readStandalone(node, path: "\(key)[\(index)]", impliedType: impliedType)
        }
    }

    private func checkUniqueIDs(_ products: [ImportedProduct]) {
        var firstPath: [String: String] = [:]
        for imported in products {
            let id = imported.product.id
            if let first = firstPath[id] {
                collect.error("duplicate product ID \"\(id)\" (first used by \(first)); product IDs must be unique",
                              at: imported.node["productID"], field: "\(imported.path).productID", product: id)
            } else {
                firstPath[id] = imported.path
            }
        }
    }

    private func checkVersion() {
        guard let version = root.presentMember("version"), collect.object(version, field: "version") != nil else { return }
        collect.warnUnknownKeys(in: version, known: ["major", "minor"], path: "version")
        let major = version.presentMember("major").flatMap { collect.integer($0, field: "version.major") }
        _ = version.presentMember("minor").flatMap { collect.integer($0, field: "version.minor") }
        guard let major else { return }
        if major > StoreKitDefaults.newestFormatMajor {
            collect.warning("format version \(major) is newer than the newest this storefront knows (\(StoreKitDefaults.newestFormatMajor)); it is read as version \(StoreKitDefaults.newestFormatMajor) and keys it does not know are ignored",
                            at: version["major"], field: "version.major")
        } else if major < 1 {
            collect.warning("format version \(major) is unknown; the file is read as version 1", at: version["major"], field: "version.major")
        }
    }

    private func readIdentifier() -> String? {
        guard let node = root.presentMember("identifier"), let text = collect.string(node, field: "identifier") else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, let problem = CatalogIdentifier.problem(trimmed, allowingSpaces: true) {
            collect.error(problem, at: node, field: "identifier")
        }
        return trimmed.isEmpty ? nil : trimmed
    }
}
