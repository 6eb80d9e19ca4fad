import Foundation
import StorefrontTesting
import Testing

@Suite struct ConcurrentProcessesTests {
    /// Eight processes, each doing 20 rounds of "buy a face pack, spend 5 faces", at once.
    @Test func eightWritersEndWithExactBalances() async throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let workers = 8, rounds = 20
        let failures = await withTaskGroup(of: [String].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var failures: [String] = []
                    for round in 0..<rounds {
                        for command in [["buy", "com.example.rage.face.random"], ["spend", "rage-faces", "--amount", "5"]] {
                            do {
                                let result = try cli.run(command + ["--device", "device-\(worker)"])
                                if result.status != 0 { failures.append("worker \(worker) round \(round) \(command[0]): \(result.stderr)") }
                            } catch {
                                failures.append("worker \(worker): \(error)")
                            }
                        }
                    }
                    return failures
                }
            }
            var all: [String] = []
            for await list in group { all += list }
            return all
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(try cli.credits()["rage-faces"] == 0)
        let events = try cli.events()
        #expect(events.filter { $0["kind"] as? String == "purchase" }.count == workers * rounds)
        #expect(events.filter { $0["kind"] as? String == "spend" }.count == workers * rounds)
        let sequences = events.compactMap { $0["seq"] as? Int }
        #expect(sequences == Array(1...(2 * workers * rounds)))
        #expect(try cli.run(["verify"]).status == 0)
    }
}
