import Foundation
import StorefrontCommands
import StorefrontTesting
import StoreEngine
import Testing

/// A ledger whose key file is missing, malformed or from another ledger is refused for
/// writing by the binary, with a message naming the key file and what to do, and is left as it was.
@Suite("Key refusal: missing or wrong key files")
struct KeyRefusalTests {
    enum KeyDamage: String, CaseIterable, Sendable {
        case missing, malformed, fromAnotherLedger
    }

    static let expectedMessage: [KeyDamage: String] = [
        .missing: "is missing, so no line can be verified; restore it from a backup",
        .malformed: "does not hold a key (expected 64 hexadecimal digits)",
        .fromAnotherLedger: "does not verify with the key in",
    ]

    @Test("writing is refused and nothing changes", arguments: KeyDamage.allCases)
    func refusedForWriting(damage: KeyDamage) throws {
        let directory = try ScratchDirectory("key")
        let cli = StorefrontProcess(ledger: directory.file("entitlements.jsonl"))
        let keyPath = cli.ledger + ".key"
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        switch damage {
        case .missing:
            try FileManager.default.removeItem(atPath: keyPath)
        case .malformed:
            try ScratchDirectory.write(Array("not a key\n".utf8), to: keyPath)
        case .fromAnotherLedger:
            let other = StorefrontProcess(ledger: directory.file("other.jsonl"))
            #expect(try other.run(["buy", Rage.face]).status == 0)
            try ScratchDirectory.write(try ScratchDirectory.bytes(other.ledger + ".key"), to: keyPath)
        }
        let before = try ScratchDirectory.bytes(cli.ledger)
        let expected = try #require(Self.expectedMessage[damage])

        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3, "\(buy.stderr)")
        #expect(buy.stderr.contains("refusing to write to \(cli.ledger)"), "\(buy.stderr)")
        #expect(buy.stderr.contains(keyPath) && buy.stderr.contains(expected), "\(buy.stderr)")
        let spend = try cli.run(["spend", Rage.faces])
        #expect(spend.status == 3 && spend.stderr.contains(expected), "\(spend.stderr)")
        #expect(try ScratchDirectory.bytes(cli.ledger) == before)

        let verify = try cli.run(["verify"])
        #expect(verify.status == 3)
        #expect(verify.stdout.contains(keyPath), "\(verify.stdout)")
        // Reading works, but says the ledger cannot be trusted, in its exit status and its JSON.
        let entitlements = try cli.run(["entitlements", "--json"])
        #expect(entitlements.status == 3, "\(entitlements.stderr)")
        #expect(entitlements.stderr.contains("read-only"), "\(entitlements.stderr)")
        // repair refuses a damaged key, so the warning names the fix that works instead.
        #expect(entitlements.stderr.contains(cli.advised("repair") + " cannot fix this") && entitlements.stderr.contains(expected),
                "\(entitlements.stderr)")
        #expect(try cli.run(["repair"]).status == 3)
        #expect(try entitlements.decoded(JSONShapes.EntitlementsResult.self).ledger.state == "damaged", "\(entitlements.stdout)")
    }

    @Test("a key others can read: the warning says to make it private, not to repair")
    func exposedKeyWarningNamesTheFix() throws {
        let directory = try ScratchDirectory("key")
        let cli = StorefrontProcess(ledger: directory.file("entitlements.jsonl"))
        #expect(try cli.run(["buy", Rage.face]).status == 0)
        #expect(chmod(cli.ledger + ".key", 0o644) == 0)
        let read = try cli.run(["entitlements"])
        #expect(read.status == 3)
        #expect(read.stderr.contains(cli.advised("repair") + " cannot fix this: the key file") && read.stderr.contains("is not private"),
                "\(read.stderr)")
        #expect(!read.stderr.contains(cli.advised("repair") + " keeps"), "\(read.stderr)")
    }

    @Test("a refused first purchase (the key file is a symbolic link) creates no ledger and no lock file")
    func refusedFirstPurchaseCreatesNothing() throws {
        let directory = try ScratchDirectory("key")
        let cli = StorefrontProcess(ledger: directory.file("entitlements.jsonl"))
        try ScratchDirectory.write(Array(String(repeating: "ab", count: 32).utf8) + [10], to: directory.file("real.key"))
        #expect(chmod(directory.file("real.key"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: cli.ledger + ".key", withDestinationPath: directory.file("real.key"))
        let buy = try cli.run(["buy", Rage.face])
        #expect(buy.status == 3, "\(buy.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger), "no empty ledger is left behind")
        #expect(!FileManager.default.fileExists(atPath: cli.ledger + ".lock"), "no lock file is left behind")
    }
}
