import Foundation
import Testing
@testable import StoreEngine
@testable import StoreCatalog

/// A torn last line moved aside by a command the store then refuses is still reported: the
/// ledger file changed, so the user must be told where the bytes went.
@Suite("Store: torn last line reported by a refused command")
struct StoreTornTailTests {
    @Test("a refund refused after its commit moved a torn line aside still reports the move")
    func refusedRefundReportsTornTail() throws {
        let directory = try LedgerTestDirectory()
        let catalog = try CatalogLoader.loadBundled()
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let writer = try Store(catalog: catalog, log: try LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
        let bought = try writer.purchase(Rage.face, buyer: phone, storefront: "USA")
        let id = try #require(writer.transactions(for: phone.account).first { $0.productID == Rage.face }?.id, "\(bought)")
        _ = try writer.refund(id)
        try LedgerTestFiles.append(Array(#"{"seq":3,"amount":1,"ki"#.utf8), to: directory.ledgerPath)

        let store = try Store(catalog: catalog, log: try LedgerEventLog.open(path: directory.ledgerPath), clock: clock)
        #expect(throws: StoreError.self) { try store.refund(id) }
        let torn = try #require(store.tornTail, "the torn line was moved aside without a report")
        #expect(torn.byteCount == 23)
        #expect(FileManager.default.fileExists(atPath: torn.movedTo))
    }
}
