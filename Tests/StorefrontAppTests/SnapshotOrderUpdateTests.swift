import Foundation
import StoreEngine
import Testing
@testable import StorefrontApp

/// Snapshots reach the state from two threads (the loop that follows the store, the worker that
/// ran an operation), so they may arrive out of order; the newer one must stay on screen.
@Suite("Update: a snapshot taken earlier never replaces a newer one")
struct SnapshotOrderUpdateTests {
    typealias F = StorefrontFixture

    @Test("The worker's snapshot from before another process's spend, arriving after the loop showed that spend, is dropped")
    func olderSnapshotArrivingLateIsDropped() throws {
        let fixture = try F()
        try fixture.buy(F.facePack)
        var state = fixture.state()
        // The worker spent and took its snapshot; before it was delivered, another process spent
        // too, and the loop read that and showed it.
        _ = try fixture.store.spend("rage-faces", buyer: fixture.buyer)
        let workers = fixture.snapshot()
        _ = try RunLoopChangeSignalTests.otherProcess(fixture).spend("rage-faces", buyer: fixture.buyer)
        #expect(try fixture.store.refresh())
        _ = update(&state, .storeChanged(fixture.snapshot()))
        #expect(state.snapshot.balance(of: "rage-faces") == 3)
        _ = update(&state, .storeChanged(workers))
        #expect(state.snapshot.balance(of: "rage-faces") == 3, "the balance before the other process's spend came back")
    }

    @Test("A snapshot taken with nothing new since is still taken (the same revision)")
    func sameRevisionIsTaken() throws {
        let fixture = try F()
        var state = fixture.state()
        try fixture.buy(F.facePack)
        let first = fixture.snapshot()
        _ = update(&state, .storeChanged(first))
        var again = fixture.snapshot()
        again.serverSide.servingAddress = "127.0.0.1:8080"
        _ = update(&state, .storeChanged(again))
        #expect(state.snapshot.serverSide.servingAddress == "127.0.0.1:8080")
        #expect(state.snapshot.balance(of: "rage-faces") == 5)
    }
}
