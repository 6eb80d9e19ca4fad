import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// `l` (locale and storefront) and `a` (account and device) pickers.
@Suite("Update: pickers")
struct PickerUpdateTests {
    typealias F = StorefrontFixture

    static func picker(_ state: AppState) -> Picker? {
        if case .picker(let picker) = state.overlays.last { return picker }
        return nil
    }

    @Test("l lists the catalog's languages as locales and its storefronts, the current ones marked and selected")
    func localePickerRows() throws {
        var state = try F().state()
        #expect(state.send(.character("l")).isEmpty)
        let picker = try #require(Self.picker(state))
        #expect(picker.purpose == .localeAndStorefront)
        #expect(picker.rows.map(\.choice) == [
            nil, .locale("en_US"), .locale("de_DE"), .locale("fr_FR"), .locale("ja_JP"), .typeIn(.locale),
            nil, .storefront("USA"), .storefront("DEU"), .storefront("FRA"), .storefront("JPN"), .storefront("GBR"),
        ])
        #expect(picker.rows.filter(\.isCurrent).map(\.choice) == [.locale("en_US"), .storefront("USA")])
        #expect(picker.selectedChoice == .locale("en_US"))
    }

    @Test("Choosing de_DE switches the locale and the storefront to Germany, and asks for Germany's snapshot")
    func switchToGerman() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("l"), .down)
        #expect(Self.picker(state)?.selectedChoice == .locale("de_DE"))
        let effects = state.send(.enter)
        #expect(effects == [.loadSnapshot(buyer: fixture.buyer, storefront: "DEU")])
        #expect(state.locale == "de_DE")
        #expect(state.storefront == "DEU")
        #expect(state.overlays.isEmpty)
        #expect(state.text.displayPrice(state.catalog.products[2]) == "1,09\u{A0}€")
        try fixture.run(effects, on: &state)
        #expect(state.snapshot.storefront == "DEU")
    }

    @Test("Choosing a storefront changes only the storefront")
    func chooseStorefront() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("l"))
        for _ in 0..<8 { state.send(.character("j")) }
        #expect(Self.picker(state)?.selectedChoice == .storefront("JPN"))
        #expect(state.send(.character(" ")) == [.loadSnapshot(buyer: fixture.buyer, storefront: "JPN")])
        #expect(state.locale == "en_US")
        #expect(state.storefront == "JPN")
    }

    @Test("Moving skips headings and stops at the ends")
    func movingInPicker() throws {
        var state = try F().state()
        state.send(.character("l"), .end)
        #expect(Self.picker(state)?.selectedChoice == .storefront("GBR"))
        state.send(.up)
        #expect(Self.picker(state)?.selectedChoice == .storefront("JPN"))
        state.send(.home)
        #expect(Self.picker(state)?.selectedChoice == .locale("en_US"))
        state.send(.up, .character("k"))
        #expect(Self.picker(state)?.selectedChoice == .locale("en_US"))
        state.send(.down, .down, .down, .down, .down)
        #expect(Self.picker(state)?.selectedChoice == .storefront("USA"), "from the typed-locale row down over the heading")
    }

    @Test("A typed locale is applied; one the catalog does not sell in keeps the storefront")
    func typedLocale() throws {
        var state = try F().state()
        state.send(.character("l"), .down, .down, .down, .down)
        #expect(Self.picker(state)?.selectedChoice == .typeIn(.locale))
        state.send(.enter)
        #expect(Self.picker(state)?.typing == Picker.Typing(field: .locale))
        state.type("pt_BR")
        #expect(Self.picker(state)?.typing?.entry.text == "pt_BR")
        #expect(state.send(.enter).isEmpty)
        #expect(state.locale == "pt_BR")
        #expect(state.storefront == "USA")
        #expect(state.overlays.isEmpty)
    }

    @Test("A typed locale with keywords after @ keeps them in the field, nothing said left out, and the locale before them is used, as on the command line (before: the = was left out)")
    func aTypedLocaleWithKeywords() throws {
        var state = try F().state()
        state.send(.character("l"), .down, .down, .down, .down, .enter)
        state.type("de_DE@numbers=arab")
        #expect(Self.picker(state)?.typing?.entry.text == "de_DE@numbers=arab" && Self.picker(state)?.typing?.entry.error == nil)
        #expect(state.send(.enter) == [.loadSnapshot(buyer: state.buyer, storefront: "DEU")], "its region's storefront, as for de_DE")
        #expect(state.locale == "de_DE" && state.overlays.isEmpty)
    }

    @Test("A typed value refused on Enter still names what the field left out of it, so the value quoted is not taken for all that was typed (before: the note of the left-out characters went)")
    func aRefusalKeepsWhatWasLeftOut() throws {
        var state = try F().state()
        state.send(.character("l"), .down, .down, .down, .down, .enter)
        state.type("garbage!!")
        #expect(state.send(.enter).isEmpty)
        #expect(Self.picker(state)?.typing?.entry.error == "“garbage” is not a locale; type one like de_DE or pt_BR. "
            + "“!” cannot be in a locale (ASCII letters, digits and _ - . @ = only), so it was left out.",
                "\(String(describing: Self.picker(state)?.typing?.entry.error))")
    }

    @Test("A typed locale that is not one is refused with the reason under the field")
    func badTypedLocale() throws {
        var state = try F().state()
        state.send(.character("l"), .down, .down, .down, .down, .enter)
        state.type("deutsch")
        #expect(state.send(.enter).isEmpty)
        #expect(Self.picker(state)?.typing?.entry.error == "“deutsch” is not a locale; type one like de_DE or pt_BR.")
        #expect(state.locale == "en_US")
        state.send(.backspace)
        #expect(Self.picker(state)?.typing?.entry == TextField(text: "deutsc", error: nil), "editing clears the error")
        state.send(.escape)
        #expect(Self.picker(state)?.typing == nil, "Esc leaves the field, not the picker")
        state.send(.escape)
        #expect(state.overlays.isEmpty)
    }

    @Test("a lists accounts and devices from the ledger plus the current ones, with rows to create new ones")
    func accountPickerRows() throws {
        let fixture = try F()
        try fixture.buy(F.drummer, buyer: Buyer(account: "alice", device: "phone"))
        var state = fixture.state()
        state.refresh(from: fixture)
        state.send(.character("a"))
        let picker = try #require(Self.picker(state))
        #expect(picker.purpose == .accountAndDevice)
        #expect(picker.rows.map(\.choice) == [
            nil, .account("alice"), .account("tester"), .typeIn(.account),
            nil, .device("phone"), .device("default"), .typeIn(.device),
        ])
        #expect(picker.selectedChoice == .account("tester"))
    }

    @Test("Typing a new device switches to it and asks for its snapshot")
    func newDevice() throws {
        let fixture = try F()
        try fixture.buy(F.drummer)
        var state = fixture.state()
        state.send(.character("a"), .end)
        #expect(Self.picker(state)?.selectedChoice == .typeIn(.device))
        state.send(.enter)
        state.type("tablet")
        let effects = state.send(.enter)
        let tablet = Buyer(account: "tester", device: "tablet")
        #expect(effects == [.loadSnapshot(buyer: tablet, storefront: "USA")])
        #expect(state.buyer == tablet)
        #expect(state.overlays.isEmpty)
        try fixture.run(effects, on: &state)
        #expect(state.snapshot.status(of: F.drummer) == .restoreToUnlock)
    }

    @Test("Blank names and spaces around a name are refused as on the command line; spaces inside and emoji are kept, tabs and control characters are not typed")
    func badNames() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        #expect(Self.picker(state)?.typing?.field == .account)
        state.type("  ")
        #expect(state.send(.enter).isEmpty)
        #expect(Self.picker(state)?.typing?.entry.error?.contains("is only white space") == true)
        state.send(.backspace, .backspace)
        state.type("Jane Doe 👩‍💻")
        state.send(.character("\t"), .character("\u{7}"), .character("!"), .character(" "))
        #expect(Self.picker(state)?.typing?.entry.text == "Jane Doe 👩‍💻! ")
        #expect(state.send(.enter).isEmpty, "not trimmed into another name")
        #expect(Self.picker(state)?.typing?.entry.error?.contains("starts or ends with white space") == true)
        #expect(state.buyer.account == "tester")
        state.send(.backspace)
        state.send(.enter)
        #expect(state.buyer == Buyer(account: "Jane Doe 👩‍💻!", device: "default"))

        state.send(.character("a"), .down, .enter)
        #expect(Self.picker(state)?.typing?.field == .account)
        state.type("Jose\u{301}")
        state.send(.enter)
        #expect(state.buyer.account.unicodeScalars.elementsEqual("Jos\u{E9}".unicodeScalars), "names are stored in NFC")
    }

    /// The text inside the picker's dialog on `state`'s screen, its rows joined by spaces (a
    /// wrapped line reads as one); every character on these screens is one column wide.
    static func dialogText(_ state: AppState) -> String {
        guard let picker = picker(state) else { return "" }
        let frame = PickerView.frame(for: picker, size: state.size)
        return render(state, size: state.size).rowTexts[frame.y..<(frame.y + frame.height)].map { row in
            String(Array(row)[(frame.x + 1)..<(frame.x + frame.width - 1)]).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test("A tab, a control or a bidi override typed into a name is left out with a word under the field, named by its code point or key (before: dropped silently)")
    func leftOutCharactersAreSaid() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        _ = update(&state, .keyPressed(.paste("bad\u{202E}name")))
        #expect(Self.picker(state)?.typing?.entry.text == "badname")
        #expect(Self.picker(state)?.typing?.entry.error
                == "U+202E cannot be in a name (a control, line-breaking, bidi or invisible character), so it was left out.")
        // The terminal gives a typed Tab as its own key, not as a character.
        state.send(.tab)
        #expect(Self.picker(state)?.typing?.entry.error?.hasPrefix("U+202E and Tab cannot be in a name") == true,
                "everything left out so far is named: \(Self.picker(state)?.typing?.entry.error ?? "")")
        // A control chord typed is named as pressed (before: dropped without a word).
        state.send(.ctrl("a"))
        #expect(Self.picker(state)?.typing?.entry.error?.hasPrefix("U+202E, Tab and Ctrl-A cannot be in a name") == true,
                "\(Self.picker(state)?.typing?.entry.error ?? "")")
        #expect(Self.picker(state)?.typing?.entry.text == "badname")
        state.send(.character("s"))
        #expect(Self.picker(state)?.typing?.entry.error?.hasPrefix("U+202E, Tab and Ctrl-A") == true, "typing on keeps the word")
        state.send(.backspace)
        #expect(Self.picker(state)?.typing?.entry.error == nil, "a deletion clears it")
    }

    @Test("An emoji typed a scalar at a time keeps its joiner and variation selector (before: left out as invisible marks); beside a letter they are still left out")
    func typedEmojiKeepsItsJoiner() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        for scalar in "b👩\u{200D}💻❤\u{FE0F}".unicodeScalars { state.send(.character(Character(scalar))) }
        #expect(Self.picker(state)?.typing?.entry.text == "b👩‍💻❤️", "\(Self.picker(state)?.typing?.entry.text.unicodeScalars.map(\.value) ?? [])")
        #expect(Self.picker(state)?.typing?.entry.error == nil)
        state.send(.character("x"), .character("\u{200D}"))
        #expect(Self.picker(state)?.typing?.entry.text == "b👩‍💻❤️x")
        #expect(Self.picker(state)?.typing?.entry.error?.hasPrefix("U+200D cannot be in a name") == true)
    }

    @Test("At 60 columns a long name scrolls in its field so the last letters typed stay in view (before: cut at the end, under the cursor)")
    func longNameShowsItsEnd() throws {
        var state = try F().state(size: Size(width: 60, height: 16))
        state.send(.character("a"), .down, .enter)
        state.type("abcdefghijklmnopqrstuvwxyz0123456789WXYZ")
        let shown = Self.dialogText(state)
        #expect(shown.contains("…") && shown.contains("6789WXYZ"), "\(shown)")
        #expect(PickerView.endOf("abc", fitting: 10) == "abc")
        #expect(PickerView.endOf("abcdef", fitting: 4) == "…def")
        #expect(PickerView.endOf("a日本語", fitting: 4) == "…語", "wide characters count two columns")
    }

    @Test("The name field's cursor moves with ← → Home End, and typing, Backspace and Delete work where it stands (before: only at the end)")
    func cursorMovesInTheField() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        state.type("abc")
        state.send(.left, .left)
        state.send(.character("X"))
        #expect(Self.picker(state)?.typing?.entry.text == "aXbc")
        state.send(.home, .delete)
        #expect(Self.picker(state)?.typing?.entry.text == "Xbc")
        state.send(.right, .backspace)
        #expect(Self.picker(state)?.typing?.entry.text == "bc", "Backspace takes the letter before the cursor")
        let row = Self.dialogText(state).split(separator: "\n").first { $0.contains("bc") }.map(String.init) ?? ""
        #expect(row.contains("bc"), "\(Self.dialogText(state))")
        state.send(.end)
        state.send(.character("d"))
        #expect(Self.picker(state)?.typing?.entry.text == "bcd", "End puts typing back at the end")
        // The cursor keys that cannot move are not taken, so they do nothing unseen.
        #expect(PickerTypingReducer.keys.lookup(.right, in: state)?.isAvailable == false)
        #expect(PickerTypingReducer.keys.lookup(.delete, in: state)?.isAvailable == false)
        #expect(PickerTypingReducer.keys.lookup(.left, in: state)?.isAvailable == true)
        // Shown with the letter under the cursor in reverse, the text around it in place.
        var field = TextField(text: "abcdef")
        field.moveCursor(.left)
        field.moveCursor(.left)
        #expect(PickerView.fieldSpans(field, width: 20).map(\.text) == ["abcd", "e", "f"])
        #expect(PickerView.fieldSpans(field, width: 4).map(\.text) == ["…cd", "e", ""], "the cursor stays in view")
        field.moveCursor(.start)
        #expect(PickerView.fieldSpans(field, width: 4).map(\.text) == ["", "a", "bc…"])
    }

    @Test("A long error under the field grows the dialog where the window has room, hiding no row of the list (before: it took list rows)")
    func longErrorKeepsTheList() throws {
        var state = try F().state(size: Size(width: 100, height: 30))
        state.send(.character("a"), .down, .enter)
        _ = update(&state, .keyPressed(.paste("name\u{202E}\u{2066}\u{200B}!#$%^&*()<>{}[]|\\~`;:'\"=+" + String(repeating: "x", count: 60))))
        let errorLines = Self.picker(state)?.typing?.entry.error?.wrapped(toWidth: 56).count ?? 0
        #expect(errorLines >= 3, "a long error: \(String(describing: Self.picker(state)?.typing?.entry.error))")
        let shown = Self.dialogText(state)
        for row in ["tester", "New account…", "default", "New device…"] { #expect(shown.contains(row), "\(row) hidden:\n\(shown)") }
    }

    @Test("A pasted escape sequence is left out whole and named (before: only its ESC, so \"[31m\" stayed in the name)")
    func pastedEscapeSequenceIsLeftOutWhole() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        _ = update(&state, .keyPressed(.paste("red\u{1B}[31mname\u{1B}]0;title\u{7}")))
        #expect(Self.picker(state)?.typing?.entry.text == "redname")
        #expect(Self.picker(state)?.typing?.entry.error == "ESC[31m (an escape sequence) and ESC]0;title (an escape sequence) "
            + "cannot be in a name (a control, line-breaking, bidi or invisible character), so they were left out.",
                "\(Self.picker(state)?.typing?.entry.error ?? "")")
    }

    @Test("A paste longer than the field keeps its first 40 characters and says how many were left out (before: cut silently)")
    func overlongPasteIsSaid() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        _ = update(&state, .keyPressed(.paste(String(repeating: "é", count: 45))))
        #expect(Self.picker(state)?.typing?.entry.text == String(repeating: "é", count: 40))
        #expect(Self.picker(state)?.typing?.entry.error == "At most 40 characters fit here; 5 more were left out. "
            + "A longer name is given with --account or --device.")
        #expect(Self.dialogText(state).contains("At most 40 characters fit here; 5 more were left out. A longer"),
                "\(Self.dialogText(state))")
    }

    @Test("Typed one by one past the end, the left-out count grows with each key; a mark left out of the middle is still said at the end of the name")
    func leftOutCountsAndStays() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        state.type(String(repeating: "x", count: 45))
        #expect(Self.picker(state)?.typing?.entry.error?.hasPrefix("At most 40 characters fit here; 5 more were left out.") == true,
                "\(Self.picker(state)?.typing?.entry.error ?? "")")
        state.send(.backspace)
        #expect(Self.picker(state)?.typing?.entry.error == nil)
        var other = try F().state()
        other.send(.character("a"), .down, .enter)
        other.type("evil\u{202E}ab")
        #expect(Self.picker(other)?.typing?.entry.text == "evilab")
        #expect(Self.picker(other)?.typing?.entry.error?.hasPrefix("U+202E cannot be in a name") == true, "said until a deletion")
    }

    @Test("Names take what --account takes: a no-break or ideographic space inside is kept; a pasted line break is left out with a word")
    func pickerNameRuleIsTheCommandLines() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        _ = update(&state, .keyPressed(.paste("山田\u{3000}太郎 a\u{A0}b")))
        #expect(Self.picker(state)?.typing?.entry.text == "山田\u{3000}太郎 a\u{A0}b")
        #expect(Self.picker(state)?.typing?.entry.error == nil)
        state.send(.enter)
        #expect(state.buyer.account == "山田\u{3000}太郎 a\u{A0}b")
        state.send(.character("a"), .down, .enter)
        _ = update(&state, .keyPressed(.paste("ann\nbob\u{1}")))
        #expect(Self.picker(state)?.typing?.entry.text == "annbob")
        #expect(Self.picker(state)?.typing?.entry.error?.hasPrefix("U+000A and U+0001 cannot be in a name") == true,
                "\(Self.picker(state)?.typing?.entry.error ?? "")")
    }

    @Test("Invisible marks are refused in names as on the command line (a zero-width space after tester made a look-alike account); emoji keep their joiners; a paste past the end says both what it refused and what it cut")
    func invisibleMarksAndEverythingLeftOut() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        _ = update(&state, .keyPressed(.paste("tester\u{200B}")))
        #expect(Self.picker(state)?.typing?.entry.text == "tester")
        #expect(Self.picker(state)?.typing?.entry.error?.hasPrefix("U+200B cannot be in a name") == true)
        state.send(.backspace)
        _ = update(&state, .keyPressed(.paste("👩\u{200D}💻❤\u{FE0F}")))
        #expect(Self.picker(state)?.typing?.entry.text == "teste👩\u{200D}💻❤\u{FE0F}", "emoji keep their joiner and selector")
        var full = try F().state()
        full.send(.character("a"), .down, .enter)
        _ = update(&full, .keyPressed(.paste(String(repeating: "A", count: 38) + "\u{202E}BCDEFG")))
        #expect(Self.picker(full)?.typing?.entry.error == "U+202E cannot be in a name (a control, line-breaking, bidi or invisible "
            + "character), so it was left out. At most 40 characters fit here; 4 more were left out. "
            + "A longer name is given with --account or --device.")
        // Shown whole, on as many rows as it takes (before: cut after two, the length note lost).
        let shown = Self.dialogText(full)
        #expect(shown.contains("so it was left out. At most 40 characters fit here; 4 more were left out. "
            + "A longer name is given with --account or --device."), "\(shown)")
        var many = try F().state()
        many.send(.character("a"), .down, .enter)
        _ = update(&many, .keyPressed(.paste("X\u{1}Y\u{202E}Z\tW" + String(repeating: "q", count: 60))))
        let both = Self.dialogText(many)
        #expect(both.contains("U+0001, U+202E and U+0009 cannot be in a name") && both.contains("were left out. A longer name "
            + "is given with --account or --device."), "\(both)")
        #expect(throws: BuyerNameError.self) { try BuyerName.normalized("tester\u{200B}", role: "account") }
        #expect(throws: BuyerNameError.self) { try BuyerName.normalized("\u{FEFF}tester", role: "account") }
        #expect(try BuyerName.normalized("Jane 👩\u{200D}💻 1\u{FE0F}\u{20E3}", role: "account") == "Jane 👩\u{200D}💻 1\u{FE0F}\u{20E3}")
    }

    @Test("A typed locale must be known, as --locale must: xx_YY is refused; a ! typed in it is said to be left out")
    func unknownTypedLocale() throws {
        var state = try F().state()
        state.send(.character("l"), .down, .down, .down, .down, .enter)
        state.type("xx_YY")
        #expect(state.send(.enter).isEmpty)
        #expect(Self.picker(state)?.typing?.entry.error == "“xx_YY” is not a locale; type one like de_DE or pt_BR.")
        #expect(state.locale == "en_US")
        state.send(.character("!"))
        #expect(Self.picker(state)?.typing?.entry.error == "“!” cannot be in a locale (ASCII letters, digits and _ - . @ = only), so it was left out.")
    }

    @Test("An error longer than one row takes the row above the field too and reads whole at 80 columns (before: cut with …)")
    func longErrorReadsWhole() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        state.type(" tester")
        state.send(.enter)
        let error = try #require(Self.picker(state)?.typing?.entry.error)
        #expect(error.count > 62, "an error longer than the dialog's row: \(error)")
        #expect(Self.dialogText(state).contains(error), "\(Self.dialogText(state))")
        #expect(Self.dialogText(state).contains("New account:  tester"))
    }

    @Test("Accounts and devices with no events stay in the switcher: the default ones and those used this run")
    func visitedAccountsStay() throws {
        var state = try F().state()
        state.send(.character("a"), .down, .enter)
        state.type("alice")
        state.send(.enter)
        #expect(state.buyer.account == "alice")
        state.send(.character("a"))
        let accounts = Self.picker(state)?.rows.compactMap { row -> String? in
            if case .account(let name) = row.choice { return name } else { return nil }
        } ?? []
        #expect(accounts.contains("tester"), "the default account stays after switching away: \(accounts)")
        #expect(accounts.contains("alice"))
    }

    @Test("Choosing the account already in use changes nothing and asks for nothing")
    func sameAccount() throws {
        var state = try F().state()
        state.send(.character("a"))
        #expect(state.send(.enter).isEmpty)
        #expect(state.overlays.isEmpty)
        #expect(state.buyer == Buyer())
    }
}
