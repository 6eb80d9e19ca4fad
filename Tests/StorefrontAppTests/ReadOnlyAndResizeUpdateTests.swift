import StoreEngine
import StoreLedger
import StorefrontText
import Testing
import TerminalUI
@testable import StorefrontApp

/// A ledger with problems makes the store read-only; a window below 60x16 shows a message until it grows.
@Suite("Update: read-only ledger and resizing")
struct ReadOnlyAndResizeUpdateTests {
    typealias F = StorefrontFixture

    /// The app over a store whose ledger reports a tampered line, with a face pack bought before.
    static func readOnlyState() throws -> AppState {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var snapshot = fixture.snapshot()
        snapshot.ledgerProblems = [.tampered(line: 3)]
        var state = fixture.state()
        _ = update(&state, .storeChanged(snapshot))
        return state
    }

    static let readOnlyAlert = Alert(
        title: "Read-only",
        message: "The entitlements file has a problem: line 3 does not match its MAC: it was edited, or lines around it were "
            + "deleted, duplicated or reordered. Nothing can be bought or spent; `storefront verify` tells more.",
        tone: .failure)

    @Test("a command too long to copy from the wrapped banner (a sed holding a MAC) is left to verify, which prints it on one line; a short one is shown (before: cut over three rows and at the end)")
    func longCommandsAreLeftToVerify() {
        let mac = String(repeating: "ab", count: 32)
        let joined = LedgerProblem.linesRunTogether(line: 3, ledgerPath: "/home/tester/e.jsonl", joins: [.init(lineMAC: mac, addedBytes: 1)])
        let banner = StorefrontScreenText.ledgerProblem(joined.description, more: 0)
        #expect(!banner.contains(mac) && !banner.contains("sed -i"), "\(banner)")
        #expect(banner.contains("put it back (the command that `storefront verify` prints) and verify again"), "\(banner)")
        // An mv of a long path, followed by more words in its parenthesis (before: shown whole, over the 60 characters).
        let fifo = LedgerProblem.commitMarkDamaged(lockPath: "/home/tester/projects/storefront-demo/entitlements.jsonl.lock", reason: "",
                                                   notOwnFile: "a named pipe (FIFO)")
        let fifoBanner = StorefrontScreenText.ledgerProblem(fifo.description, more: 0)
        #expect(!fifoBanner.contains("mv -n -T")
                && fifoBanner.contains("move it away (the command that `storefront verify` prints; the next change writes the mark again)"),
                "\(fifoBanner)")
        let lock = LedgerProblem.commitMarkDamaged(lockPath: "/s/e.jsonl.lock", reason: "", notOwnFile: "a symbolic link")
        #expect(StorefrontScreenText.ledgerProblem(lock.description, more: 0).contains("(`rm /s/e.jsonl.lock` leaves any other file alone"))
    }

    @Test("Every change is refused with an alert that says why, and nothing is asked of the store", arguments: [
        ["enter"], ["b"], ["r"], ["u"], ["s", "enter"], ["s", "down", "left"], ["t", "R"],
    ])
    func refusesChanges(keys: [String]) throws {
        var state = try Self.readOnlyState()
        var effects: [Effect] = []
        for name in keys { effects += state.send(Self.key(name)) }
        #expect(effects.isEmpty)
        #expect(state.activity == nil)
        #expect(state.topAlert == Self.readOnlyAlert)
    }

    @Test("Buying and refunding are refused before any sheet opens; OK goes back to where the key was pressed",
          arguments: [[], ["t"]])
    func refusedBeforeAnySheet(screen: [String]) throws {
        var state = try Self.readOnlyState()
        for name in screen { state.send(Self.key(name)) }
        let before = state.overlays
        for key in screen.isEmpty ? [Key.enter, .character("b")] : [.character("R")] {
            #expect(state.send(key).isEmpty)
            #expect(state.overlays == before + [.alert(Self.readOnlyAlert)], "one alert, never a sheet")
            state.send(.enter)
            #expect(state.overlays == before)
        }
    }

    @Test("The footer does not offer buying, using or restoring while read-only, nor changing a setting")
    func footerLeavesOutWrites() throws {
        var state = try Self.readOnlyState()
        let keys = KeyHelp.footerHints(for: state).map(\.key)
        #expect(!keys.contains("Enter") && !keys.contains("r") && !keys.contains("u"), "\(keys)")
        #expect(keys.contains("s") && keys.contains("q"))
        state.send(.character("s"))
        let settingsKeys = KeyHelp.footerHints(for: state).map(\.key)
        #expect(!settingsKeys.contains("Enter") && settingsKeys.contains("Esc"), "\(settingsKeys)")
        state.send(.escape)
        state.send(.character("t"))
        let transactionKeys = KeyHelp.footerHints(for: state).map(\.key)
        #expect(!transactionKeys.contains("R") && transactionKeys.contains("Esc"), "no refund offered: \(transactionKeys)")
    }

    @Test("A narrow main screen keeps help and quit in its footer and drops other keys instead (before: 80 columns lost both)",
          arguments: [80, 60])
    func narrowFooterKeepsTheWayOut(width: Int) throws {
        let state = try StorefrontFixture().state(size: Size(width: width, height: 24))
        let hints = KeyHelp.footerHints(for: state)
        let shown = FooterView.shownHints(hints, width: width - 1, keepingWayBack: false).map(\.key)
        #expect(shown.contains("?") && shown.contains("q"), "\(shown)")
        #expect(shown.first == "Enter", "the others keep their order: \(shown)")
        #expect(shown.count < hints.count, "the window is too narrow for every key: \(shown)")
        let wide = FooterView.shownHints(hints, width: 400, keepingWayBack: false).map(\.key)
        #expect(wide == hints.map(\.key), "a wide window shows every key in its order")
    }

    @Test("u is refused before the use screen opens; OK goes back to the products")
    func useRefusedUpFront() throws {
        var state = try Self.readOnlyState()
        #expect(state.send(.character("u")).isEmpty)
        #expect(state.overlays == [.alert(Self.readOnlyAlert)], "one alert, never the use screen")
        state.send(.enter)
        #expect(state.overlays.isEmpty)
    }

    @Test("The settings open to be read; every key that would change one is refused and leaves the row as shown",
          arguments: SettingsScreen.Row.allCases.indices)
    func settingsReadOnly(row: Int) throws {
        var state = try Self.readOnlyState()
        state.send(.character("s"))
        for _ in 0..<row { state.send(.down) }
        let settings = state.overlays
        guard case .settings(let screen)? = settings.last else {
            Issue.record("s did not open the settings: \(settings)")
            return
        }
        #expect(screen.selection == SettingsScreen.Row.allCases[row])
        for key: Key in [.enter, .character(" "), .left, .right, .character("h"), .character("l")] {
            #expect(state.send(key).isEmpty)
            #expect(state.overlays == settings + [.alert(Self.readOnlyAlert)], "\(key) on row \(row): \(state.overlays)")
            state.send(.escape)
            #expect(state.overlays == settings, "\(key) on row \(row) changed the screen")
        }
    }

    @Test("Cancelling renewal is refused before its question opens")
    func cancelRenewalRefused() throws {
        let fixture = try F()
        try fixture.buy("com.example.rage.pro.yearly")
        var state = fixture.state()
        var snapshot = fixture.snapshot()
        snapshot.ledgerProblems = [.tampered(line: 3)]
        _ = update(&state, .storeChanged(snapshot))
        state.send(.character("t"))
        #expect(state.send(.character("X")).isEmpty)
        #expect(state.overlays.count == 2 && state.topAlert?.title == "Read-only", "\(state.overlays)")
    }

    @Test("Looking around still works: moving, search, pickers, help")
    func browsingWorks() throws {
        var state = try Self.readOnlyState()
        state.send(.down)
        #expect(state.selectedID == F.lives)
        state.send(.character("?"))
        #expect(state.overlays == [.help(HelpScreen())])
        state.send(.escape, .character("/"))
        state.type("ads")
        #expect(state.selectedID == F.noAds)
    }

    @Test("More than one problem: the first is quoted and the rest counted")
    func severalProblems() throws {
        var state = try Self.readOnlyState()
        var snapshot = state.snapshot
        snapshot.ledgerProblems = [.newerVersion(found: 9, supported: 1), .keyMissing(keyPath: "/k"), .tampered(line: 2)]
        _ = update(&state, .storeChanged(snapshot))
        let reason = try #require(state.readOnlyReason)
        #expect(reason.hasPrefix("The entitlements file has a problem: written by a newer storefront (format 9)"))
        #expect(reason.contains("upgrade storefront (and 2 more)."))
    }

    @Test("A store that could not be opened is read-only with its own reason")
    func unavailable() throws {
        let fixture = try F()
        var state = AppState(catalog: fixture.catalog, buyer: fixture.buyer, locale: "en_US", storefront: "USA",
                             snapshot: fixture.snapshot(), size: Size(width: 80, height: 24),
                             unavailableReason: "The entitlements file is locked by another program.")
        #expect(state.send(.character("r")).isEmpty)
        #expect(state.topAlert?.message == "The entitlements file is locked by another program.")
    }

    @Test("Below 60x16 keys do nothing but q and Ctrl-C; back at a usable size everything works again")
    func tooSmall() throws {
        var state = try F().state(size: Size(width: 80, height: 24))
        state.send(.end)
        #expect(state.send(.resize(width: 40, height: 10)).isEmpty)
        #expect(state.size == Size(width: 40, height: 10))
        #expect(state.isTooSmall)
        let small = state
        for key: Key in [.home, .enter, .character("r"), .character("/"), .character("?")] {
            #expect(state.send(key).isEmpty)
            #expect(state == small, "\(key) acted in a window that is too small")
        }
        state.send(.resize(width: 60, height: 16))
        #expect(!state.isTooSmall)
        #expect(state.selectedID == F.season)
        let visible = state.list.scroll.visibleRange(viewportHeight: state.listViewportHeight)
        #expect(visible.contains(state.list.scroll.selection))
        #expect(state.send(.home).isEmpty)
        #expect(state.selectedID == F.facePack)
        #expect(state.send(.resize(width: 59, height: 30)).isEmpty)
        #expect(state.isTooSmall, "59 columns are too few")
        state.send(.resize(width: 60, height: 15))
        #expect(state.isTooSmall, "15 rows are too few")
        #expect(state.send(.character("q")) == [.quit])
    }

    @Test("Shrinking keeps the selection visible in the smaller list", arguments: [
        Size(width: 60, height: 16), Size(width: 61, height: 17), Size(width: 99, height: 20),
    ])
    func shrinking(to size: Size) throws {
        var state = try F().state(size: Size(width: 120, height: 40))
        state.send(.end)
        state.send(.resize(width: size.width, height: size.height))
        let visible = state.list.scroll.visibleRange(viewportHeight: state.listViewportHeight)
        #expect(visible.contains(state.list.scroll.selection))
        #expect(state.selectedID == F.season)
    }

    @Test("Overlays survive a resize through a too-small window")
    func overlaysSurvive() throws {
        var state = try F().state()
        state.send(.character("s"))
        state.send(.resize(width: 30, height: 8), .resize(width: 100, height: 30))
        #expect(state.overlays == [.settings(SettingsScreen())])
    }

    static func key(_ name: String) -> Key {
        switch name {
        case "enter": .enter
        case "space": .character(" ")
        case "down": .down
        case "left": .left
        default: .character(Character(name))
        }
    }
}
