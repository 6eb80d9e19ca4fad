import Foundation
import StorefrontTesting
import Testing

/// The storefront on a PostgreSQL store it may not change: its banner speaks of the database
/// (the store's address, the row by seq, the role's missing privilege), never of a file.
@Suite("TUI in tmux: a PostgreSQL store's banners", .serialized,
       .enabled(if: TmuxSession.testsRun,
                "tmux is not installed, so the terminal tests cannot run; install it (apt-get install tmux) to run them"))
struct TUIPostgresWordsTests {
    /// The screen's text with its lines joined, so a sentence wrapped by the banner reads whole.
    static func joined(_ screen: String) -> String {
        screen.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The words inside the alert drawn over the panes (between the columns of its `╭` and `╮`),
    /// its lines joined, however its text wraps; empty when no alert is shown.
    static func alertText(_ screen: String) -> String {
        let lines = screen.split(whereSeparator: \.isNewline).map(Array.init)
        guard let top = lines.firstIndex(where: { $0.contains("╭") && $0.contains("╮") }),
              let left = lines[top].firstIndex(of: "╭"), let right = lines[top].lastIndex(of: "╮") else { return "" }
        let inside = lines[(top + 1)...].prefix { !$0.contains("╰") }
        return inside.map { line in
            String(line.count > right ? line[(left + 1)..<right] : []).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A new database on the shared server, its name, and a CLI on it with a key of its own.
    static func database(_ tui: TUITests) throws -> (server: ThrowawayPostgres, url: String, name: String, cli: StorefrontProcess) {
        let server = try ThrowawayPostgres.shared()
        let url = try server.newDatabase()
        var cli = tui.cli
        cli.environment["STOREFRONT_STORE_KEY"] = cli.ledger + ".team.key"
        cli.storeArguments = ["--store", url]
        return (server, url, String(url.split(separator: "/").last ?? ""), cli)
    }

    @Test("A row changed by hand: the banner names the store and row seq 2, and the alert says to restore a backup")
    func damagedDatabaseBanner() async throws {
        let tui = try TUITests()
        let (server, url, name, cli) = try Self.database(tui)
        for _ in 0..<3 { #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0) }
        try server.psql("ALTER TABLE storefront_events DISABLE TRIGGER storefront_events_append_only; "
            + "UPDATE storefront_events SET line = replace(line, 'tester', 'mallory') WHERE seq = 2", database: name)
        let tmux = try await tui.openStorefront(["--store", url], environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        let banner = try await tmux.waitForScreen("the database's banner") {
            Self.joined($0).contains("The store \(url) has a problem: storefront_events row seq 2 does not match its MAC")
        }
        #expect(!banner.contains("entitlements file") && !banner.contains("line 3"), "\(banner)")
        try tmux.press("Enter")
        try await tmux.waitForScreen("the read-only alert with the database's advice") {
            let text = Self.alertText($0)
            return text.contains("restore the database from a backup") && text.contains("`storefront verify --store \(url)` lists the bad rows")
        }
    }

    @Test("A damaged row put back by hand while open (no notification sent): the banner goes and every event shows")
    func damagedDatabaseMendedWhileOpen() async throws {
        let tui = try TUITests()
        let (server, url, name, cli) = try Self.database(tui)
        for _ in 0..<2 { #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0) }
        try server.rewriteEventRow(seq: 2, replacing: "tester", with: "mallory", database: name)
        let tmux = try await tui.openStorefront(["--store", url], environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        let damaged = try await tmux.waitFor("Read-only", "Extra Lives")
        #expect(damaged.contains("Extra Lives: 3"), "what is shown stops before the changed row: \(damaged)")
        try server.rewriteEventRow(seq: 2, replacing: "mallory", with: "tester", database: name)
        try await tmux.waitForScreen("the banner gone") { !$0.contains("Read-only") && $0.contains("Extra Lives: 6") }
    }

    @Test("A role that may only read: the banner says the store cannot be written and which privilege is missing")
    func readOnlyRoleBanner() async throws {
        let tui = try TUITests()
        let (server, url, name, cli) = try Self.database(tui)
        #expect(try cli.run(["buy", "com.example.rage.face.random"]).status == 0)
        try server.psql("DO $$ BEGIN CREATE ROLE viewer LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "GRANT SELECT ON ALL TABLES IN SCHEMA public TO viewer", database: name)
        let viewerURL = url.replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://viewer@")
        let tmux = try await tui.openStorefront(["--store", viewerURL], environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        let banner = try await tmux.waitForScreen("the read-only role's banner") {
            Self.joined($0).contains("The store \(viewerURL) cannot be written (the role \"viewer\" has no INSERT on storefront_events; the owner runs")
        }
        #expect(!banner.contains("entitlements file"), "\(banner)")
    }

    @Test("SELECT taken away while open: the banner says the store cannot be read and gives the GRANT; granted, it reads again by itself")
    func roleRefusedReadingWhileOpen() async throws {
        let tui = try TUITests()
        let (server, url, name, cli) = try Self.database(tui)
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        try server.psql("DO $$ BEGIN CREATE ROLE shopper LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$; "
            + "GRANT SELECT ON ALL TABLES IN SCHEMA public TO shopper; GRANT INSERT ON storefront_events TO shopper", database: name)
        let shopperURL = url.replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://shopper@")
        let tmux = try await tui.openStorefront(["--store", shopperURL], environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        try await tmux.waitFor("Extra Lives: 3")
        try server.psql("REVOKE SELECT ON storefront_events FROM shopper", database: name)
        // The owner's purchase is announced; reading it is refused.
        #expect(try cli.run(["buy", "com.example.rage.lives.3"]).status == 0)
        let refused = try await tmux.waitForScreen("the banner of a store that refuses reading") {
            let text = Self.joined($0)
            return text.contains("The store cannot be read; retrying: the role \"shopper\" may not read the store")
                && text.contains("GRANT SELECT ON storefront_schema_version, storefront_header, storefront_events, storefront_checkpoints TO \"shopper\"`")
        }
        #expect(!refused.contains("unreachable"), "\(refused)")
        try server.psql("GRANT SELECT ON storefront_events TO shopper", database: name)
        try await tmux.waitForScreen("the banner gone and the purchase shown") { !$0.contains("cannot be read") && $0.contains("Extra Lives: 6") }
    }

    @Test("A role without CREATE on a database without tables: read-only at once naming CREATE; made by the owner, INSERT; granted, writable")
    func roleWithoutCreateFollowsTheOwner() async throws {
        let tui = try TUITests()
        let (server, url, name, cli) = try Self.database(tui)
        try server.psql("DO $$ BEGIN CREATE ROLE newcomer LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$", database: name)
        let newcomerURL = url.replacingOccurrences(of: "postgresql://postgres@", with: "postgresql://newcomer@")
        let tmux = try await tui.openStorefront(["--store", newcomerURL], environment: ["STOREFRONT_STORE_KEY": cli.environment["STOREFRONT_STORE_KEY"] ?? ""])
        defer { tmux.kill() }
        try await tmux.waitForScreen("read-only before anything is tried, naming CREATE") {
            Self.joined($0).contains("cannot be written (the store has no tables yet, and the role \"newcomer\" has no CREATE on schema public")
        }
        #expect(try cli.run(["store", "init"]).status == 0)
        try server.psql("GRANT SELECT ON ALL TABLES IN SCHEMA public TO newcomer", database: name)
        try await tmux.waitForScreen("the banner now naming INSERT") {
            Self.joined($0).contains("cannot be written (the role \"newcomer\" has no INSERT on storefront_events; the owner runs")
        }
        try server.psql("GRANT INSERT ON storefront_events TO newcomer", database: name)
        try await tmux.waitForScreen("writable") { !$0.contains("Read-only") && !$0.contains("cannot be written") }
    }

    @Test("The first purchase on a new database makes its key: the storefront says where on stderr once the screen is closed")
    func newKeySaidAfterTheScreen() async throws {
        let tui = try TUITests()
        let url = try ThrowawayPostgres.shared().newDatabase()
        let key = tui.cli.ledger + ".new.key"
        let tmux = try await tui.openStorefront(["--store", url], environment: ["STOREFRONT_STORE_KEY": key])
        defer { tmux.kill() }
        try tmux.type("/random")
        try await tmux.waitFor("Products matching “random”: 1")
        try tmux.press("Enter")
        try await TUITests.waitForPaymentSheet(tmux, showing: "+5 Rage Faces")
        try tmux.press("Enter")
        let bought = try await tmux.waitFor("Purchase complete")
        #expect(!bought.contains("made the store's key"), "written over the screen: \(bought)")
        #expect(FileManager.default.fileExists(atPath: key))
        try tmux.press("C-c")
        let after = try await tmux.waitFor("EXITED=0")
        // The line wraps at the pane's width, inside the path as anywhere.
        let unwrapped = after.replacingOccurrences(of: "\n", with: "")
        #expect(unwrapped.components(separatedBy: "made the store's key \(key): give each teammate a copy").count == 2,
                "said once: \(after)")
    }
}
