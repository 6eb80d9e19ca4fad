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

    @Test("Ctrl-C while the change waits for the file's lock leaves at once, saying nothing was recorded, and nothing is (before: it waited for the lock, saying the change may be recorded)")
    func ctrlCWhileTheChangeWaitsForTheLock() throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        // Another writer holds the ledger's lock: the next change waits for it.
        let lock = open(cli.ledger + ".lock", O_RDWR)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)

        let spending = try cli.start(["spend", "extra-lives"])
        try Self.waitUntilWaitingForALock(spending.process.processIdentifier)
        _ = kill(spending.process.processIdentifier, SIGINT)
        let left = spending.wait() // the lock is still held: it left without waiting for it
        #expect(left.status == 130 && !left.wasSignalled, "\(left)")
        #expect(left.stderr.contains("interrupted while the change still waited for the store (its lock or its server), before any "
                                     + "of it was sent: nothing was recorded"), "\(left.stderr)")
        #expect(!left.stderr.contains("may be recorded"), "\(left.stderr)")
        _ = flock(lock, LOCK_UN)
        #expect(try cli.credits()["extra-lives"] == 3, "nothing was spent")
        #expect(try cli.run(["spend", "extra-lives"]).status == 0, "the lock is free, and nothing was left held")
    }

    @Test("A change that waits over a second for the file's lock says whom it waits for and that Ctrl-C leaves, then goes on once the lock is free (before: it said nothing)")
    func aLongWaitForTheLockIsSaid() throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let lock = try Self.holdLock(of: cli)
        defer { close(lock) }
        let spending = try cli.start(["spend", "extra-lives"])
        let said = Self.stderr(of: spending, until: "Ctrl-C leaves now, recording nothing")
        #expect(said.contains("storefront: waiting for process \(getpid()) ("), "the holder is named by its process id: \(said)")
        #expect(said.contains("which holds \(cli.ledger).lock while it changes the entitlements file"), "\(said)")
        _ = flock(lock, LOCK_UN)
        let spent = spending.wait()
        #expect(spent.status == 0, "\(spent)")
        #expect(try cli.credits()["extra-lives"] == 2, "the change went on once the lock was free")
    }

    @Test("A reading command that records renewals due first says so too; repair, which finishes on a first Ctrl-C, does not offer it; a path with escape sequences is shown safe (before: silent, a false Ctrl-C offer, raw escapes)")
    func theWaitIsSaidForReadsAndRepairAndSafely() throws {
        let folder = try StorefrontProcess.temporaryFolder() + "/we\u{1b}[31mird"
        #expect(mkdir(folder, 0o700) == 0)
        let strange = StorefrontProcess(ledger: folder + "/entitlements.jsonl")
        #expect(try strange.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        #expect(try strange.run(["settings", "set", "time-rate", "renewal-every-2-seconds"]).status == 0)
        // A month of store time passes every 2 s: after 3 s a renewal is due, which the read must record first.
        Thread.sleep(forTimeInterval: 3)
        let lock = try Self.holdLock(of: strange)
        let reading = try strange.start(["products"])
        let said = Self.stderr(of: reading, until: "Ctrl-C leaves now, recording nothing")
        #expect(said.contains("storefront: waiting for process \(getpid())"), "\(said)")
        #expect(!said.contains("\u{1b}"), "escape sequences in the path are removed: \(said.debugDescription)")
        _ = flock(lock, LOCK_UN)
        #expect(reading.wait().status == 0)

        let relock = try Self.holdLock(of: strange)
        defer { close(relock) }
        let repairing = try strange.start(["repair"])
        let repairSaid = Self.stderr(of: repairing, until: "this command goes on once it lets go")
        #expect(!repairSaid.contains("Ctrl-C"), "repair finishes on a first Ctrl-C, so none is offered: \(repairSaid)")
        _ = flock(relock, LOCK_UN)
        #expect(repairing.wait().status == 0)
        close(lock)
    }

    /// Takes the ledger's writer lock in this process, as another writer would.
    static func holdLock(of cli: StorefrontProcess) throws -> Int32 {
        let lock = open(cli.ledger + ".lock", O_RDWR)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        return lock
    }

    /// What `command` writes on stderr, read as it is written until it holds `words` (or the
    /// command ends, or 120 s pass, which are recorded as issues).
    static func stderr(of command: RunningCommand, until words: String) -> String {
        var said = ""
        let errors = command.errors.fileHandleForReading.fileDescriptor
        while !said.contains(words) {
            var ready = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 120_000) == 1 else { Issue.record("not said after 120 s: \(said)"); break }
            let chunk = command.errors.fileHandleForReading.availableData
            if chunk.isEmpty { Issue.record("the command ended while the lock was held: \(said)"); break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        return said
    }

    @Test("Ctrl-C while the command waits for a database server that never answers leaves at once, saying nothing was recorded (before: it died of the signal without a word)")
    func ctrlCWhileTheServerNeverAnswers() throws {
        // A socket that listens and never answers: the connection is made, the server's reply never comes.
        let (listener, port) = try LoopbackListener.open(backlog: 4)
        defer { close(listener) }
        var silent = StorefrontProcess(ledger: "")
        silent.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        let buying = try silent.start(["buy", "com.example.rage.noads", "--store", "postgresql://tester@127.0.0.1:\(port)/shop"])
        defer { _ = kill(buying.process.processIdentifier, SIGKILL) }
        // Taken once it arrives (a loaded machine may take a while to start the command), and
        // never answered: the command waits for the server's first words.
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 120_000) == 1, "the command never connected")
        let connection = accept(listener, nil, nil)
        defer { close(connection) }
        _ = kill(buying.process.processIdentifier, SIGINT)
        let left = buying.wait()
        #expect(left.status == 130 && !left.wasSignalled, "\(left)")
        #expect(left.stderr.contains("interrupted while the change still waited for the store (its lock or its server), before any "
                                     + "of it was sent: nothing was recorded"), "\(left.stderr)")
    }

    @Test("A command given a port that takes the connection and never answers (another kind of server) gives up after the default connect_timeout, exit 3 (before: it waited for ever)")
    func aServerThatNeverAnswersIsGivenUp() throws {
        let (listener, port) = try LoopbackListener.open(backlog: 4)
        defer { close(listener) }
        var silent = StorefrontProcess(ledger: "")
        silent.environment["STOREFRONT_STORE_KEY"] = folder + "/team.key"
        silent.environment["PGCONNECT_TIMEOUT"] = nil
        let result = try silent.run(["products", "--store", "postgresql://tester@127.0.0.1:\(port)/shop"])
        #expect(result.status == 3 && result.stderr.contains("cannot reach the store postgresql://tester@127.0.0.1:\(port)/shop")
                    && result.stderr.contains("timeout"), "\(result.stderr)")
    }

    @Test("store copy, which opens its stores itself, finishes on a first Ctrl-C as the other changes do (before: it ignored it or died)")
    func ctrlCWhileACopyWaitsForItsTarget() throws {
        let (copying, lock) = try startCopyWaitingForItsTarget()
        defer { close(lock) }
        _ = kill(copying.process.processIdentifier, SIGINT)
        _ = flock(lock, LOCK_UN)
        let copied = copying.wait()
        #expect(!copied.wasSignalled && copied.status == 0, "\(copied)")
        // Still waiting for the target's lock, it had written nothing, and says so (before: that it may be recorded).
        #expect(copied.stderr.contains("interrupted while the command still waits for the store (its lock or its server) and has "
                                       + "written nothing; it goes on once it may, and finishes") && copied.stdout.contains("copied 1 event"),
                "\(copied.stdout)\(copied.stderr)")
    }

    @Test("store copy left with a second Ctrl-C while it still waits for its target's lock says the store is as it was, and it is (before: that it may be changed)")
    func secondCtrlCDuringACopy() throws {
        let (copying, lock) = try startCopyWaitingForItsTarget()
        defer { close(lock) }
        let left = try copying.interruptUntilItLeaves()
        #expect(left.status == 130 && !left.wasSignalled, "\(left)")
        #expect(left.stderr.contains("left before the command wrote anything (it still waited for the store's lock or its server): "
                                     + "the store is as it was"), "\(left.stderr)")
        #expect(!left.stderr.contains("may be changed") && !left.stderr.contains("storefront transactions"), "\(left.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/copy.jsonl"), "nothing was written")
    }

    @Test("repair left with a second Ctrl-C while it waits for the lock says the ledger is as it was, and it is")
    func secondCtrlCDuringARepairThatWaits() throws {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.ledger))
        let lock = try Self.holdLock(of: cli)
        defer { close(lock) }
        let repairing = try cli.start(["repair"])
        try Self.waitUntilWaitingForALock(repairing.process.processIdentifier)
        let left = try repairing.interruptUntilItLeaves()
        #expect(left.status == 130 && left.stderr.contains("the store is as it was"), "\(left)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.ledger)) == before)
    }

    /// A copy of a store with one purchase started into a file whose lock this test holds
    /// (the descriptor returned), once it waits for that lock.
    private func startCopyWaitingForItsTarget() throws -> (RunningCommand, Int32) {
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let target = folder + "/copy.jsonl"
        let lock = open(target + ".lock", O_RDWR | O_CREAT, 0o600)
        #expect(flock(lock, LOCK_EX) == 0)
        let copying = try cli.start(["store", "copy", "--from", cli.ledger, "--to", target])
        try Self.waitUntilWaitingForALock(copying.process.processIdentifier)
        return (copying, lock)
    }

    /// Waits until `pid` waits for a file lock, as `/proc/locks` lists it ("->" marks a waiter).
    static func waitUntilWaitingForALock(_ pid: Int32) throws {
        try Polling.until {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            return locks.split(separator: "\n").contains { $0.contains("->") && $0.split(separator: " ").contains(Substring(String(pid))) }
        }
    }
}
