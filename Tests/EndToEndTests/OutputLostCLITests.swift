import Foundation
import StorefrontTesting
import Testing

/// A command whose stdout cannot be written (a full disk, a closed stream) says so on stderr
/// and exits 3, and what it changed stands (before: it crashed after recording the change,
/// so a script that retried it bought twice).
@Suite struct OutputLostCLITests {
    /// Runs the binary with `arguments` and stdout sent to `/dev/full` (or closed, `closed`),
    /// through a shell, which is what sets the stream up.
    static func runWithLostOutput(_ cli: StorefrontProcess, _ arguments: [String], closed: Bool = false) throws -> StorefrontProcess.Result {
        try cli.startThroughShell(closed ? #"exec "$@" >&-"# : #"exec "$@" > /dev/full"#, arguments).wait()
    }

    @Test func aPurchaseWhoseOutputIsLostIsRecordedOnceAndSaysSo() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        for (arguments, closed) in [(["buy", "com.example.rage.face.random", "--json"], false),
                                    (["buy", "com.example.rage.comic.nightly"], true)] {
            let lost = try Self.runWithLostOutput(cli, arguments, closed: closed)
            #expect(lost.status == 3 && lost.stderr.contains("the command's output could not be written to standard output (")
                        && lost.stderr.contains("Whatever the command did is done all the same: look at the store"), "\(arguments): \(lost.stderr)")
            #expect(!lost.stderr.contains("Fatal error"), "\(lost.stderr)")
        }
        let bought = try cli.run(["transactions", "--json"]).jsonArray() ?? []
        #expect(bought.count == 2, "each purchase recorded once: \(bought)")
        #expect(try cli.credits()["rage-faces"] == 5)
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test("a closed stderr while another process holds the lock: the waiting notice is lost, never written into the lock file (before: the file took descriptor 2, and every later change was refused as a damaged commit mark)")
    func aClosedStderrIsNoPlaceForTheLockFile() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let lock = open(cli.ledger + ".lock", O_RDWR)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let waiting = try cli.startThroughShell(#"exec "$@" 2>&-"#, ["buy", "com.example.rage.face.random"])
        // Long enough for the notice of the wait (after a second) to be written, were it to be.
        Thread.sleep(forTimeInterval: 2.5)
        flock(lock, LOCK_UN)
        close(lock)
        #expect(waiting.wait().status == 0)
        let mark = try String(contentsOfFile: cli.ledger + ".lock", encoding: .utf8)
        #expect(mark.hasPrefix("storefront-ledger-mark ") && !mark.contains("waiting"), "\(mark)")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0, "the store still takes changes")
        #expect(try cli.credits()["rage-faces"] == 15)
    }

    @Test("serve whose listening line cannot be written stops at once, saying so (before: killed by SIGPIPE through its own socket, or serving unannounced)")
    func serveWithoutItsAddressLineStops() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let refused = try Self.runWithLostOutput(cli, ["refund", "2000000000000099"], closed: true)
        #expect(refused.status == 1 && !refused.stderr.contains("could not be written"), "nothing was written to it: \(refused.stderr)")
        for closed in [true, false] {
            let served = try Self.runWithLostOutput(cli, ["serve", "--port", "0"], closed: closed)
            #expect(served.status == 3 && served.stderr.contains("the server stopped at once: its `listening on` line")
                        && !served.stderr.contains("Whatever the command did"), "serve changed nothing: \(served.stderr)")
        }
    }

    @Test func aRefusalKeepsItsOwnStatusAndAReadingCommandExitsThree() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let refused = try Self.runWithLostOutput(cli, ["spend", "rage-faces", "--amount", "99"])
        #expect(refused.status == 1 && refused.stderr.contains("you have 0") && !refused.stderr.contains("could not be written"), "\(refused.stderr)")
        let listing = try Self.runWithLostOutput(cli, ["products"])
        #expect(listing.status == 3 && listing.stderr.contains("(No space left on device)"), "\(listing.stderr)")
        // A command that opens no store is not sent to look at one (before: the store's advice for every command).
        let help = try Self.runWithLostOutput(cli, ["help", "buy"])
        #expect(help.status == 3 && help.stderr.contains("the command uses no store, so nothing was changed")
                    && !help.stderr.contains("storefront transactions"), "\(help.stderr)")
    }
}
