import Foundation
import StorefrontTesting
import Testing
#if canImport(Glibc)
import Glibc
@testable import StorefrontTesting
#endif

/// The storefront on a store it may not write (run as `nobody`, files 0400 in a folder 0500):
/// it opens read-only with its banner, shows no error of its own, and refuses to buy up front.
@Suite("TUI in tmux: a store it cannot write", .serialized,
       .enabled(if: TmuxSession.testsRun && getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                "needs tmux, root and setpriv, to run the storefront as the unprivileged user nobody"))
struct TUIUnwritableStoreTests {
    static let nobody: uid_t = 65534

    /// Gives `folder` and the files in it to nobody, with these modes; its parent lets nobody in.
    static func handToNobody(_ folder: String, fileMode: mode_t, folderMode: mode_t) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            chown(folder + "/" + name, nobody, nobody)
            chmod(folder + "/" + name, fileMode)
        }
        chown(folder, nobody, nobody)
        chmod(folder, folderMode)
        chmod((folder as NSString).deletingLastPathComponent, 0o755)
    }

    /// The storefront on `ledger`, run as nobody.
    static func storefrontAsNobody(_ ledger: String) throws -> TmuxSession {
        let words = ["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--",
                     StorefrontProcess.binary, "--entitlements", ledger]
        return try TmuxSession(command: words.map { "'\($0)'" }.joined(separator: " ") + "; echo EXITED=$?; sleep 60")
    }

    @Test("Due renewals on an unwritable store: the Read-only badge and banner, no spontaneous error, Enter refused")
    func opensReadOnly() async throws {
        let folder = try StorefrontProcess.temporaryFolder() + "/store"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let cli = StorefrontProcess(ledger: folder + "/e.jsonl")
        #expect(try cli.run(["settings", "set", "ask-to-buy", "true"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 1, "waits for a parent's approval")
        #expect(try cli.run(["settings", "set", "ask-to-buy", "false"]).status == 0)
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        // A month every 30 seconds ends the week's trial in about 7 s: a renewal falls due.
        #expect(try cli.run(["settings", "set", "time-rate", "month-every-30-seconds"]).status == 0)
        try Self.handToNobody(folder, fileMode: 0o400, folderMode: 0o500)
        try await Task.sleep(for: .seconds(8))

        let tmux = try Self.storefrontAsNobody(cli.ledger)
        defer { tmux.kill() }
        try await tmux.waitFor("┌ Products", "Read-only", "cannot be written")
        // The storefront follows the ledger every second; give it a few rounds to fail in.
        try await Task.sleep(for: .seconds(3))
        let idle = try tmux.screen()
        #expect(!idle.contains("Could not complete"), "\(idle)")
        #expect(!idle.contains("EXITED"), "\(idle)")
        try tmux.press("Enter")
        let refused = try await tmux.waitFor("Read-only", "Enter OK")
        #expect(!refused.contains("Confirm purchase"), "\(refused)")
    }
}
