import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The key tables drive dispatch, footer and help: every binding is in the help, every hint
/// is a key the screen takes, and no key a screen offers does nothing.
@Suite("Keys: one table per screen for dispatch, footer and help")
struct KeyTableTests {
    typealias F = StorefrontFixture

    /// One state per screen that takes keys, each with room to move both ways.
    static func statesOfEveryScreen() throws -> [(KeyContext, AppState)] {
        let fixture = try F()
        try fixture.buy(F.facePack)
        try fixture.buy(F.drummer)
        try fixture.buy(F.monthly)
        let start = fixture.state()
        func opened(_ keys: Key...) -> AppState {
            var state = start
            for key in keys { state.send(key) }
            return state
        }
        var alert = start
        alert.report(Alert(title: "Refused", message: "Why not.", tone: .warning))
        let states: [AppState] = [
            opened(.down),
            opened(.character("/"), .character("e"), .down),
            opened(.enter),
            alert,
            opened(.character("u")),
            opened(.character("l"), .down),
            opened(.character("l"), .down, .down, .down, .down, .enter, .character("d")),
            opened(.character("t"), .down),
            opened(.character("t"), .end, .character("R")),
            opened(.character("s"), .down),
            opened(.character("?"), .down),
        ]
        return states.map { (KeyContext.of($0), $0) }
    }

    /// The screen's topic in the help, for the screens `?` can be pressed on.
    static func topic(of state: AppState) -> HelpTopic? {
        state.overlays.last.map { $0.helpTopic } ?? (state.isSearching ? .search : .main)
    }

    @Test("The states cover every screen")
    func coverage() throws {
        let covered = Set(try Self.statesOfEveryScreen().map(\.0))
        #expect(covered == Set(KeyContext.allCases).subtracting([.everywhere]))
    }

    @Test("Every binding of every screen is in the help, and a screen's own come first in its help")
    func everyBindingInHelp() throws {
        for context in KeyContext.allCases {
            for line in context.table.helpLines {
                #expect(KeyHelp.all.contains(line), "\(context): \(line.keys) is not in the help")
            }
        }
        for (context, state) in try Self.statesOfEveryScreen() {
            guard let topic = Self.topic(of: state) else { continue }
            let lines = KeyHelp.lines(for: topic)
            let firstSection = lines.dropFirst().prefix { !$0.keys.isEmpty }
            for line in context.table.helpLines {
                #expect(firstSection.contains(line), "\(context): \(line.keys) is not among the first lines of its help")
            }
        }
    }

    @Test("Every footer hint names keys the screen takes now")
    func hintsAreBindings() throws {
        for (context, state) in try Self.statesOfEveryScreen() {
            let hints = KeyHelp.footerHints(for: state)
            #expect(!hints.isEmpty, "\(context) offers no keys")
            for hint in hints {
                let key = try #require(hint.keys.first, "\(context): hint \(hint.key) has no key")
                #expect(context.table.isAvailable(key, state) == true, "\(context): \(hint.key) is offered but not taken")
            }
        }
    }

    @Test("Every key bound on a screen and available there changes the state or asks the store for something")
    func noDeadKeys() throws {
        for (context, state) in try Self.statesOfEveryScreen() {
            let keys = context.table.boundKeys + EverywhereKeys.table.bindings.flatMap(\.keys) + [.character("x")]
            for key in keys where context.table.isAvailable(key, state) ?? EverywhereKeys.table.lookup(key, in: state)?.isAvailable == true {
                var before = state
                // Arm a confirmation sheet first, so the key is judged and not the typing ahead.
                _ = update(&before, .keyClockTicked(before.keyTime.addingTimeInterval(1)))
                var after = before
                let effects = update(&after, .keyPressed(key))
                #expect(after != before || !effects.isEmpty, "\(context): \(key) does nothing")
            }
        }
    }

    @Test("A bound key that does not apply says why: a transaction action on a transaction it does not fit")
    func unavailableKeySaysWhy() throws {
        let fixture = try F()
        try fixture.buy(F.drummer)
        var state = fixture.state()
        state.send(.character("t"))
        #expect(TransactionsReducer.keys.lookup(.character("N"), in: state)?.isAvailable == false)
        state.send(.character("N"))
        guard case .alert(let alert) = state.overlays.last else {
            Issue.record("N on a comic showed nothing")
            return
        }
        #expect(alert.title == "Not possible")
    }

