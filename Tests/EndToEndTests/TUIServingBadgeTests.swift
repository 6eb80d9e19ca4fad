import Foundation
import StorefrontTesting
import Testing
@testable import StorefrontTesting

/// The storefront's header shows a `storefront serve` serving its ledger while it runs, and
/// stops showing it once the server has stopped.
@Suite("TUI in tmux: the serving badge", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIServingBadgeTests {
    @Test func theHeaderShowsARunningServerAndLosesTheBadgeWhenItStops() async throws {
        let cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
        // `serve` serves a store that exists (a mistyped path must not become a new one).
        #expect(try cli.run(["api-key", "create"]).status == 0)
        let command = [StorefrontProcess.binary, "--entitlements", cli.ledger].map { "'\($0)'" }.joined(separator: " ")
            + "; echo EXITED=$?; sleep 60"
        let tmux = try TmuxSession(command: command, width: 100, height: 30)
        defer { tmux.kill() }
        try await tmux.waitFor("┌ Products", " q quit")
        #expect(!(try tmux.screen()).contains("Serving"))

        let server = try ServeProcess(cli)
        try await tmux.waitFor("Serving http://127.0.0.1:\(server.port)")
        server.stop()
        try await tmux.waitForScreen("the header without the serving badge") { !$0.contains("Serving") }
    }
}
