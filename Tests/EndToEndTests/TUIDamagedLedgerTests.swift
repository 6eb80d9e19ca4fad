import Foundation
import Testing
@testable import StorefrontTesting

/// The storefront opened on a ledger whose last line was cut: it starts, read-only, with its
/// banner, showing what was read.
@Suite("TUI in tmux: a damaged ledger", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIDamagedLedgerTests {
    @Test("A ledger cut at its end opens read-only with the banner and the balance read before the cut")
    func cutLedgerOpensReadOnly() async throws {
        let tui = try TUITests()
        for _ in 0..<2 { #expect(try tui.cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        let path = tui.cli.ledger
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.dropLast(30).write(to: URL(fileURLWithPath: path))

        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try await tmux.waitFor("Read-only", "Extra Lives: 3", "line 3 is missing or incomplete")
    }
}
