import Foundation
import StorefrontTesting
import StoreEngine
import Testing

/// The same ledger read by separate processes gives byte-identical JSON: nothing a read shows
/// may depend on hashing order (seeded afresh in every process) or on ties between events of
/// the same store second.
@Suite("Determinism: one ledger, the same answer in every process", .serialized)
struct DeterminismTests {
    static let processes = 20

    @Test("entitlements, products and transactions --json are byte-identical in 20 processes")
    func twentyProcessesAgree() throws {
        let begun = ContinuousClock.now
        let directory = try ScratchDirectory("determinism")
        let path = directory.file("entitlements.jsonl")
        try SameSecondLedger.write(to: path)
        let cli = StorefrontProcess(ledger: path)
        var differing: [String] = []
        var runs = 0
        for account in SameSecondLedger.accounts {
            for command in ["entitlements", "products", "transactions"] {
                let arguments = [command, "--json", "--account", account, "--device", "phone"]
                let started = try (0..<Self.processes).map { _ in try cli.start(arguments) }
                let outputs = started.map { $0.wait() }
                runs += outputs.count
                #expect(outputs[0].status == 0, "\(arguments.joined(separator: " ")): \(outputs[0].stderr)")
                let variants = Set(outputs.map { Self.withoutSignatures($0.stdout) }).sorted()
                if variants.count > 1 {
                    differing.append("`storefront \(arguments.joined(separator: " "))` gave \(variants.count) different outputs; "
                        + "the first difference:\n" + Self.firstDifference(variants[0], variants[1]))
                }
            }
        }
        Figures.report("determinism", "\(runs) reads (\(Self.processes) processes per command and account), "
            + "\(differing.count) commands with differing output, \(Figures.seconds(since: begun))")
        guard !differing.isEmpty else { return }
        let report = Comment(rawValue: differing.joined(separator: "\n\n"))
        if KnownEngineGap.skipped().contains(.sameSecondOrder) {
            withKnownIssue("issue 11 item 1: reads of events in one store second are ordered differently by each process",
                           isIntermittent: true) { Issue.record(report) }
        } else {
            Issue.record(report)
        }
    }

    /// A signed transaction or renewal info carries the time it was signed and a fresh ECDSA
    /// nonce, as the App Store's do, so it differs between reads by design; everything else must not.
    static func withoutSignatures(_ json: String) -> String {
        json.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"signedTransaction\" :") && !$0.contains("\"signedRenewalInfo\" :") }.joined(separator: "\n")
    }

    /// The first line where two outputs differ, with the two lines before it.
    static func firstDifference(_ first: String, _ second: String) -> String {
        let left = first.split(separator: "\n", omittingEmptySubsequences: false)
        let right = second.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(left.count, right.count)).first { left[$0] != right[$0] } ?? min(left.count, right.count)
        let context = left[max(0, index - 2)..<index].map { "    \($0)" }
        return (context + ["  - \(index < left.count ? left[index] : "(end)")", "  + \(index < right.count ? right[index] : "(end)")"])
            .joined(separator: "\n")
    }
}

/// A ledger whose events tie on the store second: bought, ended and bought again; bought,
/// refunded and bought again; several purchases at once.
enum SameSecondLedger {
    static let accounts = ["alice", "bob", "carol"]
    static let monthly = "com.example.rage.pro.monthly"
    static let yearly = "com.example.rage.pro.yearly"

    static func write(to path: String) throws {
        // The clock stands still: every event below carries the same second.
        let store = try Store(catalog: Rage.catalog(), log: LedgerEventLog.open(path: path), clock: ManualClock(Date()))
        let alice = Buyer(account: "alice", device: "phone")
        let bob = Buyer(account: "bob", device: "phone")
        let carol = Buyer(account: "carol", device: "phone")
        _ = try store.purchase(monthly, buyer: alice, storefront: "USA", options: .init())
        _ = try store.expire(monthly, buyer: alice)
        _ = try store.purchase(monthly, buyer: alice, storefront: "USA", options: .init())
        let first = try store.purchase(monthly, buyer: bob, storefront: "USA", options: .init())
        if let id = first.transaction?.id { _ = try store.refund(id) }
        _ = try store.purchase(monthly, buyer: bob, storefront: "USA", options: .init())
        for product in [Rage.face, Rage.lives, Rage.noAds, Rage.nightly, Rage.drummer, yearly, "com.example.rage.season"] {
            _ = try store.purchase(product, buyer: carol, storefront: "USA", options: .init())
        }
        _ = try store.purchase("com.example.rage.season", buyer: carol, storefront: "USA", options: .init())
        _ = try store.cancelRenewal(yearly, buyer: carol)
        _ = try store.purchase(monthly, buyer: carol, storefront: "USA", options: .init())
        _ = try store.spend(Rage.faces, amount: 2, buyer: carol)
        try store.set(.askToBuy, to: "true", for: carol)
        _ = try store.purchase(Rage.face, buyer: alice, storefront: "USA", options: .init())
        _ = try store.purchase(Rage.noAds, buyer: bob, storefront: "USA", options: .init())
    }
}
