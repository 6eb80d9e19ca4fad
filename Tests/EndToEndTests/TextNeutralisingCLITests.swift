import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing

/// Catalog text and echoed command-line values never drive the terminal (issue 12, item 11).
@Suite struct TextNeutralisingCLITests {
    /// Sets the window title, clears the screen, starts an 8-bit CSI colour and flips the text.
    static let hostile = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}Title"
    let cli: StorefrontProcess
    let catalog: String

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        catalog = try TestCatalog(appName: "App" + Self.hostile, creditName: "Coins" + Self.hostile,
                                  consumableTitle: "Coin" + Self.hostile, consumableDescription: "Desc" + Self.hostile,
                                  nonConsumableTitle: "Gold" + Self.hostile).write()
    }

    /// Scalars a terminal acts on: C0 controls but the line feed, DEL, C1 and bidi controls.
    static func actedOn(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
    }

    func expectNeutral(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try cli.run(arguments + ["--catalog", catalog])
        #expect(Self.actedOn(result.stdout).isEmpty, "stdout of \(arguments): \(result.stdout.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(Self.actedOn(result.stderr).isEmpty, "stderr of \(arguments): \(result.stderr.debugDescription)",
                sourceLocation: sourceLocation)
    }

    @Test func catalogTextIsNeutralisedInEveryListing() throws {
        try expectNeutral(["buy", TestCatalog.consumableID])
        try expectNeutral(["buy", TestCatalog.nonConsumableID])
        try expectNeutral(["products"])
        try expectNeutral(["transactions"])
        try expectNeutral(["entitlements"])
        try expectNeutral(["spend", TestCatalog.creditID])
        try expectNeutral(["spend", TestCatalog.creditID, "--amount", "5"])
        try expectNeutral(["deliver-unfinished"])
        let products = try cli.run(["products", "--catalog", catalog])
        #expect(products.stdout.contains("CoinEvilTitle"), "the text around the sequences is kept: \(products.stdout)")
    }

    @Test func echoedValuesAreNeutralised() throws {
        try expectNeutral(["buy", "nope" + Self.hostile])
        try expectNeutral(["spend", "nope" + Self.hostile])
        try expectNeutral(["products", "--locale", "de" + Self.hostile])
        try expectNeutral(["products", "--device", "phone" + Self.hostile])
        try expectNeutral(["products", "--account", "eve" + Self.hostile])
        try expectNeutral(["refund", "1" + Self.hostile])
        try expectNeutral(["fly" + Self.hostile])
    }

    @Test func jsonKeepsTheExactTextEscaped() throws {
        let result = try cli.run(["products", "--json", "--catalog", catalog])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.actedOn(result.stdout).isEmpty, "every such character is a \\u escape: \(result.stdout.debugDescription)")
        let products = try result.decoded([JSONShapes.ProductEntry].self)
        #expect(products.first { $0.id == TestCatalog.consumableID }?.title == "Coin" + Self.hostile)
        #expect(products.first { $0.id == TestCatalog.consumableID }?.description == "Desc" + Self.hostile)
    }

    @Test func lintWarnsAboutControlAndBidiCharacters() throws {
        let lint = try cli.run(["catalog", "lint", catalog])
        #expect(lint.status == 0, "warnings only: \(lint.stderr)")
        #expect(Self.actedOn(lint.stdout).isEmpty)
        // Each at its place, named as the errors name fields.
        for field in ["app.name", "credits[0].names.en", "products[0].localizations.en.title", "products[0].localizations.en.description"] {
            #expect(lint.stdout.contains(": warning: ") && lint.stdout.contains("field \(field): the text contains control characters"),
                    "\(field): \(lint.stdout)")
        }
        #expect(!lint.stdout.contains("json: warning"), "every warning has a line and column: \(lint.stdout)")
        let clean = try cli.run(["catalog", "lint", try TestCatalog().write()])
        #expect(!clean.stdout.contains("warning"), "\(clean.stdout)")
    }
}
