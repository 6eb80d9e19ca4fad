import Foundation
import StorefrontCommands
import StorefrontTesting
import Testing
@testable import StorefrontTesting

/// Keys as people really send them, in tmux: pastes, bursts typed ahead, leaving a sheet by quitting.
@Suite("TUI in tmux: keys", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIKeysTests {
    let tui: TUITests
    var cli: StorefrontProcess { tui.cli }

    init() throws {
        tui = try TUITests()
    }

    @Test("A bracketed paste into search is typed in whole: its line breaks buy nothing")
    func bracketedPasteIntoSearch() async throws {
        let tmux = try await tui.openStorefront(terminalType: "tmux-256color")
        defer { tmux.kill() }
        try tmux.press("/")
        try await tmux.waitFor("Search: ")
        try tmux.paste("random\nlives\n")
        try await tmux.waitFor("Search: random lives")
        #expect(!(try tmux.screen()).contains("Confirm purchase"))
        #expect(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).isEmpty)
    }

    @Test("A control sequence the terminal does not know, arriving at once, is left out whole: a typed name stays, and Esc alone still leaves the field (before: Esc closed it and the name was lost)")
    func unknownControlSequenceKeepsTheName() async throws {
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try tmux.press("a")
        try await tmux.waitFor("Account and device")
        try tmux.press("Down", "Enter")
        try await tmux.waitFor("New account:")
        try tmux.type("abc")
        try await tmux.waitFor("New account: abc")
        try tmux.type("\u{1B}[1m")
        try tmux.type("\u{1B}[31;1m")
        try tmux.type("d")
        try await tmux.waitFor("New account: abcd")
        // An operating system command (a window title), ended by BEL or by ESC \, is left out whole too.
        try tmux.type("\u{1B}]0;title\u{07}")
        try tmux.type("\u{1B}]2;other\u{1B}\\")
        try tmux.type("e")
        try await tmux.waitFor("New account: abcde")
        try tmux.press("Escape")
        try await tmux.waitForScreen("the field left") { !$0.contains("New account: ") }
    }

    @Test("A paste the terminal does not mark opens the payment sheet at most, and never confirms it")
    func unmarkedPasteNeverConfirms() async throws {
        let tmux = try await tui.openStorefront(terminalType: "screen")
        defer { tmux.kill() }
        try tmux.press("/")
        try await tmux.waitFor("Search: ")
        try tmux.paste("random\nrandom\ny\n")
        // Once the sheet takes Enter the whole paste has been read.
        try await TUITests.waitForPaymentSheet(tmux, showing: "+5 Rage Faces")
        #expect(try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self).isEmpty)
        #expect(try cli.credits()["rage-faces", default: 0] == 0)
    }

    @Test("Space Space Space in one burst spends three; Space Escape spends one and closes the screen")
    func burstsOnTheSpendScreen() async throws {
        #expect(try cli.run(["buy", TUITests.facePack]).status == 0)
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try await tmux.waitFor("5 left")
        try tmux.press("u")
        try await tmux.waitFor("Times remaining: 5")
        try tmux.press("Space", "Space", "Space")
        try await tmux.waitFor("Times remaining: 2", "Rage Faces: 2")
        #expect(try cli.credits()["rage-faces"] == 2)
        try tmux.press("Space", "Escape")
        try await tmux.waitForScreen("the spend screen closed after one more face") { screen in
            !screen.contains("Times remaining") && TUITests.row("Random Rage Face", in: screen)?.contains("1 left") == true
        }
        #expect(try cli.credits()["rage-faces"] == 1)
    }

    @Test("The last face paid for shows: at 1, Space shows a face and then \"Times remaining: 0\"")
    func lastFaceShows() async throws {
        #expect(try cli.run(["buy", TUITests.facePack]).status == 0)
        #expect(try cli.run(["spend", "rage-faces", "--amount", "4"]).status == 0)
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try tmux.press("u")
        let opened = try await tmux.waitFor("Times remaining: 1")
        #expect(!opened.contains("|   (@)   (@)   |") && !opened.contains("Forever Alone"), "a face shown before any was spent")
        try tmux.press("Space")
        let spent = try await tmux.waitFor("Times remaining: 0", "No Rage Faces left")
        #expect(spent.contains("'-----") || spent.contains(".-----") || spent.contains("'---------'"), "no face on screen:\n\(spent)")
    }

    @Test("q (closing the sheet) and Ctrl-C (quitting) on the payment sheet record the same user cancel as Esc",
          arguments: ["q", "C-c"])
    func quittingFromTheSheetCancels(key: String) async throws {
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux)
        try tmux.press(key)
        if key == "q" {
            // q leaves the sheet, not the storefront: a second q quits.
            try await tmux.waitForScreen("the sheet closed, the storefront still open") { !$0.contains("Confirm purchase") && $0.contains("Products") }
            try tmux.press("q")
        }
        try await tmux.waitFor("EXITED=0")
        let list = try cli.run(["transactions", "--json"]).decoded([JSONShapes.Transaction].self)
        #expect(list.map(\.state) == ["cancelled"])
    }

    @Test("? on the payment sheet shows the payment sheet's keys; Esc goes back to the sheet")
    func helpInsideTheSheet() async throws {
        let tmux = try await tui.openStorefront()
        defer { tmux.kill() }
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux)
        try tmux.press("?")
        // The other screens' keys follow; all must arrive (a screen read mid-draw has only part).
        try await tmux.waitFor("╭ Keys", "Payment sheet", "cancel (recorded as a user cancel)", "Main screen")
        try tmux.press("Escape")
        try await TUITests.waitForPaymentSheet(tmux)
    }
}
