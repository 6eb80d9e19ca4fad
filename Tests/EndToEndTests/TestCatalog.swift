import Foundation
import StorefrontTesting

/// A small catalog written for one test: one storefront, a credit, a consumable granting
/// `grantAmount`, a non-consumable and a free subscription, with the given texts.
struct TestCatalog {
    var appName = "Test App"
    var bundleID = "com.example.test"
    var creditName = "Tokens"
    var consumableTitle = "Token"
    var consumableDescription = "One token."
    var nonConsumableTitle = "Gold"
    var grantAmount = 1
    /// The catalog's `app.appAppleId`, when it has one.
    var appAppleID: Int?

    static let consumableID = "com.example.test.token"
    static let nonConsumableID = "com.example.test.gold"
    static let creditID = "tokens"

    /// Writes the catalog as JSON into a fresh folder and returns its path.
    func write() throws -> String {
        let catalog: [String: Any] = [
            "format": "storefront-catalog", "version": 1,
            "app": ["name": appName, "bundleId": bundleID].merging(appAppleID.map { ["appAppleId": $0] } ?? [:]) { $1 },
            "defaultLanguage": "en",
            "storefronts": [["code": "USA", "currency": "USD"]],
            "credits": [["id": Self.creditID, "names": ["en": creditName], "scope": "account"]],
            "products": [
                ["id": Self.consumableID, "type": "consumable", "prices": ["USA": "0.99"],
                 "localizations": ["en": ["title": consumableTitle, "description": consumableDescription]],
                 "grant": ["credit": Self.creditID, "amount": grantAmount]],
                ["id": Self.nonConsumableID, "type": "nonConsumable", "prices": ["USA": "1.99"],
                 "localizations": ["en": ["title": nonConsumableTitle, "description": "Shiny."]]],
            ],
        ]
        let path = try StorefrontProcess.temporaryFolder() + "/catalog.json"
        try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }
}
