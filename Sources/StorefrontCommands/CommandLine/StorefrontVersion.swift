/// The version `storefront --version` prints.
enum StorefrontVersion {
    static let current = "0.1.0"
}