    /// The lines under the heading `title` in `lines`, up to the next heading.
    static func section(_ title: String, in lines: [KeyHelp.Line]) -> [KeyHelp.Line] {
        let start = lines.firstIndex { $0.keys.isEmpty && $0.meaning == title }.map { $0 + 1 } ?? lines.endIndex
        return Array(lines[start...].prefix { !$0.keys.isEmpty })
    }

    @Test("Every key that closes the help is listed under This help, F1 included")
    func helpListsEveryWayToCloseIt() throws {
        var state = try F().state()
        state.send(.character("?"))
        #expect(KeyContext.of(state) == .help)
        #expect(HelpReducer.keys.bindings.contains { $0.command == .close && $0.keys.contains(.function(1)) },
                "F1 closes the help but its table does not say so")
        let thisHelp = Self.section("This help", in: KeyHelp.all)
        #expect(thisHelp.contains { $0.keys.split(separator: " ").contains("F1") }, "\(thisHelp)")
        for key: Key in [.escape, .enter, .character("?"), .function(1)] {
            var closed = state
            closed.send(key)
            #expect(closed.overlays.isEmpty, "\(key) did not close the help")
        }
    }

    @Test("From every topic, each section lists all of its screens' keys; only ? and q show once", arguments: HelpTopic.allCases)
    func everySectionComplete(topic: HelpTopic) {
        let lines = KeyHelp.lines(for: topic)
        for section in KeyHelp.sections {
            let shown = Self.section(section.title, in: lines)
            for line in section.lines where !line.isShared {
                #expect(shown.contains(line), "\(topic): \(section.title) leaves out \(line.keys)")
            }
        }
    }

    @Test("Every screen that moves a selection or scrolls takes the same movement keys: arrows, k j, PgUp PgDn, Home End, g G")
    func listsMoveAlike() throws {
        let movements: [Key] = [.up, .down, .character("k"), .character("j"), .pageUp, .pageDown,
                                .home, .end, .character("g"), .character("G")]
        // Text fields (search) are left out: there the letters are typed.
        for (context, state) in try Self.statesOfEveryScreen()
        where context.table.isAvailable(.down, state) != nil && context.table.isAvailable(.character("x"), state) == nil {
            for key in movements {
                #expect(context.table.isAvailable(key, state) != nil, "\(context) does not take \(key)")
            }
        }
    }

    @Test("In the settings, G and End go to the last row, g and Home to the first, PgDn and PgUp by a page")
    func settingsEnds() throws {
        var state = try F().state()
        state.send(.character("s"))
        let rows = SettingsScreen.Row.allCases
        func selection() -> SettingsScreen.Row? {
            if case .settings(let screen) = state.overlays.last { return screen.selection }
            return nil
        }
        state.send(.character("G"))
        #expect(selection() == rows.last)
        state.send(.character("g"))
        #expect(selection() == rows.first)
        state.send(.end)
        #expect(selection() == rows.last)
        state.send(.home)
        #expect(selection() == rows.first)
        state.send(.pageDown)
        let page = SettingsView.visibleRows(size: state.size)
        #expect(selection() == rows[min(rows.count - 1, page)])
        state.send(.pageUp)
        #expect(selection() == rows.first)
        let settings = Self.section("Settings", in: KeyHelp.all)
        #expect(settings.contains { $0.keys.contains("g G") }, "\(settings)")
    }

    @Test("At every width the footer keeps every hint when the line fits exactly, with no gap after the last")
    func footerFitsExactly() throws {
        let fixture = try F()
        try fixture.buy(F.drummer, buyer: Buyer(account: "tester", device: "phone"))
        for width in 60...120 {
            let state = fixture.state(size: Size(width: width, height: 30))
            let hints = KeyHelp.footerHints(for: state)
            let line = " " + hints.map { "\($0.key) \($0.label)" }.joined(separator: "  ")
            let footer = render(state, size: state.size).rowText(29)
            let shownAll = hints.allSatisfy { footer.contains("\($0.key) \($0.label)") }
            #expect(shownAll == (line.displayWidth <= width), "at \(width) columns the line is \(line.displayWidth): \(footer)")
            #expect(footer.contains("? help") && footer.contains("q quit"), "kept at every width: \(footer)")
        }
    }
}
