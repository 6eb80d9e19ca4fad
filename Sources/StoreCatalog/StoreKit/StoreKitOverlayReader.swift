import Foundation
import StoreJSON

/// Reads a Storefront catalog that imports an Xcode StoreKit configuration (an overlay) and
/// adds what a `.storekit` file has no place for: credits and their maxima, how much each
/// consumable grants, and how long each non-renewing subscription lasts.
///
/// ```json
/// {
///   "format": "storefront-catalog",
///   "version": 1,
///   "import": "CoinShop.storekit",
///   "app": { "name": "Coin Shop", "bundleId": "com.example.coinshop" },
///   "credits": [{ "id": "coins", "names": { "en": "Coins" }, "maximum": 100000 }],
///   "products": [
///     { "id": "com.example.coinshop.coins.500", "grant": { "credit": "coins", "amount": 500 } },
///     { "id": "com.example.coinshop.season", "duration": "P3M" }
///   ]
/// }
/// ```
///
/// The path in `import` is relative to the overlay file. Products, prices, texts, groups,
/// offers, the storefront and the default language all come from the imported file.
public struct StoreKitOverlayReader {
    static let overlayKeys: Set<String> = ["format", "version", "import", "app", "credits", "products", "$comment"]
    /// Keys of a full catalog that an overlay must leave to the imported file.
    static let importedKeys: Set<String> = ["defaultLanguage", "storefronts", "subscriptionGroups"]
    static let changeKeys: Set<String> = ["id", "grant", "duration", "$comment"]

    let collect: ProblemCollector
    let root: JSONNode

    public init(root: JSONNode, collector: ProblemCollector) {
        self.root = root
        self.collect = collector
    }

    /// Reads the overlay and the file it imports, as far as the overlay's errors allow; nil when
    /// the imported file cannot be used. Use the catalog only when the collector holds no errors.
    public func read() -> Catalog? {
        guard collect.object(root, field: "(top level)") != nil else { return nil }
        let formatReader = CatalogFormatReader(root: root, collector: collect)
        // As for a catalog: another format or version is the one error worth saying.
        guard formatReader.readFormatAndVersion() else { return nil }
        for (key, child) in root.objectMembers ?? [] where Self.importedKeys.contains(key) {
            collect.error("an overlay takes its \(key) from the imported file; remove \"\(key)\" here", at: child, field: key)
        }
        collect.warnUnknownKeys(in: root, known: Self.overlayKeys.union(Self.importedKeys), path: "")
        let imported = readImport()
        // The overlay's app and credits are read even when the imported file cannot be used, so
        // that their problems are listed in the same run; its product changes need the
        // imported products.
        let app = readApp()
        let credits = formatReader.readCredits()
        guard let imported else { return nil }
        var catalog = imported
        app.apply(to: &catalog)
        catalog.credits = merged(imported.credits, with: credits)
        applyProductChanges(to: &catalog)
        dropUngrantedCredits(of: &catalog, importedCredits: Set(imported.credits.map(\.id)))
        catalog.source = collect.file
        return catalog
    }

    /// `path` as written in `import`, resolved against the overlay file's folder.
    public static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    private func readImport() -> Catalog? {
        guard let node = root["import"], let written = collect.string(node, field: "import") else { return nil }
        guard !written.trimmingCharacters(in: .whitespaces).isEmpty else {
            collect.error("is empty; name the .storekit file to import, relative to this file", at: node, field: "import")
            return nil
        }
        let path = Self.resolve(written, relativeTo: collect.file)
        if let special = UnreadableCatalogFile.notOrdinary(path) {
            collect.error("\"\(written)\" (\(path)) \(special)", at: node, field: "import")
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = UnreadableCatalogFile.reason(path, missing: "does not exist (the path is relative to this file)")
            collect.error("\"\(written)\" (\(path)) \(reason)", at: node, field: "import")
            return nil
        }
        let bytes = [UInt8](data)
        // Refusing a Storefront catalog here, before reading it, also rules out import cycles.
        if let importedRoot = try? JSONParser.parse(bytes), CatalogFileFormat.detect(importedRoot) == .storefront {
            collect.error("\"\(written)\" is a Storefront catalog; an overlay imports an Xcode StoreKit configuration (.storekit)",
                          at: node, field: "import")
            return nil
        }
        let report = CatalogLoader.lint(bytes: bytes, file: path)
        report.problems.forEach(collect.record)
        if report.catalog == nil, !report.problems.contains(where: { $0.severity == .error }) {
            collect.error("\"\(written)\" could not be read as an Xcode StoreKit configuration", at: node, field: "import")
        }
        return report.catalog
    }

