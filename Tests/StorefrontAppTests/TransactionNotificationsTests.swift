import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
@testable import StorefrontTesting

/// The transaction detail lists the notifications a transaction caused, and the header shows
/// a server serving the ledger.
@Suite("Render: notifications in the transaction detail and the serving badge")
struct TransactionNotificationsTests {
    typealias F = StorefrontFixture

    static let snapshots = Snapshot(besideFile: #filePath)

    /// The transactions screen with the newest transaction selected and two notifications for it.
    static func transactionsWithNotifications(size: Size) throws -> AppState {
        let fixture = try F()
        try fixture.buy(F.facePack)
        try fixture.buy(F.monthly)
        var state = fixture.state(size: size)
        var snapshot = fixture.snapshot()
        let newest = try #require(snapshot.transactions.first)
        snapshot.serverSide.notifications[newest.id] = [
            NotificationLine(kind: "SUBSCRIBED/INITIAL_BUY", state: "delivered", attempts: 1),
            NotificationLine(kind: "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", state: "pending", attempts: 2),
        ]
        _ = update(&state, .storeChanged(snapshot))
        state.send(.character("t"))
        return state
    }

    @Test("The selected transaction's notifications, at 80x24 and 100x30",
          arguments: [Size(width: 80, height: 24), Size(width: 100, height: 30)])
    func detailSnapshot(size: Size) throws {
        let state = try Self.transactionsWithNotifications(size: size)
        let result = Self.snapshots.verify(render(state, size: size), named: "transaction-notifications-\(size.width)x\(size.height)")
        #expect(result.isSuccess, "\(result)")
    }

    @Test func theDetailNamesTypeSubtypeStateAndAttempts() throws {
        let rows = render(try Self.transactionsWithNotifications(size: Size(width: 140, height: 30)),
                          size: Size(width: 140, height: 30)).rowTexts
        let line = try #require(rows.first { $0.contains("Notifications:") })
        #expect(line.contains("SUBSCRIBED/INITIAL_BUY delivered (1 attempt)"), "\(line)")
        #expect(line.contains("DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED pending (2 attempts)"), "\(line)")
    }

    @Test func aTransactionWithoutNotificationsShowsNoNotificationLine() throws {
        var state = try F().state(size: Size(width: 100, height: 30))
        state.send(.character("t"))
        #expect(!render(state, size: state.size).rowTexts.contains { $0.contains("Notifications:") })
    }

    @Test func theHeaderShowsAServingServerAndDropsTheBadgeWhenItStops() throws {
        let size = Size(width: 100, height: 30)
        var state = try F().state(size: size)
        #expect(!render(state, size: size).rowTexts[1].contains("Serving"))
        _ = update(&state, .servingChanged(address: "http://127.0.0.1:8123"))
        #expect(state.snapshot.serverSide.servingAddress == "http://127.0.0.1:8123")
        #expect(render(state, size: size).rowTexts[1].contains("Serving http://127.0.0.1:8123"), "\(render(state, size: size).rowTexts[1])")
        _ = update(&state, .servingChanged(address: nil))
        #expect(!render(state, size: size).rowTexts[1].contains("Serving"))
    }

    @Test func aSnapshotFromTheStoreCarriesItsNotificationsIntoTheState() throws {
        let fixture = try F()
        try fixture.buy(F.monthly)
        var state = fixture.state()
        var snapshot = fixture.snapshot()
        let line = NotificationLine(kind: "SUBSCRIBED/INITIAL_BUY", state: "not-sent", attempts: 0)
        snapshot.serverSide = ServerSide(notifications: ["1": [line]], servingAddress: "http://[::1]:9")
        _ = update(&state, .storeChanged(snapshot))
        #expect(state.snapshot.serverSide.notifications["1"] == [line])
        #expect(state.snapshot.serverSide.servingAddress == "http://[::1]:9")
    }
}
