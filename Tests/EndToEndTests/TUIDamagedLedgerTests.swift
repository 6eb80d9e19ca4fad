import Foundation
import Testing
@testable import StorefrontTesting

/// The storefront opened on a ledger whose last line was cut: it starts, read-only, with its
/// banner, showing what was read. A ledger damaged while the storefront is open gets the same
/// banner, with no alert, until `storefront repair` mends it.
@Suite("TUI in tmux: a damaged ledger", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIDamagedLedgerTests {
    /// The storefront over a ledger of two purchases of lives whose last 30 bytes were cut off.
    static func openOnCutLedger() async throws -> TmuxSession {
        let tui = try TUITests()
        for _ in 0..<2 { #expect(try tui.cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        let path = tui.cli.ledger
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.dropLast(30).write(to: URL(fileURLWithPath: path))
        return try await tui.openStorefront()
    }

    @Test("A ledger cut at its end opens read-only with the banner and the balance read before the cut")
    func cutLedgerOpensReadOnly() async throws {
        let tmux = try await Self.openOnCutLedger()
        defer { tmux.kill() }
        try await tmux.waitFor("Read-only", "Extra Lives: 3", "line 3 is missing or incomplete")
    }

    @Test("Read-only: u is refused before the use screen opens; the settings open but Enter there is refused")
    func readOnlyRefusesUseAndSettingChanges() async throws {
        let tmux = try await Self.openOnCutLedger()
        defer { tmux.kill() }
        try await tmux.waitFor("Read-only", "Extra Lives: 3")
        try tmux.press("u")
        let refused = try await tmux.waitFor("Enter OK")
        #expect(!refused.contains("use a life"), "\(refused)")
        try tmux.press("Enter", "s")
        try await tmux.waitFor("Settings (device", "Esc close")
        try tmux.press("Enter")
        try await tmux.waitFor("Enter OK")
    }

    @Test("A line edited by hand while open brings the banner and Read-only, no alert; `repair` takes them away")
    func damageWhileOpenThenRepair() async throws {
        let tui = try TUITests()
        #expect(try tui.cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        // A subscription, so the storefront also tries to record renewals every second.
        #expect(try tui.cli.run(["buy", "com.example.rage.pro.monthly"]).status == 0)
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try await tmux.waitFor("Extra Lives: 3")

        let url = URL(fileURLWithPath: tui.cli.ledger)
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: #"{"seq":1,"#, with: #"{"seq":1,"note":"edited","#)
            .write(to: url, atomically: false, encoding: .utf8)
        let damaged = try await tmux.waitFor("Read-only", "line 2 does not match its MAC")
        #expect(!damaged.contains("Could not complete"), "\(damaged)")
        try tmux.press("Enter")
        try await tmux.waitFor("Enter OK", "line 2 does not match its MAC")
        try tmux.press("Enter")

        #expect(try tui.cli.run(["repair"]).status == 0)
        let mended = try await tmux.waitForScreen("the banner gone") { !$0.contains("Read-only") && $0.contains("┌ Products") }
        #expect(!mended.contains("Could not complete") && !mended.contains("Enter OK"), "\(mended)")
    }

    @Test("A digit changed in place while open (same size) brings the banner; changing it back takes it away")
    func sameSizeEditWhileOpenThenUndone() async throws {
        let tui = try TUITests()
        for _ in 0..<2 { #expect(try tui.cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try await tmux.waitFor("Extra Lives: 6")

        try Self.overwriteInPlace(#"{"seq":2,"#, with: #"{"seq":3,"#, in: tui.cli.ledger)
        let damaged = try await tmux.waitFor("Read-only", "line 3 ")
        #expect(damaged.contains("Extra Lives: 3"), "what is shown stops before the edited line: \(damaged)")
        try Self.overwriteInPlace(#"{"seq":3,"#, with: #"{"seq":2,"#, in: tui.cli.ledger)
        try await tmux.waitForScreen("the banner gone") { !$0.contains("Read-only") && $0.contains("Extra Lives: 6") }
    }

    /// Writes `replacement` over the first `original` in the file without truncating it, as
    /// an editor saving into the file does.
    private static func overwriteInPlace(_ original: String, with replacement: String, in path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: original))
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(text.utf8.distance(from: text.startIndex, to: range.lowerBound)))
        try handle.write(contentsOf: Data(replacement.utf8))
    }
}
