import Foundation
import StoreEngine
import Testing
@testable import StoreLedger

/// Checkpoints seen from the command line: a long ledger gets one on its first opening, later
/// commands show the same entitlements from it, and a damaged one changes nothing.
@Suite struct CheckpointCLITests {
    @Test func aLongLedgerGetsACheckpointThatLaterCommandsUse() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        // 12,000 settings events, written in one commit, make a ledger long enough for a checkpoint.
        var events: [StoreEvent] = []
        for index in 0..<12_000 {
            var setting = StoreEvent(kind: .setting, time: Date(), app: "com.example.rage", account: "tester", device: "default")
            setting.setting = StoreSetting.purchasesAllowed.rawValue
            setting.value = index.isMultiple(of: 2) ? "false" : "true"
            events.append(setting)
        }
        _ = try LedgerFile<StoreEvent>(path: cli.ledger).commit { _ in (events, ()) }
        let checkpoint = cli.ledger + ".checkpoint-com.example.rage"
        #expect(!FileManager.default.fileExists(atPath: checkpoint))

        let first = try cli.run(["entitlements", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: checkpoint))
        let mode = try FileManager.default.attributesOfItem(atPath: checkpoint)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try cli.run(["entitlements", "--json"])
        #expect(second.stdout == first.stdout)
        #expect(first.stdout.contains("\"rage-faces\" : 5") || first.stdout.contains("\"rage-faces\":5"), "\(first.stdout)")

        // A damaged checkpoint is passed over; nothing else notices.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: checkpoint))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: checkpoint))
        let third = try cli.run(["entitlements", "--json"])
        #expect(third.stdout == first.stdout)
        #expect(try cli.run(["verify"]).status == 0)

        // Buying after a resumed opening records and shows the purchase.
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let after = try cli.run(["entitlements", "--json"])
        #expect(after.stdout.contains("\"rage-faces\" : 10") || after.stdout.contains("\"rage-faces\":10"), "\(after.stdout)")
        #expect(try cli.run(["verify"]).status == 0)
    }
}