    /// What the overlay's `app` replaces in the imported catalog.
    private struct AppChanges {
        var name: String?
        var bundleID: String?
        var appAppleID: Int?

        func apply(to catalog: inout Catalog) {
            if let name { catalog.appName = name }
            if let bundleID { catalog.bundleID = bundleID }
            if let appAppleID { catalog.appAppleID = appAppleID }
        }
    }

    private func readApp() -> AppChanges {
        guard let app = root["app"], collect.object(app, field: "app") != nil else { return AppChanges() }
        collect.warnUnknownKeys(in: app, known: CatalogFormatReader.appKeys, path: "app")
        return AppChanges(name: app["name"].flatMap { collect.string($0, field: "app.name") },
                          bundleID: app["bundleId"].flatMap { collect.string($0, field: "app.bundleId") },
                          appAppleID: collect.integer(app["appAppleId"], within: CatalogFormatReader.appAppleIDs, field: "app.appAppleId"))
    }

    /// The imported credits with the overlay's definitions replacing those of the same id, then
    /// the overlay's new credits.
    private func merged(_ imported: [CreditDefinition], with overlay: [CreditDefinition]) -> [CreditDefinition] {
        var result = imported.map { credit in overlay.first { $0.id == credit.id } ?? credit }
        result += overlay.filter { credit in !imported.contains { $0.id == credit.id } }
        return result
    }

    private func applyProductChanges(to catalog: inout Catalog) {
        var changed: [String: Int] = [:]
        for (index, node) in (collect.array(root["products"], field: "products") ?? []).enumerated() {
            let path = "products[\(index)]"
            guard collect.object(node, field: path) != nil,
                  let id = collect.string(collect.required(node, "id", path: path), field: "\(path).id") else { continue }
            collect.warnUnknownKeys(in: node, known: Self.changeKeys, path: path, product: id)
            guard let position = catalog.position(ofProduct: id) else {
                let known = catalog.products.map(\.id).joined(separator: ", ")
                collect.error("the imported file has no product \"\(id)\"; its products are \(known)", at: node["id"],
                              field: "\(path).id", product: id)
                continue
            }
            if let first = changed[id] {
                collect.error("product \"\(id)\" is already changed by products[\(first)]; change each product once",
                              at: node["id"], field: "\(path).id", product: id)
                continue
            }
            changed[id] = index
            let reader = ProductReader(collect: collect, node: node, path: path, defaultLanguage: catalog.defaultLanguage,
                                       storefronts: catalog.storefronts, credits: catalog.credits)
            apply(node, reader: reader, to: &catalog.products[position])
        }
    }

    private func apply(_ node: JSONNode, reader: ProductReader, to product: inout Product) {
        let path = reader.path
        let kind = product.type.rawValue
        if let grantNode = node["grant"] {
            if product.type == .consumable {
                let grant = reader.readGrant(grantNode, id: product.id)
                if grant != nil || grantNode.isNull { product.grant = grant }
            } else {
                collect.error("\"grant\" applies to a consumable; \(product.id) is \(kind)", at: grantNode,
                              field: "\(path).grant", product: product.id)
            }
        }
        if let durationNode = node["duration"] {
            if product.type == .nonRenewing {
                if let duration = reader.readPeriod(durationNode, field: "\(path).duration", id: product.id) { product.duration = duration }
            } else {
                collect.error("\"duration\" applies to a non-renewing subscription; \(product.id) is \(kind)", at: durationNode,
                              field: "\(path).duration", product: product.id)
            }
        }
        if node["grant"] == nil, node["duration"] == nil {
            collect.warning("changes nothing; give a \"grant\" (consumables) or a \"duration\" (non-renewing subscriptions)",
                            at: node, field: path, product: product.id)
        }
    }

    /// Removes the one-per-consumable credits that no product grants any more, and warns about
    /// credits the overlay defines but nothing grants.
    private func dropUngrantedCredits(of catalog: inout Catalog, importedCredits: Set<String>) {
        let granted = Set(catalog.products.compactMap(\.grant?.credit))
        catalog.credits.removeAll { !granted.contains($0.id) && importedCredits.contains($0.id) }
        let creditNodes = root["credits"]?.arrayElements ?? []
        for (index, node) in creditNodes.enumerated() {
            guard let id = node["id"]?.stringValue, !granted.contains(id) else { continue }
            collect.warning("no product grants the credit \"\(id)\"", at: node, field: "credits[\(index)]")
        }
    }
}
