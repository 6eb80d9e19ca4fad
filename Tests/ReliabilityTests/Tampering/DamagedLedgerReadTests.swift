import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// Reading a damaged ledger through the binary: what is shown stops before the first bad line
/// and says so (exit 3, the JSON's `ledger` state), a cut tail is read and warned about in
/// words that fit a read, and `storefront repair` keeps the intact lines and moves the rest
/// aside, deleting nothing.
// The time limit turns a hang (an open that waits on a FIFO) into a failure. It is generous:
// a test may wait minutes for a thread on a loaded two-core machine before it runs.
@Suite("Damaged ledger reads and repair", .timeLimit(.minutes(15)))
struct DamagedLedgerReadTests {
    let directory: ScratchDirectory
    let cli: StorefrontProcess

    init() throws {
        directory = try ScratchDirectory("damaged")
        cli = StorefrontProcess(ledger: directory.file("entitlements.jsonl"))
        for _ in 0..<2 { #expect(try cli.run(["buy", Rage.lives]).status == 0) }
    }

    private func credits(_ result: StorefrontProcess.Result) -> Int? {
        (try? result.decoded(JSONShapes.EntitlementsResult.self))?.credits[Rage.extraLives]
    }

    private func editLine(_ number: Int, replacing old: String, with new: String) throws {
        var lines = String(decoding: try ScratchDirectory.bytes(cli.ledger), as: UTF8.self).components(separatedBy: "\n")
        #expect(lines[number - 1].contains(old))
        lines[number - 1] = lines[number - 1].replacingOccurrences(of: old, with: new)
        try ScratchDirectory.write(Array(lines.joined(separator: "\n").utf8), to: cli.ledger)
    }

    @Test("an edited line is not folded: the JSON says damaged from that line, and the exit status is 3")
    func editedLineIsNotFolded() throws {
        try editLine(3, replacing: #""amount":3"#, with: #""amount":30"#)
        let read = try cli.run(["entitlements", "--json"])
        #expect(read.status == 3, "\(read.stderr)")
        #expect(credits(read) == 3, "only the purchase before the edited line counts: \(read.stdout)")
        let ledger = try read.decoded(JSONShapes.EntitlementsResult.self).ledger
        #expect(ledger.state == "damaged")
        #expect(ledger.firstBadLine == 3)
        #expect(read.stderr.contains("stops before line 3"), "\(read.stderr)")
        let intact = try StorefrontProcess(ledger: directory.file("other.jsonl")).run(["entitlements", "--json"])
        #expect(try intact.decoded(JSONShapes.EntitlementsResult.self).ledger.state == "intact")
    }

    @Test("a ledger whose last line was cut is still read by every read command, with a warning fit for a read",
          arguments: [["products"], ["transactions"], ["entitlements"], ["settings"], ["certificate"],
                     ["verify-transaction", "2000000000000001"]])
    func cutTailIsRead(command: [String]) throws {
        let bytes = try ScratchDirectory.bytes(cli.ledger)
        try ScratchDirectory.write(Array(bytes.dropLast(40)), to: cli.ledger)
        let read = try cli.run(command)
        #expect(read.status == 3, "\(command): \(read.stderr)")
        #expect(!read.stdout.isEmpty, "\(command) shows what was read")
        #expect(!read.stderr.contains("refusing to write"), "\(read.stderr)")
        #expect(read.stderr.contains("read-only") && read.stderr.contains(cli.advised("repair")), "\(read.stderr)")
    }

    @Test("repair keeps the lines before the first problem, moves the rest to a dated file, and writing works again")
    func repairKeepsThePrefix() throws {
        #expect(try cli.run(["buy", Rage.lives]).status == 0)
        let original = try ScratchDirectory.bytes(cli.ledger)
        try editLine(3, replacing: #""amount":3"#, with: #""amount":30"#)
        let damaged = try ScratchDirectory.bytes(cli.ledger)

        let repair = try cli.run(["repair"])
        #expect(repair.status == 0, "\(repair.stderr)")
        #expect(repair.stdout.contains("kept lines 1-2") && repair.stdout.contains("moved lines 3-4"), "\(repair.stdout)")
        // The report is several lines of the program's own text: its line breaks are kept.
        #expect(repair.stdout.split(separator: "\n").first == "Repaired \(cli.ledger):", "\(repair.stdout)")
        #expect(repair.stdout.contains("\n  kept lines 1-2"), "\(repair.stdout)")
        let moved = try #require(directory.names().first { $0.hasPrefix("entitlements.jsonl.damaged-") })
        #expect(repair.stdout.contains(moved))
        // Nothing deleted: the kept lines and the moved file together are the damaged file.
        let kept = try ScratchDirectory.bytes(cli.ledger)
        #expect(kept + (try ScratchDirectory.bytes(directory.file(moved))) == damaged)
        #expect(Array(original.prefix(kept.count)) == kept)

        #expect(try cli.run(["verify"]).status == 0)
        let read = try cli.run(["entitlements", "--json"])
        #expect(read.status == 0 && credits(read) == 3, "\(read.stdout)")
        #expect(try cli.run(["buy", Rage.lives]).status == 0)
        #expect(try cli.run(["repair"]).stdout.contains("intact, nothing to repair"))
    }

    @Test("repair of a ledger cut at its end keeps every complete line and records them in the commit mark")
    func repairAfterCut() throws {
        let bytes = try ScratchDirectory.bytes(cli.ledger)
        try ScratchDirectory.write(Array(bytes.dropLast(40)), to: cli.ledger)
        // Every write is refused until the repair, so verify does not promise the next one fixes it.
        let verify = try cli.run(["verify"])
        #expect(verify.stdout.contains(cli.advised("repair") + " moves it aside"), "\(verify.stdout)")
        #expect(!verify.stdout.contains("the next write"), "\(verify.stdout)")
        let repair = try cli.run(["repair"])
        #expect(repair.status == 0 && repair.stdout.contains("kept lines 1-2"), "\(repair.stdout)")
        #expect(try cli.run(["verify"]).status == 0)
        #expect(try cli.run(["buy", Rage.lives]).status == 0)
    }

    @Test("an older copy put back with its own lock file verifies, but not against the sequence number kept elsewhere")
    func olderCopyWithItsLock() throws {
        let olderLedger = try ScratchDirectory.bytes(cli.ledger)
        let olderLock = try ScratchDirectory.bytes(cli.ledger + ".lock")
        #expect(try cli.run(["spend", Rage.extraLives]).status == 0)
        let head = try cli.run(["verify"])
        #expect(head.stdout.contains("head: sequence number 3"), "\(head.stdout)")
        try ScratchDirectory.write(olderLedger, to: cli.ledger)
        try ScratchDirectory.write(olderLock, to: cli.ledger + ".lock")

        // Nothing on this machine remembers sequence number 3: this is the documented limit.
        #expect(try cli.run(["verify"]).status == 0)
        let expecting = try cli.run(["verify", "--expect-sequence", "3"])
        #expect(expecting.status == 3)
        #expect(expecting.stdout.contains("ends at sequence number 2, but 3 was expected"), "\(expecting.stdout)")
        #expect(try cli.run(["verify", "--expect-sequence", "2"]).status == 0)
    }
}
