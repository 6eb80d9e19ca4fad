import Foundation
import Glibc
import StorefrontTesting
import Testing

/// The storefront open while its key file is moved away and back: it turns read-only with the
/// missing-key banner without any change to the entitlements file, and takes purchases again
/// once the key file is back, without being started again.
@Suite("TUI in tmux: the key file moved away and back", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIKeyFileChangeTests {
    @Test("Key file moved away: Read-only and the missing-key banner; moved back: the banner goes and a purchase goes through")
    func keyFileMovedAwayAndBack() async throws {
        let tui = try TUITests()
        #expect(try tui.cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try await tmux.waitFor("Extra Lives: 3")
        let keyPath = tui.cli.ledger + ".key", aside = tui.cli.ledger + ".key.aside"
        let ledgerBefore = try Data(contentsOf: URL(fileURLWithPath: tui.cli.ledger))

        #expect(rename(keyPath, aside) == 0)
        let refused = try await tmux.waitFor("Read-only", "has a problem: the key file")
        #expect(!refused.contains("Could not complete"), "the banner, not an alert: \(refused)")
        try tmux.press("Enter")
        try await tmux.waitFor("Enter OK", "is missing, so no line can be ")
        try tmux.press("Enter")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tui.cli.ledger)) == ledgerBefore)

        #expect(rename(aside, keyPath) == 0)
        try await tmux.waitForScreen("the banner gone") { !$0.contains("Read-only") && $0.contains("Extra Lives: 3") }
        try tmux.type("/random")
        try await tmux.waitFor("Products matching “random”: 1")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux, showing: "+5 Rage Faces")
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase complete", "Rage Faces: 5 ·")
    }
}
