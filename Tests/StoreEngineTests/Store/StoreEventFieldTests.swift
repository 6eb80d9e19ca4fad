import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger
@testable import StoreJSON

/// The field table is the one declaration of what a ledger event holds: it must name every
/// stored property of `StoreEvent`, under the key its synthesized `Codable` uses, once.
@Suite("Store events: every field declared once")
struct StoreEventFieldTests {
    private var declared: [String] { StoreEvent.ledgerFields.map(\.nameText) }

    @Test("the table names every stored property of StoreEvent, and nothing else")
    func tableMatchesTheStoredProperties() {
        let event = StoreEvent(kind: .purchase, time: Date(), app: "a", account: "b", device: "c")
        let properties = Mirror(reflecting: event).children.compactMap(\.label)
        let undeclared = Set(properties).subtracting(declared).sorted()
        #expect(undeclared.isEmpty, "declare \(undeclared) in StoreEvent.ledgerFields")
        #expect(Set(declared).subtracting(properties).isEmpty, "StoreEvent.ledgerFields declares fields StoreEvent lacks")
        #expect(declared.count == properties.count, "each field is declared exactly once")
    }

    @Test("the table's names are the keys the synthesized Codable writes")
    func tableMatchesTheCodableKeys() throws {
        let json = try LedgerDateEncoding.iso8601.makeEncoder().encode(LedgerFastDecodingTests.complete)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == Set(declared))
    }

    @Test("the required fields are declared, and the table leaves two bits of the reader's mask for seq and mac")
    func tableFitsTheReader() {
        #expect(StoreEvent.requiredLedgerFields.isSubset(of: Set(declared)))
        #expect(declared.count <= 62)
    }
}
