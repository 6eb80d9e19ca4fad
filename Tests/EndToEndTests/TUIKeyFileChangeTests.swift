import Foundation
import Glibc
import StorefrontTesting
import Testing

/// The storefront open while its key file is moved away and back, or turned into a link: it
/// turns read-only with the key's banner, keeps showing what it read with the key (the balance),
/// without any change to the entitlements file, and takes purchases again once the key file is
/// back, without being started again.
@Suite("TUI in tmux: the key file moved away and back", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIKeyFileChangeTests {
    /// The storefront open on a ledger where three extra lives were bought, once it shows
    /// them, and the ledger's key file.
    static func storefrontShowingExtraLives() async throws -> (tui: TUITests, tmux: TmuxSession, keyPath: String) {
        let tui = try TUITests()
        #expect(try tui.cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let tmux = try await tui.openStorefront()
        do {
            try await tmux.waitFor("Extra Lives: 3")
        } catch {
            tmux.kill()
            throw error
        }
        return (tui, tmux, tui.cli.ledger + ".key")
    }

    /// Waits for the key's banner, expects the balance read with the key beside it, and opens
    /// and closes the alert that tells the problem whole (showing `alertText`); the banner's screen.
    static func expectKeyBanner(in tmux: TmuxSession, alertShowing alertText: String) async throws -> String {
        let refused = try await tmux.waitFor("Read-only", "has a problem: the key file")
        #expect(refused.contains("Extra Lives: 3"), "the balance read with the key stays on screen: \(refused)")
        try tmux.press("Enter")
        try await tmux.waitFor("Enter OK", alertText)
        try tmux.press("Enter")
        return refused
    }

    @Test("Key file moved away: Read-only and the missing-key banner, the balance still shown; moved back: the banner goes and a purchase goes through")
    func keyFileMovedAwayAndBack() async throws {
        let (tui, tmux, keyPath) = try await Self.storefrontShowingExtraLives()
        defer { tmux.kill() }
        let aside = keyPath + ".aside"
        let ledgerBefore = try Data(contentsOf: URL(fileURLWithPath: tui.cli.ledger))

        #expect(rename(keyPath, aside) == 0)
        let refused = try await Self.expectKeyBanner(in: tmux, alertShowing: "is missing, so no line can be ")
        #expect(!refused.contains("Could not complete"), "the banner, not an alert: \(refused)")
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

    @Test("Key file turned into a link: the key's banner, never the unreachable one, the balance still shown; the file back: the banner goes")
    func keyFileTurnedIntoALink() async throws {
        let (_, tmux, keyPath) = try await Self.storefrontShowingExtraLives()
        defer { tmux.kill() }
        let real = keyPath + ".real"

        #expect(rename(keyPath, real) == 0 && symlink(real, keyPath) == 0)
        let refused = try await Self.expectKeyBanner(in: tmux, alertShowing: "cannot be read")
        #expect(!refused.contains("unreachable"), "a key problem, not an outage: \(refused)")

        // The rename puts the key file back over the link in one step.
        #expect(rename(real, keyPath) == 0)
        try await tmux.waitForScreen("the banner gone") { !$0.contains("Read-only") && $0.contains("Extra Lives: 3") }
    }
}
