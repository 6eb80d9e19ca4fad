import Foundation
import StorefrontCommands
import Testing

/// The completion scripts, run by the shells themselves: bash completes from a sourced
/// script; zsh and fish accept theirs. Where a shell is missing the test fails when `CI` is
/// set (`.ci/run` installs them) and is passed over otherwise.
@Suite("Commands: shell completions")
struct CompletionScriptTests {
    /// The folder of the built `storefront`, which the scripts call for product ids.
    static let binaryFolder: String = {
        let candidates = [Bundle.main.executableURL?.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL.deletingLastPathComponent()].compactMap { $0?.path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0 + "/storefront") } ?? candidates[0]
    }()

    /// The shell's path; nil (after recording a failure under CI) when it is not installed.
    private func shell(_ name: String) -> String? {
        if let path = ["/usr/bin/\(name)", "/bin/\(name)"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            return path
        }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("\(name) is not installed; .ci/run installs it with apt")
        }
        return nil
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["PATH": Self.binaryFolder + ":/usr/bin:/bin", "HOME": NSTemporaryDirectory(),
                               "STOREFRONT_ENTITLEMENTS": NSTemporaryDirectory() + "storefront-completion-\(UUID().uuidString).jsonl"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func scriptFile(_ shell: CompletionShell) throws -> String {
        let path = NSTemporaryDirectory() + "storefront-completion-\(UUID().uuidString).\(shell.rawValue)"
        try shell.script().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What bash's `_storefront` offers for `words`, the last being the word under the cursor.
    private func bashOffers(_ words: [String], bash: String, script: String) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = "source '\(script)'; COMP_WORDS=(storefront \(quoted)); COMP_CWORD=\(words.count); _storefront; "
            + "printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try run(bash, ["-c", program])
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsOptionsAndProductIds() throws {
        guard let bash = shell("bash") else { return }
        let script = try scriptFile(.bash)
        #expect(try bashOffers(["bu"], bash: bash, script: script) == ["buy"])
        #expect(try bashOffers(["re"], bash: bash, script: script)
            == ["refund", "renew", "repair", "reset-device", "resolve", "resolve-billing", "restore", "resume-renewal"])
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
        #expect(try bashOffers(["settings", "set", "ask"], bash: bash, script: script) == ["ask-to-buy"])
    }

    @Test func zshAcceptsItsScript() throws {
        guard let zsh = shell("zsh") else { return }
        let result = try run(zsh, ["-n", try scriptFile(.zsh)])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func fishAcceptsItsScriptAndCompletesProductIds() throws {
        guard let fish = shell("fish") else { return }
        let script = try scriptFile(.fish)
        let check = try run(fish, ["--no-execute", script])
        #expect(check.status == 0, "\(check.output)")
        let offered = try run(fish, ["-c", "source '\(script)'; complete -C 'storefront buy com.example.rage.n'"])
        #expect(offered.output.split(separator: "\n").sorted() == ["com.example.rage.newsletter", "com.example.rage.noads"],
                "\(offered.output)")
    }
}
