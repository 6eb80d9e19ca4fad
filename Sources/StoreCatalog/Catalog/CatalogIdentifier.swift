import StoreJSON
import TextControls

/// The rule for the ids a catalog gives (products, credits, subscription groups, the bundle id):
/// they are typed on command lines and shown in brackets, so one a person cannot type or see
/// as written would name nothing that can be found again. Offer ids are left out: `.storekit`
/// files give them with spaces ("Free two weeks").
enum CatalogIdentifier {
    /// What is wrong with `id`, worded to follow the field's name; nil for a usable id.
    /// `allowingSpaces` for the bundle id, which a `.storekit` file without one takes from its
    /// file's name ("My Products"), and which every event of a store already made records.
    static func problem(_ id: String, allowingSpaces: Bool = false) -> String? {
        if id.isEmpty { return "is empty; give it an id" }
        if !allowingSpaces, id.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            return "\"\(EchoedText.cut(EchoedText.oneLine(id)))\" holds white space; an id is one word (letters, digits, . - _)"
        }
        if let scalar = id.unicodeScalars.first(where: { UnicodeControls.isUndrawn($0) || $0.properties.isDefaultIgnorableCodePoint }) {
            return "holds U+\(scalar.hexDigits), a control character, bidi "
                + "control or mark that draws nothing, so the id shown is not the id to type; remove it"
        }
        return nil
    }
}
