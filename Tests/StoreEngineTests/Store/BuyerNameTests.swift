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

    @Test func aNameLongerThanAMessageShowsWholeIsRefusedByItsLength() throws {
        let longest = String(repeating: "y", count: BuyerName.maximumCharacters)
        #expect(try BuyerName.normalized(longest, role: "account") == longest)
        #expect(throws: BuyerNameError(role: "account", name: longest + "y", problem: .tooLong(characters: 81, bytes: 81))) {
            try BuyerName.normalized(longest + "y", role: "account")
        }
        // Measured as stored: a decomposed spelling is as long as the composed one it becomes.
        let composed = "\u{E9}" + String(repeating: "\u{301}", count: 159)
        let decomposed = "e" + String(repeating: "\u{301}", count: 160)
        #expect(composed.utf8.count == 320 && decomposed.utf8.count == 321)
        #expect(try BuyerName.normalized(decomposed, role: "account") == BuyerName.normalized(composed, role: "account"))
        // One character made of many marks is short in characters and long in bytes.
        let heavy = "e" + String(repeating: "\u{301}", count: 200)
        #expect(heavy.count == 1)
        do {
            _ = try BuyerName.normalized(heavy, role: "--device")
            Issue.record("a name of 400 bytes was taken")
        } catch {
            #expect(error.problem == .tooLong(characters: 1, bytes: 400), "e and its first mark compose into é")
            #expect(error.description == "the --device name is 1 character long (400 bytes in UTF-8); a name may have at most 80 "
                        + "characters and 320 bytes: choose a shorter name")
        }
    }

    @Test func blankNamesAndSpacesAroundANameAreRefusedNotTrimmed() throws {
        for name in [" ", "\u{3000}", " \u{2003} "] {
            #expect(throws: BuyerNameError(role: "account", name: name, problem: .blank)) { try BuyerName.normalized(name, role: "account") }
        }
        for name in ["tester ", " tester", "tester\u{A0}"] {
            #expect(throws: BuyerNameError(role: "account", name: name, problem: .surroundingWhitespace)) {
                try BuyerName.normalized(name, role: "account")
            }
        }
        #expect(throws: BuyerNameError.self) { try BuyerName.normalized("\t", role: "device") }
        #expect(try BuyerName.normalized("Anna Lee", role: "account") == "Anna Lee", "spaces inside a name are kept")
    }

    @Test func aFreeSubscriptionSaysItHasNothingToRenew() throws {
        let store = try StoreFixture().store()
        let id = try #require(try store.purchase(Rage.newsletter, buyer: phone, storefront: "USA").transaction?.id)
        let events = store.snapshot.eventCount
        for reference in [Rage.newsletter, id] {
            #expect(throws: StoreError.freeSubscriptionNotRenewing(Rage.newsletter)) { try store.renew(reference, buyer: phone) }
            #expect(throws: StoreError.freeSubscriptionNotRenewing(Rage.newsletter)) { try store.resumeRenewal(reference, buyer: phone) }
        }
        #expect(store.snapshot.eventCount == events)
        #expect(throws: StoreError.unknownSubscription(Rage.newsletter, account: "someone else")) {
            try store.renew(Rage.newsletter, buyer: Buyer(account: "someone else", device: "phone"))
        }
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
