import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// `/` search: filtering as you type by title or id, Enter to buy the match, Esc to clear.
@Suite("Update: search")
struct SearchUpdateTests {
    typealias F = StorefrontFixture

    /// The product ids the list shows, in order.
    static func shownIDs(_ state: AppState) -> [String] {
        state.list.entries.compactMap { entry in
            if case .product(let index) = entry { return state.catalog.products[index].id }
            return nil
        }
    }

    @Test("/ opens the search field without filtering")
    func opens() throws {
        var state = try F().state()
        #expect(state.send(.character("/")).isEmpty)
        #expect(state.isSearching)
        #expect(state.list.query == "")
        #expect(state.list.productCount == 9)
    }

    @Test("Characters that draw nothing (a zero-width space, a bidi control) are left out of the search, typed or pasted, so it matches as it reads (before: it matched nothing, looking like \"rage\")")
    func invisibleCharactersAreLeftOut() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("ra\u{200B}ndom\u{202E}")
        #expect(state.list.query == "random")
        #expect(Self.shownIDs(state) == [F.facePack])
        state.send(.escape)
        state.send(.character("/"))
        state.send(.paste("\u{2066}Rand\u{200D}om\u{FEFF}"))
        #expect(state.list.query == "Random" && Self.shownIDs(state) == [F.facePack])
    }

    @Test("Typing filters by title, case-insensitively, at each key")
    func filtersByTitle() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("ra")
        #expect(state.list.query == "ra")
        #expect(state.list.productCount == 9, "every product's id contains \"ra\" (com.example.rage…)")
        state.type("ndom")
        #expect(Self.shownIDs(state) == [F.facePack])
        #expect(state.list.entries == [.section(.consumables), .product(0)])
        #expect(state.selectedID == F.facePack)
    }

    @Test("Typing filters by product id, and titles in the current language")
    func filtersByIDAndLocalizedTitle() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("noads")
        #expect(Self.shownIDs(state) == [F.noAds])

        var german = try F().state(locale: "de_DE", storefront: "DEU")
        german.send(.character("/"))
        german.type("schlagzeug")
        #expect(Self.shownIDs(german) == [F.drummer], "matches \"Freundin des Schlagzeugers\"")
    }

    @Test("Backspace widens the filter again, keeping the selected product when it still shows")
    func backspace() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("rage pro")
        #expect(Self.shownIDs(state) == [F.monthly, "com.example.rage.pro.yearly"])
        state.send(.down)
        #expect(state.selectedID == "com.example.rage.pro.yearly")
        for _ in 0..<4 { state.send(.backspace) }
        #expect(state.list.query == "rage")
        #expect(state.selectedID == "com.example.rage.pro.yearly")
    }

    @Test("Enter with several matches keeps the filter, closes the field and buys nothing; the footer says so")
    func enterWithSeveralMatches() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("rage")
        #expect(state.list.productCount > 1)
        #expect(KeyHelp.footerHints(for: state).first == KeyHelp.Hint("Enter", "keep filter"))
        #expect(state.send(.enter).isEmpty)
        #expect(!state.isSearching)
        #expect(state.list.query == "rage")
        #expect(state.overlays.isEmpty, "no payment sheet for the first of several matches")
    }

    @Test("A paste goes into the search field whole: its line breaks press no Enter")
    func pasteIntoSearch() throws {
        var state = try F().state()
        state.send(.character("/"))
        #expect(state.send(.paste("random\rlives\r")).isEmpty)
        #expect(state.isSearching)
        #expect(state.list.query == "random lives ")
        #expect(state.overlays.isEmpty)
    }

    @Test("An escape sequence in a paste is left out of the search whole, as the pickers' fields leave it (before: its ESC went and \"[31m\" was searched for)")
    func pastedEscapeSequenceGoesWhole() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.send(.paste("ran\u{1B}[31mdom\u{1B}[0m"))
        #expect(state.list.query == "random" && Self.shownIDs(state) == [F.facePack], "\(state.list.query)")
    }

    @Test("A paste on the main screen or on a payment sheet does nothing")
    func pasteElsewhere() throws {
        var state = try F().state()
        let before = state
        #expect(state.send(.paste("b\ry\r")).isEmpty)
        #expect(state.overlays == before.overlays && state.list == before.list)
        state.send(.enter)
        #expect(state.send(.paste("\r")).isEmpty)
        #expect(state.overlays == [.buySheet(productID: F.facePack)])
        #expect(state.activity == nil)
    }

    @Test("Enter picks the only match: the field closes, the filter stays and the payment sheet opens; the footer says so")
    func enterBuysMatch() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("random")
        #expect(KeyHelp.footerHints(for: state).first == KeyHelp.Hint("Enter", "buy the match"))
        #expect(state.send(.enter).isEmpty)
        #expect(!state.isSearching)
        #expect(state.list.query == "random")
        #expect(state.overlays == [.buySheet(productID: F.facePack)])
    }

    @Test("Enter with no match closes the field and opens nothing")
    func enterWithoutMatch() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("zzz")
        #expect(state.list.entries.isEmpty)
        #expect(state.selectedProduct == nil)
        #expect(state.send(.enter).isEmpty)
        #expect(state.overlays.isEmpty)
        #expect(!state.isSearching)
    }

    @Test("Esc while typing clears the search and shows everything")
    func escapeClears() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("lives")
        #expect(Self.shownIDs(state) == [F.lives])
        state.send(.escape)
        #expect(!state.isSearching)
        #expect(state.list.query == "")
        #expect(state.list.productCount == 9)
        #expect(state.selectedID == F.lives, "the product found stays selected")
    }

    @Test("Esc on the main screen clears a search kept after Enter")
    func escapeClearsKeptFilter() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("/"))
        state.type("drummer")
        state.send(.enter)
        try fixture.run(state.send(.escape), on: &state)
        #expect(state.notice?.title == "Purchase cancelled")
        #expect(state.overlays.isEmpty)
        #expect(state.list.query == "drummer")
        state.send(.escape)
        #expect(state.list.query == "")
        #expect(state.list.productCount == 9)
    }

    @Test("Letters are text while searching: q, j and / do not quit, move or reopen")
    func lettersAreText() throws {
        var state = try F().state()
        state.send(.character("/"))
        #expect(state.send(.character("q")).isEmpty)
        state.type("j/")
        #expect(state.list.query == "qj/")
        #expect(!state.isQuitting)
    }

    @Test("Arrow keys move through the matches while searching")
    func arrowsWhileSearching() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type("comic")
        #expect(Self.shownIDs(state) == [F.drummer, F.nightly])
        state.send(.down)
        #expect(state.selectedID == F.nightly)
        state.send(.up)
        #expect(state.selectedID == F.drummer)
        #expect(state.isSearching)
    }

    @Test("The query stops at the field's maximum length")
    func maximumLength() throws {
        var state = try F().state()
        state.send(.character("/"))
        state.type(String(repeating: "x", count: TextField.maximumLength + 5))
        #expect(state.list.query.count == TextField.maximumLength)
    }
}
