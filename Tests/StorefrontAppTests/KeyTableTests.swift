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

    @Test("At every width the footer keeps its last hint when the line fits exactly, with no gap after it")
    func footerFitsExactly() throws {
        let fixture = try F()
        try fixture.buy(F.drummer, buyer: Buyer(account: "tester", device: "phone"))
        for width in 60...120 {
            let state = fixture.state(size: Size(width: width, height: 30))
            let hints = KeyHelp.footerHints(for: state)
            let line = " " + hints.map { "\($0.key) \($0.label)" }.joined(separator: "  ")
            let last = try #require(hints.last)
            let footer = render(state, size: state.size).rowText(29)
            let shown = footer.contains("\(last.key) \(last.label)")
            #expect(shown == (line.displayWidth <= width), "at \(width) columns the line is \(line.displayWidth): \(footer)")
        }
    }
}
