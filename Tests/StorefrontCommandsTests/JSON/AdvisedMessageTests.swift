import Foundation
@testable import StorefrontCommands
import StorefrontTesting
import StorefrontText
import StoreLedger
@testable import StoreCatalog
import Testing

/// Advice inside `--json` output names the options the command was given, as on stderr; the
/// output's data is written exactly.
@Suite("JSON: messages' advice names the options given")
struct AdvisedMessageTests {
    static let options = StoreCommandText.advisedOptions(store: .file(path: "/tmp/my shop.jsonl", namedByOption: true),
                                                         catalogs: [], account: "bob", device: "default")

    @Test("a message's advised command gains the options; a product id holding the same words is left as it is")
    func messageNamedDataLeft() throws {
        let result = JSONShapes.PurchaseResult(
            outcome: "refused", transactionId: nil, productId: "`storefront buy x`",
            message: "allow them with `storefront settings set purchases-allowed true`.", credit: nil, balance: nil,
            expiresDate: nil, reason: nil)
        let text = String(decoding: try JSONShapes.encoder(advising: Self.options).encode(result), as: UTF8.self)
        let decoded = try JSONShapes.decode(JSONShapes.PurchaseResult.self, from: text)
        #expect(decoded.message == "allow them with `storefront --entitlements '/tmp/my shop.jsonl' --account bob settings set "
            + "purchases-allowed true`.")
        #expect(decoded.productId == "`storefront buy x`", "data is not advice")
        let plain = String(decoding: try JSONShapes.encoder().encode(result), as: UTF8.self)
        #expect(try JSONShapes.decode(JSONShapes.PurchaseResult.self, from: plain).message == result.message)
    }

    @Test("buy --json on a file given with --entitlements, as another account: the refusal's advice names both (before: neither, so pasted it changed the default file)")
    func buyJSONAdviceNamesTheStore() throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/my shop.jsonl")
        #expect(try cli.run(["settings", "set", "purchases-allowed", "false"]).status == 0)
        let refused = try cli.run(["buy", "com.example.rage.noads", "--account", "bob", "--json"])
        let message = try refused.decoded(JSONShapes.PurchaseResult.self).message
        #expect(message.contains("`storefront --entitlements \(ShellWord.quoted(cli.ledger)) --account bob settings set "
            + "purchases-allowed true`"), "\(message)")
    }
}

extension AdvisedMessageTests {
    @Test("a catalog given by a relative path is advised by its absolute path, so the command pasted elsewhere reads it (before: relative, 'catalog file does not exist')")
    func relativeCatalogIsAdvisedAbsolute() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/cat dir", withIntermediateDirectories: true)
        try Data(try #require(CatalogLoader.bundledBytes("Rage"))).write(to: URL(fileURLWithPath: folder + "/cat dir/shop.json"))
        var cli = StorefrontProcess(ledger: folder + "/shop.jsonl")
        cli.workingDirectory = folder
        #expect(try cli.run(["settings", "set", "purchases-allowed", "false", "--catalog", "cat dir/shop.json"]).status == 0)
        let refused = try cli.run(["buy", "com.example.rage.noads", "--catalog", "cat dir/shop.json"])
        #expect((refused.stdout + refused.stderr).contains("--catalog '\(folder)/cat dir/shop.json' settings set purchases-allowed true`"),
                "\(refused.stdout)\(refused.stderr)")
    }
}

extension AdvisedMessageTests {
    @Test("a built-in catalog given by its name is advised as builtin:NAME, which reads the built-in one even where a file of that name is (before: pasted there, the command read the file)")
    func builtInCatalogIsAdvisedByItsPrefix() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: folder + "/shop.jsonl")
        cli.workingDirectory = folder
        let sports = "com.example.magazine.sports.season"
        #expect(try cli.run(["settings", "set", "purchases-allowed", "false", "--catalog", "Magazine.json"]).status == 0)
        let refused = try cli.run(["buy", sports, "--catalog", "Magazine.json"])
        let advised = "--catalog builtin:Magazine settings set purchases-allowed true`"
        #expect((refused.stdout + refused.stderr).contains(advised), "\(refused.stdout)\(refused.stderr)")
        // A file of that name now in the folder: the bare name reads it, the advised one does not.
        try Data("{\"not\": \"a catalog\"}".utf8).write(to: URL(fileURLWithPath: folder + "/Magazine.json"))
        #expect(try cli.run(["products", "--catalog", "Magazine.json"]).status != 0)
        #expect(try cli.run(["settings", "set", "purchases-allowed", "true", "--catalog", "builtin:Magazine"]).status == 0)
        #expect(try cli.run(["buy", sports, "--catalog", "builtin:magazine"]).status == 0)
        let unknown = try cli.run(["products", "--catalog", "builtin:Nope"])
        // Nothing was found to read, so nothing in a file is to be fixed: one line says so (before: "the catalog has 1 problem; fix it").
        #expect(unknown.status != 0 && unknown.stderr
            == "storefront: builtin:Nope: no built-in catalog named Nope; built in are builtin:Rage, builtin:SpaceShooter, builtin:Magazine\n",
                "\(unknown.stderr)")
        let missing = try cli.run(["products", "--catalog", "Nope.json"])
        #expect(missing.status != 0 && missing.stderr == "storefront: Nope.json: the catalog file does not exist (check the path); "
            + "or name a built-in catalog: builtin:Rage, builtin:SpaceShooter, builtin:Magazine\n", "\(missing.stderr)")
        // A folder of a built-in catalog's name is read instead of it; the refusal says how to reach the built-in one.
        try FileManager.default.createDirectory(atPath: folder + "/SpaceShooter", withIntermediateDirectories: true)
        let folderNamed = try cli.run(["products", "--catalog", "SpaceShooter"])
        #expect(folderNamed.status != 0 && folderNamed.stderr.contains("the built-in catalog of that name is builtin:SpaceShooter"),
                "\(folderNamed.stderr)")
        let empty = try cli.run(["products", "--catalog", "builtin:"])
        #expect(empty.status != 0 && empty.stderr.contains("builtin: names no catalog; built in are"), "\(empty.stderr)")
    }
}

extension AdvisedMessageTests {
    @Test("serve given several catalogs advises commands on its first only, which run as pasted; a catalog named builtin: is advised so, even beside a file of that very name (before: --catalog twice, refused; or the file's path)")
    func serveAdvisesOneCatalog() throws {
        let folder = try StorefrontProcess.temporaryFolder()
        var cli = StorefrontProcess(ledger: folder + "/new.jsonl")
        cli.workingDirectory = folder
        try Data("{\"not\": \"a catalog\"}".utf8).write(to: URL(fileURLWithPath: folder + "/builtin:Magazine"))
        let refused = try cli.run(["serve", "--port", "0", "--catalog", "builtin:Magazine", "--catalog", "Rage"])
        let advised = try #require(PastedCommand.quoted(startingWith: "storefront", in: refused.stderr), "\(refused.stderr)")
        #expect(advised.hasSuffix("--catalog builtin:Magazine certificate"), "\(advised)")
        #expect(advised.components(separatedBy: "--catalog").count == 2, "one catalog: \(advised)")
    }
}
