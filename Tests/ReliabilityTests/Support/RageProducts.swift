import Foundation
import StoreEngine
@testable import StoreCatalog

/// The Rage catalog's products and credits the suites buy and spend.
enum Rage {
    static let face = "com.example.rage.face.random"
    static let lives = "com.example.rage.lives.3"
    static let drummer = "com.example.rage.comic.drummer"
    static let nightly = "com.example.rage.comic.nightly"
    static let noAds = "com.example.rage.noads"
    static let faces = "rage-faces"
    static let extraLives = "extra-lives"

    static func catalog() throws -> Catalog {
        try CatalogLoader.loadBundled("Rage")
    }
}
