import Foundation
import StorefrontTesting
import Glibc
import Testing

/// The lock file deleted while a writer holds it, and a store that may not be written at all.
@Suite("Security: lock file and read-only store", .serialized)
struct LockAndReadOnlySecurityTests {
    static let isRoot = geteuid() == 0

    /// Takes the writer lock the way the binary does, on the file now at `path`.
    static func lockFile(at path: String) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        flock(descriptor, LOCK_EX)
        return descriptor
    }

    @Test("a writer that locked a lock file deleted meanwhile locks the new one before it writes")
    func lockDeletedWhileHeld() throws {
        let scratch = try ScratchDirectory("lock")
        let ledger = scratch.file("e.jsonl")
        let cli = StorefrontProcess(ledger: ledger)
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        let lockPath = ledger + ".lock"

        // This test holds the lock; a writer starts and waits for it.
        let first = Self.lockFile(at: lockPath)
        let writer = try cli.start(["spend", Rage.faces])
        usleep(500_000)
        #expect(writer.process.isRunning)
        // Someone deletes the lock file, and another writer locks the new one at its path;
        // then the first holder lets go.
        unlink(lockPath)
        let second = Self.lockFile(at: lockPath)
        close(first)
        usleep(700_000)
        let waitedForTheNewLock = writer.process.isRunning
        close(second)
        let result = writer.wait()
        #expect(waitedForTheNewLock, "the writer went ahead while another held the lock at the lock path")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.run(["verify"]).status == 0)
        Figures.report("security", "lock file deleted while held: the waiting writer locked the new one before writing")
    }

    @Test("reads work without write access: every read command exits 0 on a store that may not be written")
    func readsWithoutWriteAccess() throws {
        let scratch = try ScratchDirectory("readonly")
        let store = scratch.file("store")
        let ledger = store + "/e.jsonl"
        let cli = StorefrontProcess(ledger: ledger)
        #expect(try cli.run(["buy", Rage.lives]).status == 0)
        #expect(try cli.run(["certificate"]).status == 0)
        // Root may write anything, so the reads run as `nobody`, who owns the store but may
        // not write it: every file 0400 in a folder 0500.
        for name in try FileManager.default.contentsOfDirectory(atPath: store) {
            if Self.isRoot { chown(store + "/" + name, SecurityRun.nobody, SecurityRun.nobody) }
            chmod(store + "/" + name, 0o400)
        }
        if Self.isRoot {
            chown(store, SecurityRun.nobody, SecurityRun.nobody)
            chmod(scratch.path, 0o755)
        }
        chmod(store, 0o500)
        defer { chmod(store, 0o700) }
        let before = FolderSnapshot(store)
        let reader = SecurityRun(ledger: ledger, asNobody: Self.isRoot)
        var failures: [String] = []
        let reads = [["entitlements"], ["entitlements", "--json"], ["products"], ["transactions"], ["settings"],
                     ["certificate"], ["verify"]]
        for command in reads {
            let outcome = try reader.run(command)
            if outcome.hung || outcome.result.status != 0 {
                failures.append("\(command): \(outcome.result.status) \(outcome.result.stderr.prefix(300))")
            }
        }
        let write = try reader.run(["buy", Rage.lives])
        #expect(failures.isEmpty, "\(failures)")
        #expect(write.result.status == 3 && write.result.stderr.contains("Check the permissions"), "\(write.result.stderr)")
        #expect(FolderSnapshot(store) == before)
        let how = Self.isRoot ? "as nobody, " : ""
        Figures.report("security", "read-only store (\(how)files 0400 in a folder 0500; a tmpfs remounted read-only "
            + "needs privileges the test does not assume): \(reads.count - failures.count) of \(reads.count) read commands "
            + "exit 0, a purchase is refused with what to check")
    }
}
