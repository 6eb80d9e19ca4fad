import Foundation
import StoreEngine
import StoreCatalog

/// The name the title bar gives the catalog's app.
enum AppTitle {
    /// "Rage Store", "Coin Shop", "Purchase Tester Store".
    ///
    /// A name that already says "Store" or "Shop" gets no second one. An Xcode `.storekit` file
    /// names no app, so its catalog is named after the file; that name is tidied into words.
    static func title(of catalog: Catalog) -> String {
        var name = catalog.appName
        if catalog.source.lowercased().hasSuffix(".storekit"), name == fileBaseName(catalog.source) {
            name = readableName(fromFileName: name)
        }
        let last = name.split(separator: " ").last.map { $0.lowercased() } ?? ""
        return ["store", "shop", "storefront"].contains(last) || name.isEmpty ? name : "\(name) Store"
    }

    /// A file name such as "owner__repo__PurchaseTesterStoreKitConfiguration" as words: the
    /// last part without Xcode's usual suffixes, camel case split ("Purchase Tester"); when
    /// nothing is left, the part before it ("SKDemo__Products" gives "SK Demo").
    static func readableName(fromFileName fileName: String) -> String {
        let parts = fileName.components(separatedBy: "__").filter { !$0.isEmpty }
        for part in parts.reversed() {
            var trimmed = part
            for suffix in ["StoreKitConfiguration", "Configuration", "Products", "StoreKit"] where trimmed.hasSuffix(suffix) {
                trimmed = String(trimmed.dropLast(suffix.count))
            }
            let words = splitWords(trimmed)
            if !words.isEmpty { return words.joined(separator: " ") }
        }
        return fileName
    }

    private static func fileBaseName(_ path: String) -> String {
        let file = (path as NSString).lastPathComponent
        return (file as NSString).deletingPathExtension
    }

    /// "v2.0_SimpleApp" gives ["v2.0", "Simple", "App"]; a run of capitals stays one word ("SK Demo").
    private static func splitWords(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" || character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            let startsWord = character.isUppercase && !word.isEmpty
                && (previous?.isLowercase == true || next?.isLowercase == true)
            if startsWord {
                words.append(word)
                word = ""
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
