import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StorefrontRuntime
@testable import StorefrontTesting

/// Switching account while the store cannot be read: the screen shows nothing of the previous
/// account's under the new name, raises no alert, and fills in once the store answers.
@Suite("Update: switching account while the store is unreachable")
struct AccountSwitchWhileUnreachableTests {
    typealias F = StorefrontFixture

    static let other = Buyer(account: "other", device: "default")

    @Test("The new account's numbers are unknown, not the previous account's; loading raises no alert")
    func switchShowsUnknown() throws {
        let fixture = try F()
        try fixture.buy(F.lives)
        try fixture.buy(F.facePack, buyer: Self.other)
        var state = fixture.state()
        fixture.log.isReachable = false
        _ = update(&state, .storeUnreachable(reason: "connection refused"))

        let effects = state.switchBuyer(Self.other, storefront: "USA")
        #expect(effects == [.loadSnapshot(buyer: Self.other, storefront: "USA")])
        #expect(state.snapshot.buyer == Self.other)
        #expect(!state.snapshot.isRead)
        #expect(state.snapshot.entitlements == .none)
        #expect(state.snapshot.transactions.isEmpty)
        let header = render(state, size: state.size).rowText(1)
        #expect(header.contains("Rage Faces: ?") && header.contains("Extra Lives: ?"), "\(header)")
        // A credit pack, then (two rows down, past the other pack) a non-consumable: neither is
        // said to be available, nor a balance given.
        for moves in [0, 2] {
            for _ in 0..<moves { state.send(.down) }
            let pane = render(state, size: Size(width: 100, height: 30)).rowTexts.joined(separator: "\n")
            #expect(pane.contains("Not read yet for this account"), "\(pane)")
            #expect(!pane.contains("Available") && !pane.contains("Your balance"), "\(pane)")
        }
        #expect(state.selectedProduct?.type == .nonConsumable)
        // A subscription with an introductory offer: whether the buyer may still take it is not known.
        while state.selectedProduct?.id != "com.example.rage.pro.monthly" { state.send(.down) }
        let offers = render(state, size: Size(width: 100, height: 30)).rowTexts.joined(separator: "\n")
        #expect(offers.contains("Rage Pro (Monthly)") && !offers.contains("Intro offer"), "\(offers)")

        let actions = EffectRunner(store: fixture.store).run(effects[0], storefront: "USA")
        #expect(actions == [.storeUnreachable(reason: "connection refused")])
        for action in actions { _ = update(&state, action) }
        #expect(state.overlays.isEmpty, "an alert nobody asked for")
        #expect(state.readOnlyReason?.hasPrefix("The store is unreachable; retrying.") == true)
        state.send(.character("t"))
        let list = render(state, size: state.size).rowTexts.joined(separator: "\n")
        #expect(list.contains("Not read yet: the store cannot be read now"), "\(list)")
        #expect(list.contains("The store is unreachable; retrying."), "the transactions window hides why: \(list)")
        #expect(!list.contains("No transactions yet"), "an account whose history is not read is not said to have none")
    }

    @Test("Once the store answers, the new account's own numbers show")
    func reconnectFillsIn() throws {
        let fixture = try F()
        try fixture.buy(F.lives)
        try fixture.buy(F.facePack, buyer: Self.other)
        var state = fixture.state()
        _ = update(&state, .storeUnreachable(reason: "connection refused"))
        _ = state.switchBuyer(Self.other, storefront: "USA")
        _ = update(&state, .storeReconnected)
        _ = update(&state, EffectRunner(store: fixture.store).snapshot(Self.other, "USA"))
        #expect(state.snapshot.isRead)
        let header = render(state, size: state.size).rowText(1)
        #expect(header.contains("Rage Faces: 5") && header.contains("Extra Lives: 0"), "\(header)")
    }

    @Test("A snapshot of the previous account arriving late is not shown under the new name")
    func lateSnapshotIgnored() throws {
        let fixture = try F()
        try fixture.buy(F.lives)
        var state = fixture.state()
        let previous = fixture.snapshot()
        _ = state.switchBuyer(Self.other, storefront: "USA")
        _ = update(&state, .storeChanged(previous))
        #expect(!state.snapshot.isRead)
        #expect(state.snapshot.balance(of: "extra-lives") == 0)
    }

    @Test("A ledger file that cannot be read makes the switch show the banner, not an alert")
    func unreadableFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-switch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/entitlements.jsonl"
        let store = try Store(catalog: try F().catalog, log: try LedgerEventLog.open(path: path))
        _ = try store.purchase(F.lives, buyer: Buyer(), storefront: "USA")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)

        let actions = EffectRunner(store: store).run(.loadSnapshot(buyer: Self.other, storefront: "USA"), storefront: "USA")
        // The file answered with an error: the banner says it cannot be read, not that it is unreachable.
        guard case .storeRefusedReading(let reason)? = actions.first, actions.count == 1 else {
            Issue.record("expected only the banner's action, got \(actions)")
            return
        }
        #expect(reason.contains(path), "\(reason)")
    }
}
