import Foundation
import StorefrontTesting
import Testing
@testable import StorefrontTesting

/// The interactive storefront, run by the built binary in a real terminal (tmux at 100x30,
/// LANG=C.UTF-8), driven with key presses and read back from the screen.
///
/// Every wait polls the screen until it shows what is expected, bounded by a timeout; nothing
/// sleeps for a fixed time. Each test has its own tmux server and entitlements file.
@Suite("TUI in tmux", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUITests {
    static let facePack = "com.example.rage.face.random"
    static let drummer = "com.example.rage.comic.drummer"

    /// A fresh entitlements file and the CLI on it.
    let cli: StorefrontProcess

    init() throws {
        cli = StorefrontProcess(ledger: try StorefrontProcess.temporaryFolder() + "/entitlements.jsonl")
    }

    /// The storefront on a store a test made itself.
    init(cli: StorefrontProcess) {
        self.cli = cli
    }

    /// Opens the storefront on the test's file with `arguments`, and waits for the product list.
    ///
    /// The shell prints the exit status when the storefront ends and then waits, so the screen
    /// after quitting can be read.
    func openStorefront(_ arguments: [String] = [], width: Int = 100, height: Int = 30,
                        blockedSignals: [Int32] = [], terminalType: String? = nil,
                        environment: [String: String] = [:]) async throws -> TmuxSession {
        let words = (terminalType.map { ["env", "TERM=\($0)"] } ?? []) + [StorefrontProcess.binary, "--entitlements", cli.ledger] + arguments
        let command = words.map { "'\($0)'" }.joined(separator: " ") + "; echo EXITED=$?; sleep 60"
        let tmux = try TmuxSession(command: command, width: width, height: height, environment: environment,
                                   blockedSignals: blockedSignals)
        do {
            try await tmux.waitFor("┌ Products", "Consumables", " q quit")
        } catch {
            tmux.kill()
            throw error
        }
        return tmux
    }

    /// Waits for the payment sheet showing `texts`, until it takes Enter (its footer offers it:
    /// a sheet ignores Enter for a moment after it opens, so a paste cannot confirm it). With
    /// Ask to Buy on, Enter asks a parent, and the footer says so.
    @discardableResult
    static func waitForPaymentSheet(_ tmux: TmuxSession, showing texts: String...) async throws -> String {
        try await tmux.waitForScreen("the payment sheet taking Enter, with \(texts)") { screen in
            screen.contains("Confirm purchase") && (screen.contains(" Enter buy  Esc cancel") || screen.contains(" Enter ask  Esc cancel"))
                && texts.allSatisfy(screen.contains)
        }
    }

    /// The screen line that shows `title` in the product list.
    static func row(_ title: String, in screen: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { $0.hasPrefix("│  \(title)") }
    }

    @Test("Buying a face pack with /random, Enter, Enter shows \"5 left\" and puts 5 rage faces in the file")
    func buyFacePack() async throws {
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        try tmux.type("/random")
        try await tmux.waitFor("Search: random", "Products matching “random”: 1")
        try tmux.press("Enter")
        try await Self.waitForPaymentSheet(tmux, showing: "+5 Rage Faces")
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase complete", "Added 5 Rage Faces", "Rage Faces: 5 ·")
        try await tmux.waitForScreen("“5 left” on the face pack's row, under the notice") { screen in
            Self.row("Random Rage Face", in: screen)?.contains("5 left") == true
        }
        #expect(try cli.credits()["rage-faces"] == 5)
    }

    @Test("u and Space spend one face on the spend screen, and the file agrees")
    func spendOne() async throws {
        #expect(try cli.run(["buy", Self.facePack]).status == 0)
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        try await tmux.waitFor("5 left")
        try tmux.press("u")
        try await tmux.waitFor("Times remaining: 5")
        try tmux.press("Space")
        try await tmux.waitFor("Times remaining: 4", "Rage Faces: 4")
        #expect(try cli.credits()["rage-faces"] == 4)
        try tmux.press("Escape")
        try await tmux.waitForScreen("“4 left” on the face pack's row") { Self.row("Random Rage Face", in: $0)?.contains("4 left") == true }
    }

    @Test("With purchases disallowed (set by the CLI) a purchase is refused and the alert says why")
    func purchasesDisallowed() async throws {
        #expect(try cli.run(["settings", "set", "purchases-allowed", "false"]).status == 0)
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        try await tmux.waitFor("Purchases off")
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase refused", "Purchases are disabled on this device")
        #expect(try cli.credits()["rage-faces", default: 0] == 0)
    }

    @Test("A purchase made by the CLI in another process shows up with no key pressed")
    func purchaseFromAnotherProcess() async throws {
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        let before = try tmux.screen()
        #expect(Self.row("Girlfriend of Drummer Rage", in: before)?.contains("Owned") == false)
        #expect(try cli.run(["buy", Self.drummer]).status == 0)
        try await tmux.waitForScreen("“Owned” on the drummer comic's row") {
            Self.row("Girlfriend of Drummer Rage", in: $0)?.contains("Owned") == true
        }
    }

    @Test("Bought on the default device, restored on the tablet with r")
    func restoreOnSecondDevice() async throws {
        #expect(try cli.run(["buy", Self.drummer]).status == 0)
        let tmux = try await openStorefront(["--device", "tablet"])
        defer { tmux.kill() }
        try await tmux.waitForScreen("“Restore to unlock” on the drummer comic's row") {
            $0.contains("tester on tablet") && Self.row("Girlfriend of Drummer Rage", in: $0)?.contains("Restore to unlock") == true
        }
        try tmux.press("r")
        try await tmux.waitFor("Restored 1 purchase", "Girlfriend of Drummer Rage.")
        try await tmux.waitForScreen("“Owned” on the drummer comic's row") {
            Self.row("Girlfriend of Drummer Rage", in: $0)?.contains("Owned") == true
        }
    }

    @Test("l switches to German: the drummer comic costs 1,09 € in the German storefront")
    func switchToGerman() async throws {
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        try tmux.press("l")
        try await tmux.waitFor("Language and storefront", "Deutsch (Deutschland)")
        try tmux.press("j", "Enter")
        let screen = try await tmux.waitFor("de_DE · DEU", "Freundin des Schlagzeugers")
        #expect(Self.row("Freundin des Schlagzeugers", in: screen)?.contains("1,09 €││") == true, "\(screen)")
    }

    @Test("An unknown --locale is said on the screen when the storefront opens, not only on stderr, and goes with the next key")
    func unknownLocaleIsSaidOnTheScreen() async throws {
        let tmux = try await openStorefront(["--locale", "xx_YY"])
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("Locale not known", "--locale \"xx_YY\" is not a locale Storefront knows")
        #expect(screen.contains("en_US · USA"), "\(screen)")
        try tmux.press("j")
        try await tmux.waitForScreen("the notice gone after a key") { !$0.contains("Locale not known") }
    }

    @Test("Japanese titles are wide, and every row of the list still ends where the detail pane begins")
    func japaneseAlignment() async throws {
        let tmux = try await openStorefront(["--locale", "ja_JP"])
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("ランダム・レイジフェイス", "¥160")
        let rows = screen.split(separator: "\n").map(String.init)
        let listRows = rows.filter { $0.hasPrefix("│") }
        #expect(listRows.count >= 20)
        for row in listRows {
            #expect(Self.columns(before: "││", in: row) == 59, "misaligned: \(row)")
            #expect(Self.columns(of: row) == 100, "not 100 columns wide: \(row)")
        }
    }

    @Test("Resizing to 60x16 reflows, 40x10 asks for a bigger window, and back at 100x30 all is well")
    func resizing() async throws {
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        try tmux.resize(width: 60, height: 16)
        try await tmux.waitForScreen("the stacked 60x16 layout") { screen in
            let rows = screen.split(separator: "\n").map(String.init)
            return rows.allSatisfy { Self.columns(of: $0) <= 60 }
                && rows.contains { $0.hasPrefix("┌ Random Rage Face") && Self.columns(of: $0) == 60 }
                && rows.last?.contains("? help  q quit") == true
        }
        try tmux.resize(width: 40, height: 10)
        try await tmux.waitFor("Make the window at least 60x16", "(it is 40x10 now)")
        try tmux.resize(width: 100, height: 30)
        try await tmux.waitForScreen("the side-by-side 100x30 layout") { screen in
            !screen.contains("Make the window") && screen.contains("┐┌ Random Rage Face") && screen.contains("? help  q quit")
        }
        try tmux.press("j")
        try await tmux.waitFor("┌ 3 Extra Lives")
    }

    @Test("q and Ctrl-C leave the storefront with status 0 and give the terminal back clean", arguments: ["q", "C-c"])
    func quitRestoresTerminal(key: String) async throws {
        let tmux = try await openStorefront()
        defer { tmux.kill() }
        try tmux.press(key)
        let screen = try await tmux.waitFor("EXITED=")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines == ["EXITED=0"], "the storefront left this behind: \(screen)")
        #expect(try tmux.query("#{alternate_on}") == "0", "still on the alternate screen")
        #expect(try tmux.query("#{cursor_flag}") == "1", "the cursor is still hidden")
    }

    @Test("SIGTERM ends the storefront with status 143 and gives the terminal back, even when the parent blocked it",
          arguments: [[], [SIGTERM, SIGHUP, SIGINT]])
    func terminationSignal(blocked: [Int32]) async throws {
        let tmux = try await openStorefront(blockedSignals: blocked)
        defer { tmux.kill() }
        let shell = try #require(Int32(try tmux.query("#{pane_pid}")))
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let storefront = try #require(children.split(separator: " ").first.flatMap { Int32($0) }, "no storefront under the shell")
        #expect(kill(storefront, SIGTERM) == 0)
        let screen = try await tmux.waitFor("EXITED=")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines == ["EXITED=143"], "\(screen)")
        #expect(try tmux.query("#{alternate_on}") == "0", "still on the alternate screen")
    }

    /// The columns `text` takes in a terminal: East Asian wide characters two, everything else
    /// in these screens one (an independent count, not the app's own width table).
    static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            return sum + (wide ? 2 : 1)
        }
    }

    /// The columns before the first `marker` in `row`, or nil when it is not there.
    static func columns(before marker: String, in row: String) -> Int? {
        row.range(of: marker).map { columns(of: String(row[..<$0.lowerBound])) }
    }
}
