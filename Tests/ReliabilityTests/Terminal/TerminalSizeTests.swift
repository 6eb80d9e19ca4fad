import Foundation
import StorefrontTesting
import Testing
@testable import StorefrontTesting

/// The storefront in windows below its minimum size, from 1x1 to 59x15, and through a storm of
/// resizes: it never crashes, says how large the window must be, and draws its screens again
/// once the window is large enough.
@Suite("Hostile terminal: sizes and resize storms, in tmux", .serialized)
struct TerminalSizeTests {
    static let message = "Make the window at least 60x16"

    /// Sizes below the minimum: the corners, the edges and a diagonal between them.
    static let smallSizes: [(width: Int, height: Int)] = {
        var sizes = [(1, 1), (59, 1), (1, 15), (59, 15), (60, 15), (59, 16), (2, 2), (3, 40), (200, 3), (20, 5), (16, 3)]
        for step in stride(from: 5, through: 55, by: 10) { sizes.append((step, max(1, step * 15 / 59))) }
        return sizes
    }()

    /// Whether a too-small screen shows the message, as much of it as fits: every row that is
    /// not blank is part of the message or of the "(it is WxH now)" line, wrapped where it does
    /// not fit (cut with "…" on the last row), and the size needed is whole wherever 16 columns and 3 rows can hold it (before:
    /// at 20x5 the message was cut to "Make the window at …"). A 1x1 window has only its
    /// lower-right cell, which curses cannot write.
    static func showsTooSmall(_ screen: [String], width: Int, height: Int) -> Bool {
        let rows = screen.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !rows.isEmpty else { return width == 1 && height == 1 }
        let second = "(it is \(width)x\(height) now)"
        return rows.allSatisfy { row in
            // The last row loses its last cell (curses cannot write it), so a line there may end in "…".
            let text = row.replacingOccurrences(of: "…", with: "")
            return text.isEmpty || message.contains(text) || second.contains(text)
        }
            && (width < message.count || rows.contains(message))
            && (width < 16 || height < 3 || rows.contains { $0.contains("60x16") })
    }

    @Test("every size below the minimum shows the message; a resize storm ends on a working screen")
    func smallSizesAndResizeStorm() throws {
        let start = ContinuousClock.now
        let directory = try ScratchDirectory("sizes")
        let command = [StorefrontProcess.binary, "--entitlements", directory.file("entitlements.jsonl")]
            .map(TmuxSession.quoted).joined(separator: " ")
        let tmux = try TmuxSession(command: command, width: 100, height: 30, environment: ["LANG": "C.UTF-8"], statusLine: false, reportsExit: true)
        try #require(try tmux.pollRows { $0.contains { $0.contains("┌ Products") } }.matched)
        var issues: [String] = []
        for size in Self.smallSizes {
            try tmux.resize(width: size.width, height: size.height)
            let shown = try tmux.pollRows { Self.showsTooSmall($0, width: size.width, height: size.height) }
            if !shown.matched { issues.append("\(size.width)x\(size.height) shows \(shown.screen.filter { !$0.isEmpty })") }
        }
        try tmux.resize(width: 60, height: 16)
        if !(try tmux.pollRows { $0.contains { $0.contains("┌ Products") } }.matched) {
            issues.append("60x16 does not show the storefront")
        }

        let seed = SeededGenerator.seedFromEnvironment()
        var generator = SeededGenerator(seed: seed)
        let storm = 60
        for _ in 0..<storm {
            try tmux.resize(width: Int.random(in: 1...160, using: &generator), height: Int.random(in: 1...50, using: &generator))
        }
        try tmux.resize(width: 100, height: 30)
        let recovered = try tmux.pollRows { screen in
            screen.count == 30 && screen.contains { $0.contains("┌ Products") } && screen[29].contains("q quit")
                && ScreenLayout.misalignments(in: screen, width: 100).isEmpty
        }
        if !recovered.matched { issues.append("after the storm the screen is \(recovered.screen)") }
        try tmux.press("q")
        let status = try tmux.waitForExit()
        if status != 0 { issues.append("the storefront ended with \(status.map(String.init) ?? "no exit") after the storm") }
        if try tmux.query("#{alternate_on}") != "0" { issues.append("the alternate screen was not left") }

        let count = issues.count
        #expect(count == 0, "first: \(issues.prefix(5))")
        Figures.report(
            "hostile terminal",
            "\(Self.smallSizes.count) sizes from 1x1 to 59x15 (and 200x3, 3x40) show the size message, a storm of "
                + "\(storm) resizes (seed \(seed)) recovers, \(count) issues, \(Figures.seconds(since: start))")
    }
}
