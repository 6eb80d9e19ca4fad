import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing
import StoreLedger

/// The command `verify` advises for checking the head later, pasted into a shell, checks the
/// same entitlements file: with its path when an option named it, without when the environment
/// names it again.
@Suite("Verify words: the advised check names the file it was run on")
struct VerifyHeadAdviceCLITests {
    @Test("--entitlements with a space in the path: the advice repeats it, quoted; pasted with no HOME, it verifies that file")
    func givenByOption() throws {
        let folder = try StorefrontProcess.temporaryFolder() + "/my shop"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/entitlements.jsonl"
        let cli = StorefrontProcess(ledger: path)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let verified = try cli.run(["verify"])
        let head = try #require(try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self).headMac)
        #expect(verified.stdout.contains("check later with `storefront verify --expect-sequence 1 --expect-mac \(head) "
            + "--entitlements '\(path)'`\n"), "\(verified.stdout)")
        // Without HOME the default file cannot even be found: only the path given names the store.
        let command = try #require(PastedCommand.quoted(startingWith: "storefront verify", in: verified.stdout))
        let pasted = try PastedCommand.run(command, as: cli)
        #expect(pasted.status == 0 && pasted.stdout.contains("\(path): intact, 1 event"), "\(pasted.stdout)\(pasted.stderr)")

        let rolledBack = try cli.run(["verify", "--expect-sequence", "5"])
        #expect(rolledBack.status == 3)
        // Kept as it is, the older state needs no repair here: the advice says when it would (before: "run repair",
        // which answered "intact, nothing to repair").
        #expect(rolledBack.stdout.contains("to keep the older state, go on with it: only where `storefront verify --entitlements '\(path)'` "
            + "without --expect-sequence names a problem (the lock file still records the newer one) does "
            + "`storefront repair --entitlements '\(path)'` need to accept it"), "\(rolledBack.stdout)")
    }

    @Test("STOREFRONT_ENTITLEMENTS: the advice leaves the path out, as the variable names the file again")
    func givenByVariable() throws {
        var cli = StorefrontProcess(ledger: "")
        cli.environment["STOREFRONT_ENTITLEMENTS"] = try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl"
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let verified = try cli.run(["verify"])
        let head = try #require(try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self).headMac)
        #expect(verified.stdout.contains("check later with `storefront verify --expect-sequence 1 --expect-mac \(head)`\n"),
                "\(verified.stdout)")
    }

    @Test("an older copy put back and written to again until it reaches the kept number: --expect-mac tells it apart")
    func olderCopyWrittenToAgain() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let path = folder + "/entitlements.jsonl"
        let cli = StorefrontProcess(ledger: path)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        let older = try [path, path + ".lock"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let kept = try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self)
        let head = try #require(kept.headMac)
        #expect(kept.lastSequence == 2)
        #expect(try cli.run(["verify", "--expect-sequence", "2", "--expect-mac", head.uppercased()]).status == 0)

        // The older copy, with its own lock file, then another purchase: sequence number 2 again, another event.
        for (data, file) in zip(older, [path, path + ".lock"]) { try data.write(to: URL(fileURLWithPath: file)) }
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        #expect(try cli.run(["verify", "--expect-sequence", "2"]).status == 0, "the number alone cannot tell")
        let caught = try cli.run(["verify", "--expect-sequence", "2", "--expect-mac", head])
        #expect(caught.status == 3, "\(caught.stdout)\(caught.stderr)")
        #expect(caught.stdout.contains("the event with sequence number 2 is not the one whose MAC was given"), "\(caught.stdout)")
        let firstMAC = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[1]
            .split(separator: "\"").last { $0.count == 64 })
        #expect(try cli.run(["verify", "--expect-sequence", "1", "--expect-mac", String(firstMAC)]).status == 0,
                "an earlier event than the head is looked up in the file")
        let usage = try cli.run(["verify", "--expect-mac", head])
        #expect(usage.status == 2 && usage.stderr.contains("--expect-mac needs --expect-sequence N"), "\(usage.stderr)")
        // A typo is a usage error, never a store called replaced.
        for typo in [String(head.dropLast()), "zz", head + "0"] {
            let mistyped = try cli.run(["verify", "--expect-sequence", "2", "--expect-mac", typo])
            #expect(mistyped.status == 2 && mistyped.stderr.contains("is not a MAC: give the 64 hexadecimal digits"), "\(mistyped.stderr)")
        }
        // Sequence number 0 is the head of a store without events: the header's MAC.
        let headerMAC = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[0]
            .split(separator: "\"").last { $0.count == 64 })
        #expect(try cli.run(["verify", "--expect-sequence", "0", "--expect-mac", String(headerMAC)]).status == 0)
    }

    @Test("a damaged ledger still has its MACs checked before the damage; sequence number 0 is called the header")
    func expectedMACBeforeTheDamage() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let path = folder + "/entitlements.jsonl"
        let cli = StorefrontProcess(ledger: path)
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let macs = lines.map { line in String(line.split(separator: "\"").last { $0.count == 64 } ?? "") }
        let wrong = String(repeating: "0", count: 64)
        let damaged = lines.enumerated().map { $0 == 3 ? $1.replacingOccurrences(of: "tester", with: "mallory") : $1 }
        try (damaged.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let right = try cli.run(["verify", "--expect-sequence", "1", "--expect-mac", macs[1]])
        #expect(right.status == 3 && right.stdout.contains("line 4") && !right.stdout.contains("is not the one"), "\(right.stdout)")
        let caught = try cli.run(["verify", "--expect-sequence", "1", "--expect-mac", wrong])
        #expect(caught.status == 3 && caught.stdout.contains("the event with sequence number 1 is not the one whose MAC was given"),
                "before the damage the MAC still tells: \(caught.stdout)")
        let past = try cli.run(["verify", "--expect-sequence", "3", "--expect-mac", wrong])
        #expect(past.status == 3 && !past.stdout.contains("is not the one"), "at the damage nothing is verified: \(past.stdout)")
        #expect(past.stdout.contains("--expect-sequence 3 and --expect-mac could not be checked: event 3 comes at or after the "
            + "first problem"), "not taken as passed: \(past.stdout)")
        let damagedJSON = try cli.run(["verify", "--json"]).decoded(JSONShapes.VerifyResult.self)
        #expect(!damagedJSON.intact && damagedJSON.headMac == nil, "no head of a damaged ledger is worth keeping")
        let header = try cli.run(["verify", "--expect-sequence", "0", "--expect-mac", wrong])
        #expect(header.stdout.contains("the ledger's header (sequence number 0) is not the one whose MAC was given"), "\(header.stdout)")
        #expect(header.stdout.contains("If the number and MAC given are the ones kept, the ledger was replaced by another copy")
            && header.stdout.contains("restore the copy that holds that header"), "\(header.stdout)")
    }

    @Test("--verified-only from a file whose first event line is gone: nothing to keep, and the problem named, not an empty store")
    func verifiedOnlyWithNothingBeforeTheDamage() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let path = folder + "/entitlements.jsonl"
        let cli = StorefrontProcess(ledger: path)
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines.remove(at: 1)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try cli.run(["store", "copy", "--from", path, "--to", folder + "/kept.jsonl"])
        #expect(refused.status == 3 && !refused.stderr.contains("--verified-only"), "no events to keep: \(refused.stderr)")
        // The verify advised is of the source itself, named by its path (before: `storefront verify`, the default file).
        let advised = "`storefront verify --entitlements \(ShellWord.quoted(path))` lists them."
        #expect(refused.stderr.contains("the source \(path) has 2 problems, so nothing was copied; " + advised), "\(refused.stderr)")
        let copied = try cli.run(["store", "copy", "--from", path, "--to", folder + "/kept.jsonl", "--verified-only"])
        #expect(copied.status == 3, "\(copied.stdout)\(copied.stderr)")
        #expect(copied.stderr.contains("has no event before its first problem, so nothing was copied and no target was made: "
            + "line 2 "), "\(copied.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/kept.jsonl"))
    }
}
