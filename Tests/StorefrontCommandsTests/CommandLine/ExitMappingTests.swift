import Foundation
import StoreEngine
import StorefrontCommands
import Testing

/// One error, one exit status, from every command.
@Suite("Commands: errors to exit statuses")
struct ExitMappingTests {
    @Test func mistakesInWhatWasTypedExitWithTwoAndStoreRefusalsWithOne() {
        let usage: [StoreError] = [.unknownCredit("x", known: []), .invalidAmount(0),
                                   .invalidSettingValue(setting: "ask-to-buy", value: "maybe", allowed: ["true", "false"]),
                                   .pastLatestStoreTime(Date())]
        let refusals: [StoreError] = [.unknownTransaction("1"), .notRefundable("1", state: .failed),
                                      .unknownSubscription("x", account: "tester"), .freeSubscriptionNotRenewing("x"),
                                      .periodBeginsAfterStoreTimeStops("x", start: Date(), latest: Date())]
        for error in usage { #expect(ExitMapping.exit(for: error).status == .usage, "\(error)") }
        for error in refusals { #expect(ExitMapping.exit(for: error).status == .refused, "\(error)") }
    }

    @Test func theMessageIsTheErrorsOwn() {
        let error = StoreError.unknownTransaction("42")
        #expect(ExitMapping.exit(for: error).message == error.description)
        #expect(ExitMapping.exit(for: UsageError("no")) == (.usage, "no"))
        #expect(ExitMapping.exit(for: StoreFailure(operation: .purchase, error: .network)).status == .refused)
        struct DiskTrouble: Error {}
        #expect(ExitMapping.exit(for: DiskTrouble()).status == .dataProblem)
    }

    @Test("An unreachable store's server exits with 3, saying where, why, and to look before running the command again")
    func unreachableStoreIsADataProblem() {
        let lost = StoreUnreachable(store: ShownStoreAddress("postgresql://tester@db.example/store"), reason: "connection refused")
        let (status, message) = ExitMapping.exit(for: lost)
        #expect(status == .dataProblem)
        #expect(message.hasPrefix("the store at postgresql://tester@db.example/store is unreachable (connection refused)"))
        #expect(message.contains("look before running the command again"))
        // The account is the advice's naming's to add (see `StoreCommandText.naming`), never a note to add by hand.
        #expect(message.contains("storefront entitlements") && !message.contains("--account"))
    }
}
