import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger
@testable import StorefrontTesting

/// Fields stored as text on disk are read into typed values; text that is not one of them is
/// a ledger problem naming the line and the field, never a default.
@Suite("Store events: typed field texts")
struct StoreEventFieldTextTests {
    /// An event as loose text, so a test can write what the store never would (with valid MACs).
    private struct LooseEvent: Codable, Sendable {
        var kind: String
        var time = LedgerTestClock.fixed
        var app = "com.example.rage"
        var account = "tester"
        var device = "phone"
        var transactionId: String?
        var productId: String?
        var productType: String?
        var awaiting: String?
        var offer: String?
        var setting: String?
        var value: String?
        var originalTransactionId: String?
        var keyId: String?
        var issuerId: String?
    }

    private static func purchase(awaiting: String? = nil, offer: String? = nil) -> LooseEvent {
        LooseEvent(kind: "purchase", transactionId: "2000000000000001", productId: "com.example.rage.pro.monthly",
                   productType: "autoRenewable", awaiting: awaiting, offer: offer)
    }

    /// The problems reading `events` (after one sound event) as store events reports.
    private static func problems(reading events: [LooseEvent]) throws -> [LedgerProblem] {
        let directory = try LedgerTestDirectory()
        let sound = LooseEvent(kind: "resetDevice")
        try LedgerFile<LooseEvent>(path: directory.ledgerPath).append([sound] + events)
        return try LedgerFile<StoreEvent>(path: directory.ledgerPath).readNew().problems
    }

    /// Expects `event`, written as the ledger's third line, to be reported malformed on that
    /// line with a reason naming `field`.
    private static func expectMalformedLine3(naming field: String, reading event: LooseEvent) throws {
        let problems = try problems(reading: [event])
        guard case let .malformed(line, reason)? = problems.first else {
            Issue.record("expected a malformed line, got \(problems)")
            return
        }
        #expect(line == 3)
        #expect(reason.contains("\"\(field)\""), "\(reason)")
    }

    @Test("the texts the store writes read back as the typed values", arguments: [
        ("approval", PurchaseWait.approval), ("action", .action),
    ])
    func waits(text: String, wait: PurchaseWait) throws {
        let directory = try LedgerTestDirectory()
        try LedgerFile<LooseEvent>(path: directory.ledgerPath).append([Self.purchase(awaiting: text, offer: "promotional:back")])
        let entries = try LedgerFile<StoreEvent>(path: directory.ledgerPath).readNew().entries
        #expect(entries.first?.event.awaiting == wait)
        #expect(entries.first?.event.offer == .promotional(id: "back"))
    }

    @Test("every offer the store can record keeps its text on disk", arguments: [
        AppliedOffer.introductory(.freeTrial), .introductory(.payAsYouGo), .introductory(.payUpFront),
        .promotional(id: "rage.pro.comeback"), .promotional(id: "with:colon"),
    ])
    func offerTexts(offer: AppliedOffer) throws {
        #expect(AppliedOffer(rawValue: offer.rawValue) == offer)
        let json = try LedgerDateEncoding.iso8601.makeEncoder().encode([offer])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(offer.rawValue)\"]")
    }

    @Test("an unknown wait is a problem on its line naming the field")
    func unknownWait() throws {
        try Self.expectMalformedLine3(naming: "awaiting", reading: Self.purchase(awaiting: "parent"))
    }

    @Test("an unknown offer is a problem on its line naming the field", arguments: [
        "introductory:freeTrail", "promotional:", "trial", "",
    ])
    func unknownOffer(text: String) throws {
        try Self.expectMalformedLine3(naming: "offer", reading: Self.purchase(offer: text))
    }

    @Test("a setting with a value it does not take is a problem naming the field", arguments: [
        ("ask-to-buy", "yes", "value"), ("purchases-allowed", "", "value"), ("next-purchase", "explode", "value"),
        ("fail.purchase", "network:twice", "value"), ("ask-to-buy-now", "true", "setting"), ("fail.nothing", "none", "setting"),
    ])
    func badSetting(name: String, value: String, field: String) throws {
        try Self.expectMalformedLine3(naming: field, reading: LooseEvent(kind: "setting", setting: name, value: value))
    }

    @Test("a setting event without its value, or an auto-renew switch that is neither on nor off, is a problem")
    func missingOrUnknownValues() throws {
        try Self.expectMalformedLine3(naming: "value", reading: LooseEvent(kind: "setting", setting: "ask-to-buy"))
        try Self.expectMalformedLine3(naming: "value", reading: LooseEvent(kind: "cancelRenewal", value: "sideways",
                                                                           originalTransactionId: "2000000000000001"))
    }

    @Test("an in-app purchase key event without its key id, issuer or public key is a problem naming the field")
    func keyEventsNeedTheirFields() throws {
        try Self.expectMalformedLine3(naming: "keyId", reading: LooseEvent(kind: "inAppPurchaseKeyRevoked"))
        try Self.expectMalformedLine3(naming: "publicKey", reading: LooseEvent(kind: "inAppPurchaseKey", keyId: "ABCDE12345",
                                                                               issuerId: "57246542-96fe-1a63-e053-0824d011072a"))
    }

    @Test("every setting value the store accepts reads back as the change it wrote")
    func settingsRoundTrip() throws {
        for setting in StoreSetting.allCases {
            for value in setting.allowedValues {
                let change = try SettingChange(setting: setting.rawValue, value: value)
                #expect(change.settingText == setting.rawValue && change.valueText == value)
            }
        }
        for operation in StoreOperation.allCases {
            for failure in [nil, InjectedFailure(error: .network, once: true), InjectedFailure(error: .unknown, once: false)] {
                let change = SettingChange.failure(operation, failure)
                #expect(try SettingChange(setting: change.settingText, value: change.valueText) == change)
            }
        }
    }
}
