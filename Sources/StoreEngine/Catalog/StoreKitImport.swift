/// Reads an Xcode StoreKit configuration (`.storekit`) as a catalog.
enum StoreKitImport {
    static func read(root: JSONNode, collector: ProblemCollector) -> Catalog? {
        collector.error("Xcode StoreKit configuration files are recognised but cannot be opened by this build; convert the products into a Storefront catalog",
                        at: root, field: "")
        return nil
    }
}
