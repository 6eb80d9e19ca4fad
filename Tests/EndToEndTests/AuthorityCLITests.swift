import Foundation
import StorefrontTesting
import Testing

/// The certificate authority file through the built binary: every command that signs or
/// prints the root refuses a damaged or foreign file (exit 3, naming the file, what is wrong
/// and what to do) and leaves it as it is; a mistyped path makes nothing.
@Suite struct AuthorityCLITests {
    let cli: StorefrontProcess
    var authorityPath: String { cli.ledger + ".authority.pem" }

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// Every command that signs or prints the root, as a user would run it on this store.
    static let signingCommands: [[String]] = [
        ["certificate"], ["certificate", "--der"], ["buy", "com.example.rage.face", "--json"], ["receipt"],
        ["app-transaction"], ["transactions", "--json"], ["entitlements", "--json"], ["verify-transaction", "2000000000000001"],
        ["serve", "--port", "0"],
    ]

    /// The damage each kind names, made from this store's own sound file.
    enum Damage: String, CaseIterable {
        case empty, notPEM, partMissing, keyNotTheLeafs, chainBroken, otherStores, unsealed

        func text(ours: String, theirs: String) -> String {
            let blocks = ours.components(separatedBy: "-----BEGIN ")
            let seal = blocks[0]
            let theirBlocks = theirs.components(separatedBy: "-----BEGIN ")
            switch self {
            case .empty: return ""
            case .notPEM: return "{\"not\": \"an authority\"}\n"
            case .partMissing: return blocks.dropLast().joined(separator: "-----BEGIN ")
            case .keyNotTheLeafs: return ([seal, theirBlocks[1]] + blocks[2...]).joined(separator: "-----BEGIN ")
            case .chainBroken: return (blocks[0...2] + theirBlocks[3...]).joined(separator: "-----BEGIN ")
            case .otherStores: return theirs
            case .unsealed: return ([""] + blocks[1...]).joined(separator: "-----BEGIN ")
            }
        }

        /// Words of the reason the error gives.
        var reason: String {
            switch self {
            case .empty: "it is empty (0 bytes)"
            case .notPEM: "it holds no PEM block"
            case .partMissing: "a part is missing or out of place: it holds a private key and 2 certificates"
            case .keyNotTheLeafs: "its private key does not belong to its leaf certificate"
            case .chainBroken: "its three certificates are not a chain from the leaf up to the root"
            case .otherStores: "it is sealed with another store's key"
            case .unsealed: "it carries no seal of this store's key"
            }
        }
    }

    /// This store's sound authority file and another store's, both made by first use.
    func authorities() throws -> (ours: String, theirs: String) {
        #expect(try cli.run(["buy", "com.example.rage.pro.monthly", "--json"]).status == 0)
        let other = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        #expect(try other.run(["buy", "com.example.rage.noads", "--json"]).status == 0)
        return (try String(contentsOfFile: authorityPath, encoding: .utf8),
                try String(contentsOfFile: other.ledger + ".authority.pem", encoding: .utf8))
    }

