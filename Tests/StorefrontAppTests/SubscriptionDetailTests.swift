import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp

/// The detail pane of a subscription: its first line whole at every window size, and why it
/// ended in words rather than StoreKit's raw reason.
@Suite("Render: a subscription's details, whole and in words")
struct SubscriptionDetailTests {
    typealias F = StorefrontFixture

    /// The rows of the storefront at `size` with the monthly plan selected, after `expire`.
    private func expiredMonthly(size: Size) throws -> [String] {
        let fixture = try F()
        try fixture.buy(F.monthly)
        try fixture.store.expire(F.monthly, buyer: fixture.buyer)
        var state = fixture.state(size: size)
        SheetsAndPanesTests.select(F.monthly, in: &state)
        return SheetsAndPanesTests.rowTexts(state)
    }

    @Test("after expire the pane says the subscription was ended by hand, not \"ended: unknown\"")
    func expiredByHandIsSaidInWords() throws {
        let screen = try expiredMonthly(size: Size(width: 100, height: 30)).joined(separator: "\n")
        #expect(screen.contains("State expired · ended by hand"), "\(screen)")
        #expect(!screen.contains("unknown"), "\(screen)")
    }

    @Test("the first line (type and price) is never cut", arguments: [Size(width: 100, height: 30), Size(width: 80, height: 24)])
    func firstLineIsWhole(size: Size) throws {
        let rows = try expiredMonthly(size: size)
        #expect(rows.contains { $0.contains("$2.99/month") }, "\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("Auto-renewable subscription · $") && $0.contains("…") }, "\(rows.joined(separator: "\n"))")
    }
}
