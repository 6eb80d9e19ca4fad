import Foundation
import Testing
@testable import StoreEngine

@Suite struct BuyerNameTests {
    @Test func composedAndDecomposedSpellingsBecomeOne() throws {
        let composed = try BuyerName.normalized("Jos\u{E9}", role: "account")
        let decomposed = try BuyerName.normalized("Jose\u{301}", role: "account")
        #expect(composed.unicodeScalars.elementsEqual(decomposed.unicodeScalars))
        #expect(Array(decomposed.unicodeScalars) == ["J", "o", "s", "\u{E9}"])
        #expect(try BuyerName.normalized("Anna 👩‍💻", role: "account") == "Anna 👩‍💻", "spaces and emoji are names too")
    }

    @Test func controlAndBidiCharactersAreRefusedNamingThem() {
        for (name, shown) in [("a\u{1B}[2J", "U+001B"), ("a\nb", "U+000A"), ("a\u{9B}", "U+009B"), ("a\u{202E}b", "U+202E"),
                              ("a\u{2066}", "U+2066"), ("a\u{7F}", "U+007F")] {
            #expect(throws: BuyerNameError.self) { try BuyerName.normalized(name, role: "device") }
            do {
                _ = try BuyerName.normalized(name, role: "device")
            } catch {
                #expect(error.description.contains("the device name"), "\(error)")
                #expect(error.description.contains("<\(shown)>") && !error.description.unicodeScalars.contains { $0.value == 0x1B })
            }
        }
        #expect(throws: BuyerNameError(role: "account", name: "", problem: .empty)) { try BuyerName.normalized("", role: "account") }
    }

    @Test func aFreeSubscriptionIsNotRefunded() throws {
        let store = try StoreFixture().store()
        let outcome = try store.purchase(Rage.newsletter, buyer: phone, storefront: "USA")
        let id = try #require(outcome.transaction?.id)
        let events = store.snapshot.eventCount
        #expect(throws: StoreError.freeSubscriptionNotRefundable(id, productID: Rage.newsletter)) { try store.refund(id) }
        #expect(store.snapshot.eventCount == events)
        #expect(store.snapshot.transactions[id]?.state == .purchased)
    }
}
