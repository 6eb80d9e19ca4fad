import Foundation
import StoreCatalog
import StoreEngine
@testable import StoreServer
import StorefrontTesting
import XCTest

/// Refund history's revision over refunds made in one second (as the ledger dates them): a
/// refund made after the kept revision, in the same second, is sent next, never skipped.
final class RefundPagingTests: XCTestCase {
    func testARefundInTheSameSecondAsTheLastOneSentIsNotSkipped() throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_796_000_000))
        let store = try Store(catalog: try CatalogLoader.loadBundled("Rage"), log: InMemoryEventLog().connection(), clock: clock)
        let buyer = Buyer(account: "tester", device: "phone")
        let bought = try (0..<4).map { _ in
            try XCTUnwrap(try store.purchase("com.example.rage.lives.3", buyer: buyer, storefront: "USA").transaction?.id)
        }
        clock.advance(by: 60)
        // Refunded newest first, all in one second.
        _ = try store.refund(bought[3])
        _ = try store.refund(bought[2])
        let refunded = { () -> [TransactionRecord] in store.snapshot.transactions(of: "tester").filter { $0.state == .refunded } }
        let first = try RevisionPaging.refundPage(refunded(), after: nil)
        XCTAssertEqual(first.items.map(\.id), [bought[2], bought[3]], "one second: by transaction")
        XCTAssertFalse(first.hasMore)
        // A refund of an earlier purchase in that same second comes after the kept revision.
        _ = try store.refund(bought[0])
        let next = try RevisionPaging.refundPage(refunded(), after: first.revision)
        XCTAssertEqual(next.items.map(\.id), [bought[0]], "before: skipped, as it sorted before the last one sent")
        // And a later second's refund after that, with nothing sent twice.
        clock.advance(by: 5)
        _ = try store.refund(bought[1])
        let last = try RevisionPaging.refundPage(refunded(), after: next.revision)
        XCTAssertEqual(last.items.map(\.id), [bought[1]])
        let none = try RevisionPaging.refundPage(refunded(), after: last.revision)
        XCTAssertTrue(none.items.isEmpty)
        XCTAssertEqual(none.revision, last.revision, "a page that sends nothing gives back the revision it was asked with")
    }
}
