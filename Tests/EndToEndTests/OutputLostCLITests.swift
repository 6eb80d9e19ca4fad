import Foundation
import StorefrontTesting
import Testing

/// A command whose stdout cannot be written (a full disk, a closed stream) says so on stderr
/// and exits 3, and what it changed stands (before: it crashed after recording the change,
/// so a script that retried it bought twice).
@Suite struct OutputLostCLITests {
    /// Runs the binary with `arguments` and stdout sent to `/dev/full` (or closed, `closed`),
    /// through a shell, which is what sets the stream up.
    static func runWithLostOutput(_ cli: StorefrontProcess, _ arguments: [String], closed: Bool = false) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", closed ? #"exec "$@" >&-"# : #"exec "$@" > /dev/full"#, "sh", StorefrontProcess.binary,
                             "--entitlements", cli.ledger] + arguments
        process.environment = cli.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    @Test func aPurchaseWhoseOutputIsLostIsRecordedOnceAndSaysSo() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        for (arguments, closed) in [(["buy", "com.example.rage.face.random", "--json"], false),
                                    (["buy", "com.example.rage.comic.nightly"], true)] {
            let lost = try Self.runWithLostOutput(cli, arguments, closed: closed)
            #expect(lost.status == 3 && lost.stderr.contains("the command's output could not be written to standard output (")
                        && lost.stderr.contains("is recorded all the same: `storefront"), "\(arguments): \(lost.stderr)")
            #expect(!lost.stderr.contains("Fatal error"), "\(lost.stderr)")
        }
        let bought = try cli.run(["transactions", "--json"]).jsonArray() ?? []
        #expect(bought.count == 2, "each purchase recorded once: \(bought)")
        #expect(try cli.credits()["rage-faces"] == 5)
        #expect(try cli.run(["verify"]).status == 0)
    }

    @Test func aRefusalKeepsItsOwnStatusAndAReadingCommandExitsThree() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        let refused = try Self.runWithLostOutput(cli, ["spend", "rage-faces", "--amount", "99"])
        #expect(refused.status == 1 && refused.stderr.contains("you have 0") && !refused.stderr.contains("could not be written"), "\(refused.stderr)")
        let listing = try Self.runWithLostOutput(cli, ["products"])
        #expect(listing.status == 3 && listing.stderr.contains("(No space left on device)"), "\(listing.stderr)")
    }
}
