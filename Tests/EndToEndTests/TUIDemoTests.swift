import Foundation
import Testing
@testable import StorefrontTesting

/// The README's 60-second demo, step by step exactly as written there: terminal 1 is the
/// storefront in tmux, terminal 2 the command line, both on `$STOREFRONT_ENTITLEMENTS`.
@Suite("TUI in tmux: the README's demo", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIDemoTests {
    let ledger: String

    init() throws {
        ledger = try StorefrontProcess.temporaryFolder() + "/demo.jsonl"
    }

    /// Runs `storefront <arguments>` as terminal 2 does: no options, the file from the environment.
    @discardableResult
    func terminal2(_ arguments: [String]) throws -> StorefrontProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StorefrontProcess.binary)
        process.arguments = arguments
        process.environment = ["STOREFRONT_ENTITLEMENTS": ledger, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return StorefrontProcess.Result(status: process.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }

    @Test("The 60-second demo runs as written, at 100x30")
    func demo() async throws {
        let command = "export STOREFRONT_ENTITLEMENTS='\(ledger)'; '\(StorefrontProcess.binary)'; echo EXITED=$?; sleep 60"
        let tmux = try TmuxSession(command: command)
        defer { tmux.kill() }
        try await tmux.waitFor("┌ Products", " q quit")

        // /random Enter               the only match: its payment sheet
        try tmux.type("/random")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux, showing: "Random Rage Face")
        // Enter                       buy it: "Purchase complete", "5 left"
        try tmux.press("Enter")
        try await tmux.waitForScreen("“Purchase complete” and “5 left”") { screen in
            screen.contains("Purchase complete") && TUITests.row("Random Rage Face", in: screen)?.contains("5 left") == true
        }
        // u, Space, Space             two rage faces, "Times remaining: 3"
        try tmux.press("u")
        try tmux.press("Space")
        try tmux.press("Space")
        try await tmux.waitFor("Times remaining: 3")
        // Esc, Esc                    back to the list, the search cleared
        try tmux.press("Escape")
        try tmux.press("Escape")
        try await tmux.waitForScreen("the whole list again") { screen in
            !screen.contains("Search:") && TUITests.row("Remove Ads", in: screen) != nil
        }
        // terminal 2: storefront buy com.example.rage.comic.drummer --device phone
        #expect(try terminal2(["buy", "com.example.rage.comic.drummer", "--device", "phone"]).status == 0)
        try await tmux.waitForScreen("“Restore to unlock” in terminal 1") { screen in
            TUITests.row("Girlfriend of Drummer Rage", in: screen)?.contains("Restore to unlock") == true
        }
        // r                           restore onto this device: "Restored 1 purchase"
        try tmux.press("r")
        try await tmux.waitFor("Restored 1 purchase")
        // terminal 2: storefront settings set ask-to-buy true
        #expect(try terminal2(["settings", "set", "ask-to-buy", "true"]).status == 0)
        // /ads Enter, Enter           buy Remove Ads: "Asked to buy Remove Ads"
        try tmux.type("/ads")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux, showing: "Remove Ads")
        try tmux.press("Enter")
        try await tmux.waitFor("Asked to buy Remove Ads")
        // terminal 2: storefront transactions; storefront approve <TX>      "Request approved"
        let listing = try terminal2(["transactions"])
        #expect(listing.status == 0)
        let pending = try #require(listing.stdout.split(separator: "\n").first { $0.contains("Remove Ads") && $0.contains("pending") },
                                   "no pending Remove Ads line in:\n\(listing.stdout)")
        let id = try #require(pending.split(separator: " ").first { $0.count == 16 && $0.allSatisfy(\.isNumber) })
        #expect(try terminal2(["approve", String(id)]).status == 0)
        try await tmux.waitFor("Request approved")
        // Esc, l, j, Enter            Deutsch: prices in euros, "1,09 €"
        try tmux.press("Escape")
        try tmux.press("l")
        try await tmux.waitFor("Language and storefront")
        try tmux.press("j")
        try tmux.press("Enter")
        try await tmux.waitFor("de_DE · DEU", "1,09 €")
    }
}
