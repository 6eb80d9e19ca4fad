import Foundation
import Testing
@testable import StoreEngine
@testable import StoreNotifications

/// Get Notification History's filters and pages over the store's notifications.
@Suite struct NotificationHistoryQueryTests {
    let fixture: NotificationFixture

    init() throws {
        fixture = try NotificationFixture()
        try fixture.set(.notificationURL, "http://127.0.0.1:9/n")
    }

    func page(_ query: NotificationHistoryQuery) throws -> (kinds: [String], next: Int?) {
        let fold = try fixture.feed().refresh()
        let page = query.page(of: fold.notifications) { fold.state.transactions[$0]?.originalID }
        return (page.items.map { [$0.type.rawValue, $0.subtype?.rawValue].compactMap { $0 }.joined(separator: "/") }, page.next)
    }

    @Test func typeSubtypeDatesAndTransactionFilter() throws {
        let start = fixture.store.now()
        try fixture.buy(Rage.yearly)
        try fixture.advance("P1Y") // the renewal falls at the new store time
        try fixture.advance("P1D")
        let middle = fixture.store.now()
        try fixture.buy(Rage.drummer)
        let all = NotificationHistoryQuery(start: start, end: .distantFuture)
        #expect(try page(all).kinds == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "ONE_TIME_CHARGE"])
        var renewals = all
        renewals.type = .didRenew
        #expect(try page(renewals).kinds == ["DID_RENEW"])
        var initial = all
        initial.subtype = .initialBuy
        #expect(try page(initial).kinds == ["SUBSCRIBED/INITIAL_BUY"])
        // startDate counts, endDate does not.
        #expect(try page(NotificationHistoryQuery(start: middle, end: .distantFuture)).kinds == ["ONE_TIME_CHARGE"])
        #expect(try page(NotificationHistoryQuery(start: start, end: middle)).kinds == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
        // Any transaction of a subscription finds all of its notifications.
        let renewal = try #require(try fixture.notifications().first { $0.type == .didRenew }?.transactionID)
        var subscription = all
        subscription.transactionID = renewal
        #expect(try page(subscription).kinds == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
    }

    @Test func notificationsMadeWithoutAURLAreNotInTheHistory() throws {
        try fixture.set(.notificationURL, "none")
        try fixture.buy(Rage.drummer)
        try fixture.set(.notificationURL, "http://127.0.0.1:9/n")
        try fixture.buy(Rage.yearly)
        #expect(try fixture.notifications().count == 2, "both are made and listed")
        #expect(try page(NotificationHistoryQuery(start: .distantPast, end: .distantFuture)).kinds == ["SUBSCRIBED/INITIAL_BUY"])
    }

    @Test func pagesHoldTwentyAndTheTokenNamesTheNext() throws {
        for _ in 0..<25 {
            try #require(try fixture.buy(Rage.face) != nil)
            // Spent at once, so the balance never reaches the credit's maximum.
            _ = try fixture.store.spend("rage-faces", amount: 5, buyer: phone)
        }
        let first = try page(NotificationHistoryQuery(start: .distantPast, end: .distantFuture))
        #expect(first.kinds.count == 20 && first.next == 20)
        let token = NotificationHistoryQuery.paginationToken(offset: try #require(first.next))
        let offset = try #require(NotificationHistoryQuery.offset(fromPaginationToken: token))
        let second = try page(NotificationHistoryQuery(start: .distantPast, end: .distantFuture, offset: offset))
        #expect(second.kinds.count == 5 && second.next == nil)
        #expect(NotificationHistoryQuery.offset(fromPaginationToken: "page--1") == nil)
        #expect(NotificationHistoryQuery.offset(fromPaginationToken: "20") == nil)
    }

    @Test func onlyFailuresKeepsWhatDidNotReachTheServer() throws {
        try fixture.buy(Rage.drummer)
        try fixture.buy(Rage.nightly)
        let made = try fixture.notifications()
        let ids = made.map(\.id)
        try fixture.store.recordAttempt(at: made[0], outcome: .answered(statusCode: 200), sentAt: Date())
        try fixture.store.recordAttempt(at: made[1], outcome: .failed(.refused), sentAt: Date())
        let failures = NotificationHistoryQuery(start: .distantPast, end: .distantFuture, onlyFailures: true)
        let fold = try fixture.feed().refresh()
        #expect(failures.page(of: fold.notifications) { _ in nil }.items.map(\.id) == [ids[1]])
    }
}
