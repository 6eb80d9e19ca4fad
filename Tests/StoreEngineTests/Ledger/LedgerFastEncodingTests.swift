import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger

/// The fast ledger-line writer must produce exactly the bytes `JSONEncoder` does.
@Suite("Ledger lines: writing events without JSONEncoder")
struct LedgerFastEncodingTests {
    private let encoder = LedgerDateEncoding.iso8601.makeEncoder()

    /// An event with every field set.
    private func fullEvent(_ random: inout SystemRandomNumberGenerator, time: Date) -> StoreEvent {
        func text() -> String {
            let pieces = ["a", "Z", "0", "/", " ", "é", "日本", "😀", "-", "@", ".", "\u{7F}", "\u{2028}"]
            return (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        var event = StoreEvent(kind: StoreEvent.Kind.allCasesForTests.randomElement(using: &random)!, time: time,
                               app: text(), account: text(), device: text())
        event.transactionId = text(); event.originalTransactionId = text(); event.replacesTransactionId = text()
        event.productId = text(); event.productType = .autoRenewable; event.quantity = Int.random(in: -5...Int.max, using: &random)
        event.price = "0.99"; event.currency = text(); event.storefront = text(); event.credit = text()
        event.amount = Int.random(in: Int.min...Int.max, using: &random); event.shortfall = 0
        event.expiresDate = time.addingTimeInterval(86_400.5); event.offer = Bool.random(using: &random) ? .promotional(id: text()) : .introductory(.payUpFront); event.reason = text()
        event.transactionIds = [text(), text()]; event.setting = text(); event.value = text(); event.spendId = text()
        event.storeTime = time.addingTimeInterval(-0.25); event.realTime = time; event.rate = .monthEvery5Minutes
        event.renewalKey = text(); event.graceExpiresDate = time; event.awaiting = .action
        event.unfinished = Bool.random(using: &random); event.proratedRefund = "1.5"; event.group = text(); event.duration = text()
        event.offerPeriodsLeft = 2; event.appAccountToken = text()
        event.keyId = text(); event.issuerId = text(); event.publicKey = text(); event.offerNonce = text()
        event.consumption = text(); event.extendByDays = 90; event.extendReasonCode = 3; event.requestIdentifier = text()
        event.notificationId = text(); event.statusCode = Int.random(in: Int.min...Int.max, using: &random)
        event.notificationSeq = Int.random(in: 0...Int.max, using: &random); event.notificationIndex = Int.random(in: 0...9, using: &random)
        return event
    }

    @Test("every field, in every kind, with odd texts and fractional dates, as JSONEncoder writes it")
    func matchesTheEncoder() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let time = Date(timeIntervalSince1970: Double.random(in: -2_000_000_000...4_000_000_000, using: &random))
            let event = fullEvent(&random, time: time)
            let fast = try #require(event.ledgerLineJSON(dateEncoding: .iso8601))
            #expect(fast == Array(try encoder.encode(event)), "\(String(decoding: fast, as: UTF8.self))")
        }
    }

    @Test("the full event used above sets every field StoreEvent has, so a new field cannot be missed")
    func everyFieldIsCovered() {
        var random = SystemRandomNumberGenerator()
        let event = fullEvent(&random, time: Date())
        let unset = Mirror(reflecting: event).children.filter { child in
            let value = Mirror(reflecting: child.value)
            return value.displayStyle == .optional && value.children.isEmpty
        }
        #expect(unset.map { $0.label ?? "?" } == [], "set these in fullEvent and write them in ledgerLineJSON")
    }

    @Test("only the required fields; texts that need escaping and millisecond ledgers fall back")
    func fallbacks() throws {
        let plain = StoreEvent(kind: .restore, time: Date(timeIntervalSince1970: 0), app: "a", account: "b", device: "c")
        #expect(plain.ledgerLineJSON(dateEncoding: .iso8601) == Array(try encoder.encode(plain)))
        for awkward in ["quote\"", "back\\slash", "new\nline", "\u{1}"] {
            var event = plain
            event.reason = awkward
            #expect(event.ledgerLineJSON(dateEncoding: .iso8601) == nil)
        }
        #expect(plain.ledgerLineJSON(dateEncoding: .iso8601WithMilliseconds) == nil)
        var far = plain
        far.time = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(far.ledgerLineJSON(dateEncoding: .iso8601) == nil)
    }

    @Test("dates across the years 1600 to 9999 read as the encoder writes them; earlier ones fall back")
    func dates() throws {
        struct Wrapped: Encodable { var date: Date }
        var random = SystemRandomNumberGenerator()
        let edges: [Double] = [-11_676_096_000, 253_402_300_799, 0, -1, 951_782_400, 951_868_799, 4_107_542_400]
        let samples = edges + (0..<5_000).map { _ in Double(Int.random(in: -11_676_096_000...253_402_300_799, using: &random)) }
        #expect(FlatJSONObjectWriter.iso8601(secondsSince1970: -11_676_096_001) == nil)
        #expect(FlatJSONObjectWriter.iso8601(secondsSince1970: 253_402_300_800) == nil)
        for seconds in samples {
            let json = String(decoding: try encoder.encode(Wrapped(date: Date(timeIntervalSince1970: seconds))), as: UTF8.self)
            let text = try #require(FlatJSONObjectWriter.iso8601(secondsSince1970: Int(seconds)))
            #expect(json == "{\"date\":\"\(text)\"}")
        }
    }
}

extension StoreEvent.Kind {
    static let allCasesForTests: [StoreEvent.Kind] = [
        .purchase, .purchaseFailed, .spend, .refund, .restore, .setting, .resetDevice, .clock, .renew, .billingRetry,
        .graceEnded, .expire, .cancelRenewal, .pendingChange, .approve, .decline, .resolve, .finish, .failureConsumed,
        .inAppPurchaseKey, .inAppPurchaseKeyRevoked, .testNotification, .notificationAttempt,
    ]
}
