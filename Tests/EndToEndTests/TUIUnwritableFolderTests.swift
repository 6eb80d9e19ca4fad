import Foundation
import StorefrontTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The storefront and the command line agree on a store whose folder may not be written (run as
/// `nobody`, folder 0500): with the ledger and its lock file writable, both buy, as a commit
/// only appends to them; with the lock file missing, both refuse, as it cannot be created.
@Suite("TUI in tmux: a store in a folder it cannot write", .serialized,
       .enabled(if: TmuxSession.testsRun && getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                "needs tmux, root and setpriv, to run the storefront as the unprivileged user nobody"))
struct TUIUnwritableFolderTests {
    /// A store with one purchase, its files 0600 in a folder 0500, all nobody's; without its
    /// lock file when `withLock` is false.
    static func storeInLockedFolder(withLock: Bool) throws -> StorefrontProcess {
        let folder = try StorefrontProcess.temporaryFolder() + "/store"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let cli = StorefrontProcess(ledger: folder + "/e.jsonl")
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        if !withLock { try FileManager.default.removeItem(atPath: cli.ledger + ".lock") }
        try TUIUnwritableStoreTests.handToNobody(folder, fileMode: 0o600, folderMode: 0o500)
        return cli
    }

    /// `storefront buy` run as nobody on `cli`'s store.
    static func buyAsNobody(_ cli: StorefrontProcess) throws -> CleanSpawn.Result {
        try CleanSpawn.run("/usr/bin/setpriv",
                           ["--reuid=\(TUIUnwritableStoreTests.nobody)", "--regid=\(TUIUnwritableStoreTests.nobody)",
                            "--clear-groups", "--", StorefrontProcess.binary, "--entitlements", cli.ledger,
                            "buy", "com.example.rage.lives.3"],
                           environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"])
    }

    @Test("Folder 0500, ledger and lock file writable: the storefront opens writable and buys, and so does `buy`")
    func writableFilesInLockedFolder() async throws {
        let cli = try Self.storeInLockedFolder(withLock: true)
        let tmux = try TUIUnwritableStoreTests.storefrontAsNobody(cli.ledger)
        defer { tmux.kill() }
        let opened = try await tmux.waitFor("┌ Products")
        #expect(!opened.contains("Read-only") && !opened.contains("cannot be written"), "\(opened)")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux, showing: "Random Rage Face")
        try tmux.press("Enter")
        let bought = try await tmux.waitFor("Purchase complete")
        #expect(!bought.contains("Could not complete"), "\(bought)")
        let buy = try Self.buyAsNobody(cli)
        #expect(buy.status == 0, "\(buy.output)")
    }

    @Test("Folder 0500 without a lock file: the storefront opens read-only naming the folder, and `buy` fails")
    func missingLockInLockedFolder() async throws {
        let cli = try Self.storeInLockedFolder(withLock: false)
        let tmux = try TUIUnwritableStoreTests.storefrontAsNobody(cli.ledger)
        defer { tmux.kill() }
        try await tmux.waitFor("┌ Products", "Read-only", "cannot be written (its folder")
        try tmux.press("Enter")
        let refused = try await tmux.waitFor("Read-only", "Enter OK")
        #expect(!refused.contains("Confirm purchase"), "\(refused)")
        let buy = try Self.buyAsNobody(cli)
        #expect(buy.status != 0 && buy.output.contains("Permission denied"), "\(buy.output)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger + ".lock"))
    }
}
