import Foundation
import StorefrontCommands
import Testing

/// The completion scripts, run by the shells themselves: bash completes from a sourced
/// script; zsh and fish accept theirs (see `CompletionShells` for a missing shell).
@Suite("Commands: shell completions")
struct CompletionScriptTests {
    let shells = CompletionShells()

    private func bashOffers(_ words: [String], bash: String, script: String) throws -> [String] {
        try shells.bashOffers(words, bash: bash, script: script)
    }

    @Test func bashCompletesCommandsOptionsAndProductIds() throws {
        guard let bash = CompletionShells.shell("bash") else { return }
        let script = try CompletionShells.scriptFile(.bash)
        #expect(try bashOffers(["bu"], bash: bash, script: script) == ["buy"])
        #expect(try bashOffers(["re"], bash: bash, script: script)
            == ["receipt", "refund", "renew", "repair", "reset-device", "resolve", "resolve-billing", "restore", "resume-renewal"])
        #expect(try bashOffers(["catalog", ""], bash: bash, script: script) == ["convert", "lint"])
        #expect(try bashOffers(["buy", "--"], bash: bash, script: script).contains("--app-account-token"))
        #expect(try bashOffers(["buy", "x", "--simulate", ""], bash: bash, script: script) == ["cancel", "fail"])
        #expect(try bashOffers(["spend", "--am"], bash: bash, script: script) == ["--amount"])
        #expect(try bashOffers(["buy", "com.example.rage.n"], bash: bash, script: script)
            == ["com.example.rage.newsletter", "com.example.rage.noads"])
        // The catalog named on the line is the one whose products are offered.
        #expect(try bashOffers(["--catalog", "SpaceShooter", "buy", "com.example.space"], bash: bash, script: script)
            == ["com.example.spaceshooter.donate", "com.example.spaceshooter.greenship", "com.example.spaceshooter.lives.5"])
        #expect(try bashOffers(["spend", ""], bash: bash, script: script) == ["extra-lives", "rage-faces"])
        // serve takes a catalog per app: a second --catalog is offered, and completed, as the first.
        #expect(try bashOffers(["serve", "--catalog", "Rage", "--cat"], bash: bash, script: script) == ["--catalog"])
        #expect(try bashOffers(["serve", "--catalog", "Rage", "--catalog", "Maga"], bash: bash, script: script).contains("Magazine"))
        #expect(try bashOffers(["settings", "set", "ask"], bash: bash, script: script) == ["ask-to-buy"])
    }

    @Test func zshAcceptsItsScript() throws {
        guard let zsh = CompletionShells.shell("zsh") else { return }
        let result = try shells.run(zsh, ["-n", try CompletionShells.scriptFile(.zsh)])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func fishAcceptsItsScriptAndCompletesProductIds() throws {
        guard let fish = CompletionShells.shell("fish") else { return }
        let script = try CompletionShells.scriptFile(.fish)
        let check = try shells.run(fish, ["--no-execute", script])
        #expect(check.status == 0, "\(check.output)")
        let offered = try shells.run(fish, ["-c", "source '\(script)'; complete -C 'storefront buy com.example.rage.n'"])
        #expect(offered.output.split(separator: "\n").sorted() == ["com.example.rage.newsletter", "com.example.rage.noads"],
                "\(offered.output)")
    }
}
