import Foundation
import Glibc
import StorefrontTesting
import Testing

/// Ctrl-C while a command's change waits for the store: the change may be recorded however
/// the process ends, so the command says so, and by default finishes and reports.
@Suite struct InterruptedChangeCLITests {
    let folder: String
    let cli: StorefrontProcess

    init() throws {
        folder = try StorefrontProcess.temporaryFolder()
        cli = StorefrontProcess(ledger: folder + "/entitlements.jsonl")
    }

    @Test("A first Ctrl-C says the change may be recorded and lets it finish and report; a second leaves at once, saying where to look (before: it left without a word)")
    func ctrlCWhileTheChangeWaitsForTheLock() throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        // Another writer holds the ledger's lock: the next change waits for it.
        let lock = open(cli.ledger + ".lock", O_RDWR)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)

        let buying = try cli.start(["buy", "com.example.rage.lives.3"])
        try Self.waitUntilWaitingForALock(buying.process.processIdentifier)
        _ = kill(buying.process.processIdentifier, SIGINT)
        // The signal arrives before the lock is let go (the waiting process takes it as it wakes):
        // the buy carries on and reports.
        _ = flock(lock, LOCK_UN)
        let bought = buying.wait()
        #expect(!bought.wasSignalled && bought.status == 0, "\(bought)")
        #expect(bought.stderr.contains("interrupted while a change was being made; it may be recorded all the same"), "\(bought.stderr)")
        #expect(bought.stdout.contains("you now have 6"), "it says how the change went: \(bought.stdout)")
        #expect(try cli.credits()["extra-lives"] == 6)

        #expect(flock(lock, LOCK_EX) == 0)
        let spending = try cli.start(["spend", "extra-lives"])
        try Self.waitUntilWaitingForALock(spending.process.processIdentifier)
        // Ctrl-C again and again, as an impatient person does, until it leaves.
        try Self.waitUntil {
            _ = kill(spending.process.processIdentifier, SIGINT)
            return !spending.process.isRunning
        }
        let left = spending.wait()
        #expect(left.status == 130 && !left.wasSignalled, "\(left)")
        #expect(left.stderr.contains("left before the store answered: the change may be recorded; `storefront transactions` (purchases, refunds)"),
                "\(left.stderr)")
        _ = flock(lock, LOCK_UN)
        #expect(try cli.credits()["extra-lives"] == 6, "left while it waited for the lock: nothing was spent")
    }

    @Test("store copy, which opens its stores itself, finishes on a first Ctrl-C as the other changes do (before: it ignored it or died)")
    func ctrlCWhileACopyWaitsForItsTarget() throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let target = folder + "/copy.jsonl"
        let lock = open(target + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let copying = try cli.start(["store", "copy", "--from", cli.ledger, "--to", target])
        try Self.waitUntilWaitingForALock(copying.process.processIdentifier)
        _ = kill(copying.process.processIdentifier, SIGINT)
        _ = flock(lock, LOCK_UN)
        let copied = copying.wait()
        #expect(!copied.wasSignalled && copied.status == 0, "\(copied)")
        #expect(copied.stderr.contains("interrupted while a change was being made") && copied.stdout.contains("copied 1 event"),
                "\(copied.stdout)\(copied.stderr)")
    }

    /// Waits until `pid` waits for a file lock, as `/proc/locks` lists it ("->" marks a waiter).
    static func waitUntilWaitingForALock(_ pid: Int32) throws {
        try waitUntil {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            return locks.split(separator: "\n").contains { $0.contains("->") && $0.split(separator: " ").contains(Substring(String(pid))) }
        }
    }

    static func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<200 {
            if condition() { return }
            usleep(50_000)
        }
        Issue.record("waited 10 s in vain")
        throw CancellationError()
    }
}
