import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger

/// The fast path that reads `StoreEvent`s from ledger lines gives exactly what `JSONDecoder`
/// gives, and leaves every line it does not handle to `JSONDecoder`.
@Suite("Ledger fast decoding: StoreEvent lines")
struct LedgerFastDecodingTests {
    /// An event with every field set; `everyFieldIsSet` checks that none was forgotten.
    static let complete: StoreEvent = {
        var event = StoreEvent(kind: .renew, time: Date(timeIntervalSince1970: 1_796_000_000), app: "com.example.app",
                               account: "tester", device: "phone")
        event.transactionId = "2000000000000042"
        event.originalTransactionId = "2000000000000001"
        event.replacesTransactionId = "2000000000000007"
        event.productId = "com.example.app.pro"
        event.productType = .autoRenewable
        event.quantity = 2
        event.price = "4.99"
        event.currency = "EUR"
        event.storefront = "DEU"
        event.credit = "coins"
        event.amount = 5
        event.shortfall = 1
        event.expiresDate = Date(timeIntervalSince1970: 1_798_592_000)
        event.offer = .introductory(.freeTrial)
        event.reason = "a \"quoted\" reason\\with a backslash\nand a newline, ü and 💳"
        event.transactionIds = ["2000000000000001", "2000000000000002"]
        event.setting = "ask-to-buy"
        event.value = "true"
        event.spendId = "0f8fad5b-d9cb-469f-a165-70867728950e"
        event.keyId = "ABCDE12345"
        event.issuerId = "57246542-96fe-1a63-e053-0824d011072a"
        event.publicKey = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"
        event.offerNonce = "2c4b4e3e-6d5f-4b57-9d7e-0d6b9c3f2a10"
        event.consumption = #"{"consumptionStatus":1,"customerConsented":true}"#
        event.extendByDays = 30
        event.extendReasonCode = 1
        event.requestIdentifier = "8f2c1a4e-5b3d-4c6e-9a7f-1e2d3c4b5a69"
        event.notificationId = "0b6c5a1e-93d2-8f41-a7c0-3d5e2f1b4c68"
        event.notificationSeq = 7
        event.notificationIndex = 1
        event.statusCode = 503
        event.storeTime = Date(timeIntervalSince1970: 1_800_000_000)
        event.realTime = Date(timeIntervalSince1970: 1_796_000_001)
        event.rate = .monthEvery5Minutes
        event.renewalKey = "2000000000000001@1798592000"
        event.graceExpiresDate = Date(timeIntervalSince1970: 1_799_000_000)
        event.awaiting = .approval
        event.unfinished = true
        event.proratedRefund = "1.23"
        event.group = "pro"
        event.duration = "P3M"
        event.offerPeriodsLeft = 3
        event.appAccountToken = "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b"
        return event
    }()