    @Test(arguments: Damage.allCases)
    func everySigningCommandRefusesTheDamageAndLeavesTheFile(damage: Damage) throws {
        let (ours, theirs) = try authorities()
        let damaged = Array(damage.text(ours: ours, theirs: theirs).utf8)
        #expect(FileManager.default.createFile(atPath: authorityPath, contents: Data(damaged), attributes: [.posixPermissions: 0o600]))
        let eventsBefore = try cli.events().count
        for command in Self.signingCommands {
            let result = try cli.run(command)
            let said = result.stderr
            #expect(result.status == 3, "\(command): \(result.status) \(said)")
            #expect(said.contains("the certificate authority \(authorityPath) is refused: \(damage.reason)"), "\(command): \(said)")
            #expect(said.contains("estore this store's own file from a backup"), "\(command): \(said)")
            #expect(said.contains("mv -n -T \(authorityPath) \(authorityPath).refused"), "\(command): \(said)")
            #expect(said.contains("configured with the old root refuse everything signed from then on"), "\(command): \(said)")
            #expect(said.contains("--adopt") == (damage == .otherStores || damage == .unsealed), "\(command): \(said)")
            #expect(result.stdout.isEmpty, "\(command) printed \(result.stdout)")
        }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: authorityPath))) == damaged, "never replaced")
        #expect(try cli.events().count == eventsBefore, "buy --json bought nothing it could not sign")
        // One moved aside before is not moved over (before: the same `.refused` name every time).
        #expect(FileManager.default.createFile(atPath: authorityPath + ".refused", contents: Data("an earlier one\n".utf8)))
        let again = try cli.run(Self.signingCommands[0]).stderr
        #expect(again.contains("mv -n -T \(authorityPath) \(authorityPath).refused-2"), "\(again)")
    }

    @Test func anotherStoresAuthorityIsUsedOnlyOnceAdopted() throws {
        let (_, theirs) = try authorities()
        try theirs.write(toFile: authorityPath, atomically: false, encoding: .utf8)
        #expect(try cli.run(["certificate", "--adopt", "--der", "--json"]).status == 2)
        let adopted = try cli.run(["certificate", "--adopt"])
        #expect(adopted.status == 0, "\(adopted.stderr)")
        let theirRoot = theirs.components(separatedBy: "-----BEGIN CERTIFICATE-----").last ?? ""
        #expect(adopted.stdout.contains(theirRoot.trimmingCharacters(in: .newlines)), "\(adopted.stdout)")
        #expect(try cli.run(["receipt"]).status == 0)
        #expect(try cli.run(["certificate"]).stdout == adopted.stdout)

        try "damaged\n".write(toFile: authorityPath, atomically: false, encoding: .utf8)
        let refused = try cli.run(["certificate", "--adopt"])
        #expect(refused.status == 3 && refused.stderr.contains("it holds no PEM block"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: authorityPath, encoding: .utf8) == "damaged\n")
    }

    /// A read-only or reporting command on a path where no store was started says so, and
    /// leaves the folder as it was: no ledger, key, lock or authority.
    @Test(arguments: [
        ["certificate"], ["certificate", "--adopt"], ["receipt"], ["app-transaction"], ["serve", "--port", "0"],
        ["verify-transaction", "2000000000000001"],
    ])
    func aMistypedPathMakesNothing(command: [String]) throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let typo = StorefrontProcess(ledger: folder + "/entitlments.jsonl")
        let result = try typo.run(command)
        #expect(result.status == 3, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("there is no entitlements file at \(typo.ledger)"), "\(command): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(command) made a file")
    }

    /// A signing command given a file that is no ledger (notes, a catalog) says that, not that
    /// the store's key is missing (before: "a first purchase starts a new store", where a purchase
    /// is refused), and makes nothing beside it.
    @Test(arguments: [["certificate"], ["receipt"], ["app-transaction"]])
    func aFileThatIsNoLedgerIsSaidSo(command: [String]) throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let notes = folder + "/notes.txt"
        try "shopping list\nmilk\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let result = try StorefrontProcess(ledger: notes).run(command)
        #expect(result.status == 3, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("\(notes) is no entitlements file (") && result.stderr.contains("nothing was signed"),
                "\(command): \(result.stderr)")
        #expect(!result.stderr.contains("a first purchase starts a new store"), "\(command): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"], "\(command) made a file")
    }

    @Test(arguments: [["transactions", "--json"], ["entitlements", "--json"], ["notifications"]])
    func aListingOfAMistypedPathMakesNothing(command: [String]) throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let result = try StorefrontProcess(ledger: folder + "/entitlments.jsonl").run(command)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "\(command) made a file")
    }

    /// First use by several processes at once, through different commands: one authority.
    @Test func processesMakingTheAuthorityAtOnceThroughDifferentCommandsAgree() async throws {
        #expect(try cli.run(["buy", "com.example.rage.noads"]).status == 0)
        let commands: [[String]] = [["certificate"], ["receipt"], ["app-transaction"], ["transactions", "--json"],
                                    ["certificate"], ["receipt"]]
        let statuses = await withTaskGroup(of: Int32.self) { group in
            for command in commands {
                group.addTask { (try? cli.run(command).status) ?? -1 }
            }
            var all: [Int32] = []
            for await status in group { all.append(status) }
            return all
        }
        #expect(statuses == Array(repeating: 0, count: commands.count))
        let text = try String(contentsOfFile: authorityPath, encoding: .utf8)
        #expect(text.hasPrefix("Storefront-Store-Seal: "))
        let root = try cli.run(["certificate"]).stdout
        #expect(text.hasSuffix(root), "the file holds the root every later command prints")
        let listed = try cli.run(["transactions", "--json"]).jsonArray()?.first?["signedTransaction"] as? String
        #expect(try cli.run(["verify-transaction", try #require(listed)]).status == 0)
    }
}
