import Testing
@testable import TerminalUI

@Suite("Terminal-safe text")
struct TerminalTextTests {
    @Test("Plain text passes through unchanged")
    func plain() {
        #expect(TerminalText.sanitize("Rage Face — 5 views, 日本語 😀") == "Rage Face — 5 views, 日本語 😀")
    }

    @Test("CSI sequences are removed whole", arguments: [
        ("a\u{1B}[2Jb", "ab"),
        ("\u{1B}[1;31mred\u{1B}[0m", "red"),
        ("x\u{1B}[?1049hy", "xy"),
        ("\u{1B}[38;5;196mhot", "hot"),
    ])
    func controlSequences(input: String, expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    @Test("OSC 52 clipboard writes and window titles are removed", arguments: [
        ("a\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}b", "ab"),
        ("a\u{1B}]0;owned\u{1B}\\b", "ab"),
        ("a\u{9D}2;title\u{9C}b", "ab"),
        ("a\u{1B}]8;;http://example.com\u{07}link\u{1B}]8;;\u{07}", "alink"),
    ])
    func operatingSystemCommands(input: String, expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    @Test("An unterminated OSC swallows the rest, as a terminal would")
    func unterminatedString() {
        #expect(TerminalText.sanitize("title\u{1B}]0;never ends") == "title")
    }

    @Test("The 8-bit CSI 0x9B and other C1 controls are removed")
    func c1Controls() {
        #expect(TerminalText.sanitize("a\u{9B}2Jb") == "ab")
        #expect(TerminalText.sanitize("a\u{85}b\u{8D}c") == "abc")
        #expect(TerminalText.sanitize("a\u{90}q#1\u{9C}b") == "ab")
    }

    @Test("DEL, BEL, NUL and backspace are removed")
    func c0Controls() {
        #expect(TerminalText.sanitize("a\u{7F}b\u{07}c\u{00}d\u{08}e") == "abcde")
    }

    @Test("Tabs and line breaks become single spaces")
    func whitespace() {
        #expect(TerminalText.sanitize("a\tb\nc\r\nd\u{2028}e") == "a b c  d e")
    }

    @Test("Bidi overrides and isolates are removed; bidi marks stay", arguments: [
        ("\u{202E}evil\u{202C}", "evil"),
        ("a\u{202A}b\u{202B}c\u{202D}d", "abcd"),
        ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "xyz"),
        ("\u{200F}١٫٠٩\u{00A0}ج.م.\u{200F}\u{061C}", "\u{200F}١٫٠٩\u{00A0}ج.م.\u{200F}\u{061C}"),
    ])
    func bidi(input: String, expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    @Test("Malformed sequences leave no escape behind", arguments: [
        ("a\u{1B}", "a"),
        ("a\u{1B}[", "a"),
        ("a\u{1B}[12", "a"),
        ("a\u{1B}[1;\u{1B}[2Jb", "ab"),
        ("a\u{1B}[1é", "aé"),
        ("a\u{1B}\u{1B}b", "a"),
        ("a\u{1B}(Bb", "ab"),
        ("a\u{1B}é", "aé"),
        ("a\u{1B}]0;t\u{18}b", "ab"),
    ])
    func malformed(input: String, expected: String) {
        let output = TerminalText.sanitize(input)
        #expect(output == expected)
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("Sanitized text never contains a control character")
    func noControlsRemain() {
        var hostile = ""
        for value in 0..<0xA0 {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            hostile.unicodeScalars.append(scalar)
            hostile += "x"
        }
        let output = TerminalText.sanitize(hostile)
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(TerminalText.isSafe(output))
        #expect(!TerminalText.isSafe(hostile))
    }

    @Test("Ten thousand characters of hostile text are handled")
    func longInput() {
        let unit = "ab\u{1B}[2J日😀\u{202E}\u{7F}"
        let input = String(repeating: unit, count: 1_000)
        #expect(input.count == 10_000)
        let output = TerminalText.sanitize(input)
        #expect(output == String(repeating: "ab日😀", count: 1_000))
        #expect(output.displayWidth == 6_000)
    }

    @Test("Ten thousand combining marks on one letter stay one column")
    func combiningFlood() {
        let input = "Z" + String(repeating: "\u{301}", count: 10_000)
        let output = TerminalText.sanitize(input)
        #expect(output.displayWidth == 1)
    }

    @Test("pieces(of:) splits text around whole escape sequences, as sanitize finds them", arguments: [
        ("red\u{1B}[31mname", [TerminalText.Piece.text("red"), .escapeSequence("\u{1B}[31m"), .text("name")]),
        ("\u{1B}]0;title\u{7}x", [.escapeSequence("\u{1B}]0;title\u{7}"), .text("x")]),
        ("a\u{9B}2Jb", [.text("a"), .escapeSequence("\u{9B}2J"), .text("b")]),
        ("a\u{1B}", [.text("a"), .escapeSequence("\u{1B}")]),
        ("tab\there", [.text("tab\there")]),
        ("", []),
    ])
    func piecesAroundEscapeSequences(input: String, expected: [TerminalText.Piece]) {
        #expect(TerminalText.pieces(of: input) == expected)
        let kept = TerminalText.pieces(of: input).map { if case .text(let text) = $0 { text } else { "" } }.joined()
        #expect(TerminalText.sanitize(kept) == TerminalText.sanitize(input), "the text runs are what sanitize keeps")
    }
}
