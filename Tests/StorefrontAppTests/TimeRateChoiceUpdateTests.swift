import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The settings screen's time rate: stepping only shows rates; Enter applies the one shown.
@Suite("Update: choosing a time rate")
struct TimeRateChoiceUpdateTests {
    typealias F = StorefrontFixture

    @Test("Stepping through 13 rates and applying one records one clock change and no jump")
    func stepsCommitOnlyTheChosenRate() throws {
        let fixture = try F()
        var state = fixture.state()
        state.send(.character("s"))
        for _ in 0..<7 { state.send(.down) }
        var effects: [Effect] = []
        for _ in 0..<13 { effects += state.send(.right) }
        #expect(effects.isEmpty)
        effects = state.send(.enter)
        #expect(effects == [.setTimeRate(.dayEvery30Minutes, buyer: fixture.buyer)])
        try fixture.run(effects, on: &state)
        let clockEvents = fixture.log.allEvents.filter { $0.kind == .clock }
        #expect(clockEvents.count == 1)
        #expect(state.snapshot.timeline.rate == .dayEvery30Minutes)
        #expect(fixture.store.now() == F.start)
    }

    @Test("← steps back, and moving to another row drops the rate not applied")
    func leavingTheRowForgetsTheDraft() throws {
        var state = try F().state()
        state.send(.character("s"))
        for _ in 0..<7 { state.send(.down) }
        #expect(state.send(.left).isEmpty)
        guard case .settings(let screen) = state.top else { Issue.record("settings closed"); return }
        #expect(screen.draftTimeRate == .dayEverySecond)
        state.send(.down)
        guard case .settings(let moved) = state.top else { Issue.record("settings closed"); return }
        #expect(moved.draftTimeRate == nil)
    }
}
