import Foundation
import Testing
@testable import StorefrontTesting

/// The interactive storefront in tmux, fed hostile catalog text, tiny windows, resize storms
/// and terminals it cannot use. The screen shows the text neutralised with columns aligned,
/// the terminal's state (title, alternate screen, cursor) is never changed by the catalog and
/// is given back on exit, every size below the minimum shows a message, and unusable
/// terminals get a clear error before the screen is touched.
@Suite("Hostile terminal: catalog text, sizes and terminals, in tmux", .serialized)
struct HostileTerminalTests {
    let directory: ScratchDirectory
    let ledger: String

    init() throws {
        directory = try ScratchDirectory("tmux")
        ledger = directory.file("entitlements.jsonl")
    }

    /// The shell command running the binary with `arguments`, after `prefix` (e.g. `env TERM=dumb`).
    func command(_ arguments: [String], prefix: String = "") -> String {
        let words = [StorefrontCLI.binary, "--entitlements", ledger] + arguments
        return prefix + words.map(TmuxSession.quoted).joined(separator: " ")
    }

    func session(_ arguments: [String] = [], prefix: String = "", width: Int = 100, height: Int = 30) throws -> TmuxSession {
        try TmuxSession(
            command: command(arguments, prefix: prefix), width: width, height: height,
            environment: ["LANG": "C.UTF-8"], statusLine: false, reportsExit: true)
    }

    /// Terminal state a program can change and must give back: `(format, expected after exit)`.
    static let restoredState = [
        ("#{alternate_on}", "0"), ("#{cursor_flag}", "1"), ("#{insert_flag}", "0"), ("#{origin_flag}", "0"),
        ("#{mouse_any_flag}", "0"), ("#{wrap_flag}", "1"),
    ]

    @Test("hostile catalog text is shown neutralised, aligned, and never reaches the terminal")
    func hostileCatalogText() throws {
        let start = ContinuousClock.now
        let catalog = directory.file("hostile.json")
        try Data(HostileCatalog.json.utf8).write(to: URL(fileURLWithPath: catalog))
        let lint = try StorefrontCLI(ledger: ledger).run(["catalog", "lint", catalog])
        #expect(lint.status == 0, "the hostile catalog must load: \(lint.stdout)")

        let tmux = try session(["--catalog", catalog])
        let titleBefore = try tmux.query("#{pane_title}")
        let first = try tmux.pollRows { $0.contains { $0.contains("┌ Products") } }
        try #require(first.matched, "the storefront did not draw: \(first.screen)")
        var frames = 1
        var issues: [String] = []
        // Step through every product, so the detail pane shows each description too.
        for step in 0...6 {
            if step > 0 {
                try tmux.press("Down")
                usleep(150_000)
            }
            let screen = try tmux.rows()
            frames += 1
            let text = screen.joined(separator: "\n")
            for fragment in HostileCatalog.forbiddenFragments where text.contains(fragment) {
                issues.append("step \(step): the screen shows \"\(fragment)\"")
            }
            issues += ScreenLayout.misalignments(in: screen, width: 100).map { "step \(step): \($0)" }
            if try tmux.query("#{alternate_on}") != "1" { issues.append("step \(step): the alternate screen was left") }
            if try tmux.query("#{pane_title}") != titleBefore { issues.append("step \(step): the window title changed") }
            if !screen[0].contains("Hostile") { issues.append("step \(step): the header is gone: \(screen[0])") }
        }
        let text = try tmux.rows().joined(separator: "\n") + "\n" + first.screen.joined(separator: "\n")
        for fragment in HostileCatalog.neutralisedFragments where !text.contains(fragment) {
            issues.append("the screen does not show \"\(fragment)\"")
        }
        try tmux.press("q")
        #expect(try tmux.waitForExit() == 0)
        for (format, expected) in Self.restoredState where try tmux.query(format) != expected {
            issues.append("after quitting, \(format) is \(try tmux.query(format)), not \(expected)")
        }
        let count = issues.count
        #expect(count == 0, "first: \(issues.prefix(5))")
        Figures.report(
            "hostile terminal",
            "hostile catalog (escape sequences, C0/C1 controls, bidi overrides, 10,000-character text, wide glyphs): "
                + "\(frames) frames checked, \(count) issues, \(Figures.seconds(since: start))")
    }
}
