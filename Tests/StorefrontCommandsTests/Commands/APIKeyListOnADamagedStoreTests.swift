import Foundation
import StorefrontTesting
import Testing

/// `api-key list` on a damaged store with no key before the damage: its result says the keys
/// after the damage cannot be listed, and the damage itself (where reading stops, what mends
/// it) is the warning every reading command gives on stderr, said once in either mode.
@Suite struct APIKeyListOnADamagedStoreTests {
    static let whereReadingStops = "what is shown stops before line 3, the first that cannot be trusted"
    /// The advice as it reads for a store named by --entitlements, which it names again.
    static func advice(_ cli: StorefrontProcess) -> String { cli.advised("verify") + " lists the problems" }

    /// A store of two purchases and no key whose second event line (line 3) was then edited.
    static func damagedStoreWithoutKeys() throws -> StorefrontProcess {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        var lines = try String(contentsOfFile: cli.ledger, encoding: .utf8).components(separatedBy: "\n")
        try #require(lines[2].contains("\"quantity\":1"), "\(lines[2])")
        lines[2] = lines[2].replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":7")
        try lines.joined(separator: "\n").write(toFile: cli.ledger, atomically: false, encoding: .utf8)
        return cli
    }

    static func times(_ text: String, in output: String) -> Int { output.components(separatedBy: text).count - 1 }

    @Test func forPeopleTheResultIsOnStdoutAndTheDamageIsSaidOnceOnStderr() throws {
        let cli = try Self.damagedStoreWithoutKeys()
        let listed = try cli.run(["api-key", "list"])
        #expect(listed.status == 3, "\(listed.stderr)")
        #expect(listed.stdout == "No in-app purchase keys in what can be read; keys recorded after the damage the warning names "
            + "cannot be listed.\n")
        for said in [Self.whereReadingStops, Self.advice(cli)] {
            #expect(Self.times(said, in: listed.stdout + listed.stderr) == 1, "\(listed.stdout)\(listed.stderr)")
            #expect(Self.times(said, in: listed.stderr) == 1, "\(listed.stderr)")
        }
        #expect(listed.stderr.hasPrefix("storefront: warning: "), "\(listed.stderr)")
    }

    @Test func asJSONTheKeysAreOnStdoutAndTheDamageIsSaidOnceOnStderr() throws {
        let cli = try Self.damagedStoreWithoutKeys()
        let listed = try cli.run(["api-key", "list", "--json"])
        #expect(listed.status == 3, "\(listed.stderr)")
        #expect((listed.json()?["keys"] as? [Any])?.isEmpty == true, "\(listed.stdout)")
        for said in [Self.whereReadingStops, Self.advice(cli)] {
            #expect(Self.times(said, in: listed.stdout + listed.stderr) == 1, "\(listed.stdout)\(listed.stderr)")
        }
    }
}
