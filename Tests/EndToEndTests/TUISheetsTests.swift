import Foundation
import StorefrontTesting
import Testing
@testable import StorefrontTesting

/// Sheets, panes and glyphs of the storefront as tmux shows them, at 80x24 and 120x40.
@Suite("TUI in tmux: honest sheets, uncut text, whole glyphs", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUISheetsTests {
    /// Opens the storefront in a `width` x `height` window and waits for the product list's box.
    static func open(_ tui: TUITests, _ arguments: [String] = [], width: Int, height: Int,
                     showing expected: String = "Consumables") async throws -> TmuxSession {
        let words = [StorefrontProcess.binary, "--entitlements", tui.cli.ledger] + arguments
        let tmux = try TmuxSession(command: words.map { "'\($0)'" }.joined(separator: " ") + "; echo EXITED=$?; sleep 60",
                                   width: width, height: height)
        do {
            try await tmux.waitFor("┌ Products", expected)
        } catch {
            tmux.kill()
            throw error
        }
        return tmux
    }

    @Test("At 80x24 the payment sheet of the monthly plan says what is charged now and after")
    func paymentSheetTerms() async throws {
        let tui = try TUITests()
        let tmux = try await Self.open(tui, width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.type("/monthly")
        try await tmux.waitFor("Products matching “monthly”: 1")
        try tmux.press("Enter")
        try await tmux.waitFor("Confirm purchase", "Due today", "$0.00", "1 week free, then $2.99/month")
    }

    @Test("At 80x24 the detail pane scrolls with ] so the offer id for buy --offer can be read")
    func detailPaneScrolls() async throws {
        let tui = try TUITests()
        _ = try tui.cli.run(["buy", "com.example.rage.pro.monthly"])
        let tmux = try await Self.open(tui, width: 80, height: 24)
        defer { tmux.kill() }
        for _ in 0..<5 { try tmux.press("Down") }
        try await tmux.waitFor("┌ Rage Pro (Monthly)", "▼ more below")
        // One ] a redraw: presses sent faster than a loaded machine draws would scroll past the
        // line. A screen that stays the same for a second after a press is pressed again, so a
        // press the loaded machine lost does not end the scrolling.
        var screenAtLastPress: String?
        var pressedAt = Date()
        // It must arrive, however slowly a machine loaded by the whole suite draws: a minute.
        try await tmux.waitForScreen("the offer id after scrolling the details", timeout: 60) { screen in
            if screen.contains("Offer rage.pro.comeback") { return true }
            if screen != screenAtLastPress || Date().timeIntervalSince(pressedAt) > 1 {
                screenAtLastPress = screen
                pressedAt = Date()
                try? tmux.press("]")
            }
            return false
        }
    }

    @Test("After expire the details say why it ended in words, and their first line is whole", arguments: [(100, 30), (80, 24)])
    func expiredSubscriptionDetails(width: Int, height: Int) async throws {
        let tui = try TUITests()
        _ = try tui.cli.run(["buy", "com.example.rage.pro.monthly"])
        _ = try tui.cli.run(["expire", "com.example.rage.pro.monthly"])
        let tmux = try await Self.open(tui, width: width, height: height)
        defer { tmux.kill() }
        for _ in 0..<5 { try tmux.press("Down") }
        let screen = try await tmux.waitFor("┌ Rage Pro (Monthly)", "Auto-renewable subscription", "ended by hand")
        #expect(!screen.contains("unknown"), "\(screen)")
        let firstLine = try #require(screen.split(separator: "\n").first { $0.contains("│ Auto-renewable subscription") })
        #expect(!firstLine.contains("…"), "the type and price line is not cut: \(firstLine)")
        #expect(screen.contains("$2.99/month"), "\(screen)")
    }

    @Test("An injected load-products error shows in the open storefront and after a restart; clearing it recovers")
    func loadProductsFailure() async throws {
        let tui = try TUITests()
        let tmux = try await Self.open(tui, width: 120, height: 40)
        defer { tmux.kill() }
        _ = try tui.cli.run(["settings", "set", "fail.load-products", "network"])
        try await tmux.waitFor("Products unavailable", "network error")
        try tmux.press("q")
        try await tmux.waitFor("EXITED=0")
        tmux.kill()
        let again = try await Self.open(tui, width: 80, height: 24, showing: "Products unavailable")
        defer { again.kill() }
        try await again.waitFor("storefront settings set fail.load-products")
        _ = try tui.cli.run(["settings", "set", "fail.load-products", "none"])
        try await again.waitFor("Random Rage Face", "Consumables")
    }

    @Test("A free subscription is unsubscribed with X, which asks first; renew, expire and refund are not offered")
    func freeSubscription() async throws {
        let tui = try TUITests()
        _ = try tui.cli.run(["buy", "com.example.rage.newsletter"])
        let tmux = try await Self.open(tui, width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.press("t")
        let screen = try await tmux.waitFor("Transactions of tester", "X unsubscribe")
        let footer = screen.split(separator: "\n").last.map(String.init) ?? ""
        for absent in ["renew now", "expire", "refund", "cancel renewal"] { #expect(!footer.contains(absent), "\(footer)") }
        try tmux.press("X")
        try await tmux.waitFor("Unsubscribe from Rage Weekly?")
        try await Task.sleep(nanoseconds: 500_000_000)
        try tmux.press("Enter")
        try await tmux.waitFor("Unsubscribed from Rage Weekly")
    }

    @Test("Joined emoji and flags show whole, and the row keeps its columns")
    func wholeGlyphs() async throws {
        let folder = try StorefrontProcess.temporaryFolder()
        let catalogPath = folder + "/emoji.json"
        let rage = try String(contentsOfFile: Self.catalogPath("Rage"), encoding: .utf8)
        try rage.replacingOccurrences(of: "\"title\": \"Random Rage Face\"",
                                      with: "\"title\": \"Fam \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} DE \u{1F1E9}\u{1F1EA} |\"")
            .write(toFile: catalogPath, atomically: true, encoding: .utf8)
        let tui = try TUITests()
        let tmux = try await Self.open(tui, ["--catalog", catalogPath], width: 80, height: 24)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("Fam ")
        let rows = screen.split(separator: "\n").map(String.init)
        let emojiRow = try #require(rows.first { $0.contains("Fam ") })
        #expect(emojiRow.contains("\u{1F468}\u{200D}\u{1F469}"), "the family is more than its first member: \(emojiRow)")
        #expect(emojiRow.contains("\u{1F1E9}\u{1F1EA}"), "the flag is a flag, not letters: \(emojiRow)")
        let livesRow = try #require(rows.first { $0.contains("3 Extra Lives") })
        #expect(Self.tmuxColumns(before: "0 left", in: emojiRow) == Self.tmuxColumns(before: "0 left", in: livesRow),
                "statuses line up:\n\(emojiRow)\n\(livesRow)")
        #expect(Self.tmuxColumns(of: emojiRow) == 80, "\(emojiRow)")
    }

    @Test("A new account keeps its spaces and emoji, and the default account stays in the switcher")
    func accountNames() async throws {
        let tui = try TUITests()
        let tmux = try await Self.open(tui, width: 80, height: 24)
        defer { tmux.kill() }
        try tmux.press("a", "Down", "Enter")
        try await tmux.waitFor("New account:")
        try tmux.type("Jane Doe \u{1F600}")
        try tmux.press("Enter")
        try await tmux.waitFor("Jane Doe \u{1F600} on default")
        try tmux.press("a")
        try await tmux.waitFor("Account and device", "  tester", "● Jane Doe \u{1F600}")
    }

    @Test("A .storekit file's header names the app; subscription groups get headings; rows show the period (120x40)")
    func storeKitHeaderAndGroups() async throws {
        let tui = try TUITests()
        let sample = try StoreKitCLITests().sample("PurchaseTesterStoreKitConfiguration")
        let tmux = try await Self.open(tui, ["--catalog", sample], width: 120, height: 40)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor(" Purchase Tester Store ", "│  subscription group", "$99.99/yr")
        #expect(!screen.contains("RevenueCat__"))
        let rows = screen.split(separator: "\n").filter { $0.contains("Purchase Tester Premium Plan") }
        #expect(rows.count == 2, "both plans show their full title: \(rows)")
    }

    @Test("SpaceShooter: restore is offered until the ship is owned")
    func restoreOnlyWhileSomethingIsMissing() async throws {
        let tui = try TUITests()
        let shooter = Self.catalogPath("SpaceShooter")
        let tmux = try await Self.open(tui, ["--catalog", shooter], width: 100, height: 30)
        defer { tmux.kill() }
        try await tmux.waitFor("r restore")
        _ = try tui.cli.run(["--catalog", shooter, "buy", "com.example.spaceshooter.greenship"])
        try await tmux.waitForScreen("no restore hint once the ship is owned") { screen in
            screen.contains("Owned") && !screen.contains("r restore")
        }
    }

    /// Makes the account a lapsed subscriber of Rage Pro (Monthly) and opens its payment sheet
    /// at 100x30 with the comeback offer chosen.
    static func openComebackOffer(_ tui: TUITests) async throws -> TmuxSession {
        _ = try tui.cli.run(["buy", "com.example.rage.pro.monthly"])
        _ = try tui.cli.run(["expire", "com.example.rage.pro.monthly"])
        let tmux = try await open(tui, width: 100, height: 30)
        do {
            for _ in 0..<5 { try tmux.press("Down") }
            try tmux.press("Enter")
            try await tmux.waitFor("Confirm purchase", "← → Offer")
            try tmux.press("Right")
        } catch {
            tmux.kill()
            throw error
        }
        return tmux
    }

    @Test("A lapsed subscriber picks the comeback offer on the payment sheet and pays its price")
    func promotionalOffer() async throws {
        let tui = try TUITests()
        let tmux = try await Self.openComebackOffer(tui)
        defer { tmux.kill() }
        try await tmux.waitFor("‹ rage.pro.comeback ›", "$0.99/month for 3 months, then $2.99/month", "Enter buy")
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase complete")
        let transactions = try tui.cli.run(["transactions", "--json"]).stdout
        #expect(transactions.contains("promotional:rage.pro.comeback"), "\(transactions)")
    }

    @Test("An offer that needs a signature: the sheet says why without offering Enter; the Settings row lifts it")
    func promotionalOfferNeedingASignature() async throws {
        let tui = try TUITests()
        _ = try tui.cli.run(["api-key", "create"])
        let tmux = try await Self.openComebackOffer(tui)
        defer { tmux.kill() }
        let sheet = try await tmux.waitFor("‹ rage.pro.comeback ›", "needs a signature", "Promotional offer signatures", "Esc Cancel")
        #expect(!sheet.contains("Enter Buy") && !sheet.contains("Enter buy"), "\(sheet)")
        try tmux.press("Left")
        try await tmux.waitFor("‹ regular price ›", "Enter buy")
        try tmux.press("Escape")
        try await tmux.waitFor("cancelled")
        try tmux.press("s")
        try await tmux.waitFor("Settings (device", "Promotional offer signatures")
        for _ in 0..<6 { try tmux.press("Down") }
        try tmux.press("Enter")
        try await tmux.waitForScreen("the requirement turned off") { $0.range(of: #"signatures\s+‹ Off ›"#, options: .regularExpression) != nil }
        #expect(try tui.cli.run(["settings", "--json"]).json()?["promotional-offer-signatures"] as? String == "off")
        try tmux.press("Escape")
        try tmux.press("Enter")
        try await tmux.waitFor("Confirm purchase", "← → Offer")
        try tmux.press("Right")
        try await tmux.waitFor("‹ rage.pro.comeback ›", "Enter buy")
        try tmux.press("Enter")
        try await tmux.waitFor("Purchase complete", "rage.pro.comeback until")
    }

    /// The path of one of the project's catalogs, e.g. "Rage" for `Catalogs/Rage.json`.
    static func catalogPath(_ name: String) -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Catalogs/\(name).json").path
    }

    /// Columns tmux 3.3a gives text, as checked by hand: an emoji cluster two (a ZWJ
    /// family, a flag), box drawing and ASCII one.
    static func tmuxColumns(of text: String) -> Int {
        text.reduce(0) { sum, character in
            let first = character.unicodeScalars.first?.value ?? 0
            return sum + ((0x1F300...0x1FAFF).contains(first) || (0x1F1E6...0x1F1FF).contains(first) ? 2 : 1)
        }
    }

    static func tmuxColumns(before marker: String, in row: String) -> Int? {
        row.range(of: marker).map { tmuxColumns(of: String(row[..<$0.lowerBound])) }
    }
}
