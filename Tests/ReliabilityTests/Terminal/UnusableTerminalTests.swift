import Foundation
import StorefrontTesting
import Testing
@testable import StorefrontTesting

/// Terminals the storefront cannot use, and catalogs it cannot read, get a clear message and
/// an exit status before the screen is touched; a non-UTF-8 locale falls back to C.UTF-8.
@Suite("Hostile terminal: unusable terminals and locales, in tmux", .serialized)
struct UnusableTerminalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Put before the binary on the shell command line.
        var prefix: String
        var arguments: [String] = []
        var status: Int
        var message: String

        var testDescription: String { name }
    }

    static let refusals = [
        Case(name: "TERM=dumb", prefix: "env TERM=dumb ", status: 2, message: "cannot move the cursor"),
        Case(name: "an unknown TERM", prefix: "env TERM=no-such-terminal ", status: 2, message: "is not in the terminfo database"),
        Case(name: "TERM unset", prefix: "env -u TERM ", status: 2, message: "TERM is not set"),
        Case(name: "standard output piped", prefix: "", arguments: [], status: 2, message: "no terminal to open the storefront in"),
        Case(name: "invalid UTF-8 in the catalog", prefix: "", arguments: ["--catalog", "invalid-utf8.json"], status: 3,
             message: "invalid UTF-8 in a string"),
    ]

    @Test("is refused with a clear message before the screen is touched", arguments: refusals)
    func refused(_ refusal: Case) throws {
        let directory = try ScratchDirectory("unusable")
        try Data(Array(#"{"format":"storefront-catalog","version":1,"app":{"name":"Bad \#u{FF}"}}"#.utf8).map { $0 == 0xC3 ? 0xFF : $0 })
            .write(to: URL(fileURLWithPath: directory.file("invalid-utf8.json")))
        var words = [StorefrontProcess.binary, "--entitlements", directory.file("entitlements.jsonl")]
        words += refusal.arguments.map { $0.hasSuffix(".json") ? directory.file($0) : $0 }
        var command = refusal.prefix + words.map(TmuxSession.quoted).joined(separator: " ")
        if refusal.name == "standard output piped" {
            // Output to a file, not a terminal; the status is the storefront's, not a pipe's.
            let output = TmuxSession.quoted(directory.file("output.txt"))
            command = "\(command) > \(output) 2>&1; status=$?; cat \(output); (exit $status)"
        }
        let tmux = try TmuxSession(command: command, width: 100, height: 30, environment: ["LANG": "C.UTF-8"], statusLine: false, reportsExit: true)
        let status = try tmux.waitForExit()
        let screen = try tmux.rows().joined(separator: " ")
        #expect(status == refusal.status, "\(screen)")
        #expect(screen.contains(refusal.message), "\(screen)")
        #expect(try tmux.query("#{alternate_on}") == "0")
        #expect(try tmux.query("#{cursor_flag}") == "1")
    }

    @Test("a locale without UTF-8 falls back to C.UTF-8 and still shows euros and box drawing")
    func nonUTF8LocaleFallsBack() throws {
        let directory = try ScratchDirectory("locale")
        let words = [StorefrontProcess.binary, "--entitlements", directory.file("entitlements.jsonl"), "--locale", "de_DE"]
        let tmux = try TmuxSession(
            command: "env -u LANG LC_ALL=C " + words.map(TmuxSession.quoted).joined(separator: " "), width: 100, height: 30,
            environment: [:], statusLine: false, reportsExit: true)
        let shown = try tmux.pollRows { screen in
            screen.contains { $0.contains("┌") } && screen.contains { $0.contains("€") }
        }
        #expect(shown.matched, "\(shown.screen)")
        try tmux.press("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("with standard input closed or not a terminal, a command-less run prints the usage and exits 2")
    func standardInputNotATerminal() throws {
        let directory = try ScratchDirectory("stdin")
        let ledger = directory.file("entitlements.jsonl")
        let quoted = [StorefrontProcess.binary, "--entitlements", ledger].map(TmuxSession.quoted).joined(separator: " ")
        for redirect in ["< /dev/null", "<&-"] {
            let result = try CleanSpawn.run("/bin/sh", ["-c", "\(quoted) \(redirect)"], environment: ["LANG": "C.UTF-8"])
            #expect(result.status == 2, "\(redirect): \(result.output)")
            #expect(result.output.contains("no terminal to open the storefront in"), "\(redirect): \(result.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: ledger))
    }
}
