import StoreJSON
/// Reads an Xcode StoreKit configuration (`.storekit`) as a catalog.
enum StoreKitImport {
    static func read(root: JSONNode, collector: ProblemCollector) -> Catalog? {
        StoreKitCatalogReader(root: root, collector: collector).read()
    }
}