    /// The content of a ledger line for `event`, as the ledger writes it (without the MAC).
    static func line(_ event: StoreEvent, sequence: Int = 7) throws -> [UInt8] {
        let json = Array(try LedgerDateEncoding.iso8601.makeEncoder().encode(event))
        return try LedgerLineCodec.eventContent(sequence: sequence, eventJSON: json) + Array(#","mac":"00"}"#.utf8)
    }

    static func fast(_ line: [UInt8]) -> StoreEvent? {
        line.withUnsafeBufferPointer { StoreEvent.decodeLedgerLine($0, dateEncoding: .iso8601) }
    }

    static func slow(_ line: [UInt8]) throws -> StoreEvent {
        try LedgerDateEncoding.iso8601.makeDecoder().decode(StoreEvent.self, from: Data(line))
    }

    @Test("the complete test event sets every field of StoreEvent (add new fields to it and to the fast path)")
    func everyFieldIsSet() {
        let unset = Mirror(reflecting: Self.complete).children.filter { child in
            let mirror = Mirror(reflecting: child.value)
            return mirror.displayStyle == .optional && mirror.children.isEmpty
        }
        #expect(unset.map { $0.label ?? "?" } == [])
    }

    @Test("an event with every field decodes on the fast path exactly as JSONDecoder decodes it")
    func completeEvent() throws {
        let line = try Self.line(Self.complete)
        let fast = try #require(Self.fast(line))
        #expect(fast == (try Self.slow(line)))
        #expect(fast == Self.complete)
    }

    @Test("events of every kind the store writes decode on the fast path as JSONDecoder decodes them")
    func storeWrittenEvents() throws {
        let fixture = try StoreFixture()
        let store = try fixture.store()
        _ = try store.purchase(Rage.face, buyer: phone, storefront: "DEU")
        _ = try store.purchase(Rage.drummer, buyer: phone, storefront: "JPN")
        _ = try store.purchase(Rage.monthly, buyer: phone, storefront: "USA")
        _ = try store.spend("rage-faces", amount: 2, buyer: phone)
        _ = try store.restore(tablet)
        try store.set(.askToBuy, to: "true", for: phone)
        _ = try store.purchase(Rage.season, buyer: phone, storefront: "USA", simulate: .cancel)
        let events = fixture.log.allEvents
        #expect(events.count >= 7)
        for (index, event) in events.enumerated() {
            let line = try Self.line(event, sequence: index + 1)
            #expect(Self.fast(line) == event)
            #expect(Self.fast(line) == (try Self.slow(line)))
        }
    }

    @Test("whole-second UTC timestamps parse to the dates JSONDecoder makes of them", arguments: [
        "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2024-02-29T12:00:00Z", "2025-12-31T23:59:59Z",
        "2100-03-01T00:00:00Z", "1999-12-31T23:59:59Z", "2038-01-19T03:14:08Z", "1900-01-01T00:00:00Z",
    ])
    func timestamps(text: String) throws {
        let expected = try LedgerDateEncoding.iso8601.makeDecoder().decode([Date].self, from: Data("[\"\(text)\"]".utf8))
        #expect(ISO8601SecondsParser.date(from: text) == expected.first)
    }

    @Test("timestamps in any other form are left to the full parser", arguments: [
        "2025-01-02T03:04:05.123Z", "2025-01-02T03:04:05+01:00", "2025-02-29T00:00:00Z", "2025-13-01T00:00:00Z",
        "2025-01-02 03:04:05Z", "2025-01-02T24:00:00Z", "２０２５-01-02T03:04:05Z", "",
    ])
    func unusualTimestamps(text: String) {
        #expect(ISO8601SecondsParser.date(from: text) == nil)
    }

    @Test("lines the fast path does not handle are left to JSONDecoder", arguments: [
        #"{"seq":1, "kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","amount":null,"mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","amount":1.0,"mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","future":1,"mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","app":"b","account":"b","device":"c","mac":"00"}"#,
        #"{"seq":1,"kind":"refill","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05.5Z","app":"a","account":"b","device":"c","mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","amount":"1","mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","amount":01,"mac":"00"}"#,
        #"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","transactionIds":[1],"mac":"00"}"#,
        "{\"seq\":1,\"kind\":\"spend\",\"time\":\"2025-01-02T03:04:05Z\",\"app\":\"a\",\"account\":\"b\u{01}\",\"device\":\"c\",\"mac\":\"00\"}",
    ])
    func unsupportedLines(text: String) {
        #expect(Self.fast(Array(text.utf8)) == nil)
    }

    @Test("escaped strings decode as JSONDecoder decodes them")
    func escapes() throws {
        let text = #"{"seq":1,"kind":"setting","time":"2025-01-02T03:04:05Z","app":"a\/b","account":"\u00fc\ud83d\udcb3","device":"\"\\\b\f\n\r\t","mac":"00"}"#
        let line = Array(text.utf8)
        let fast = try #require(Self.fast(line))
        #expect(fast == (try Self.slow(line)))
        #expect(fast.account == "ü💳")
    }

    @Test("an escaped NUL decodes as JSONDecoder decodes it")
    func escapedNUL() throws {
        let line = Array(#"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b\u0000","device":"c","mac":"00"}"#.utf8)
        let fast = try #require(Self.fast(line))
        #expect(fast == (try Self.slow(line)))
        #expect(fast.account == "b\u{0}")
    }

    @Test("invalid UTF-8 is left to JSONDecoder")
    func invalidUTF8() throws {
        var line = Array(#"{"seq":1,"kind":"spend","time":"2025-01-02T03:04:05Z","app":"a","account":"b","device":"c","mac":"00"}"#.utf8)
        line[try #require(line.firstIndex(of: UInt8(ascii: "b")))] = 0xFF
        #expect(Self.fast(line) == nil)
    }
}
