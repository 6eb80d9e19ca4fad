import Testing
@testable import TerminalUI

@Suite("Terminal glyphs")
struct TerminalGlyphsTests {
    /// A stand-in for an older C library: knows CJK and 😀 as wide, marks as zero, and not 🫨 at all.
    private static func systemWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x300...0x36F, 0x200D, 0xFE0F: return 0
        case 0x1FAE8: return -1
        case 0x3000...0x9FFF, 0x1F600, 0x1F468, 0x1F469: return 2
        default: return 1
        }
    }

    private func columns(_ character: Character) -> [String] {
        TerminalGlyphs.columns(for: Cell(character), systemWidth: Self.systemWidth)
            .map { String(String.UnicodeScalarView($0)) }
    }

    @Test("Plain and wide characters are sent as they are")
    func plain() {
        #expect(columns("a") == ["a"])
        #expect(columns("日") == ["日"])
        #expect(columns("😀") == ["😀"])
    }

    @Test("Combining marks travel with their base")
    func combining() {
        #expect(columns("e\u{301}") == ["e\u{301}"])
    }

    @Test("At most four combining marks are kept")
    func combiningLimit() {
        let stacked = Character("a" + String(repeating: "\u{301}", count: 9))
        #expect(columns(stacked) == ["a" + String(repeating: "\u{301}", count: 4)])
    }

    @Test("A joined emoji sequence is sent as its first emoji")
    func zeroWidthJoinerSequence() {
        #expect(columns("👨‍👩‍👧") == ["👨"])
    }

    @Test("A text-default symbol made wide by VS16 is sent narrow, followed by a space")
    func variationSelector() {
        #expect(columns("❤️") == ["❤", " "])
    }

    @Test("Flags are spelled as their two letters")
    func flags() {
        #expect(columns("🇯🇵") == ["J", "P"])
        #expect(columns("\u{1F1E9}") == ["D"])
    }

    @Test("A glyph the system cannot measure becomes a replacement character and a space")
    func unknownToSystem() {
        #expect(columns("🫨") == ["\u{FFFD}", " "])
    }

    @Test("Continuation cells send nothing and control characters never get through")
    func continuationAndControls() {
        #expect(TerminalGlyphs.columns(for: .continuation(.plain), systemWidth: Self.systemWidth).isEmpty)
        #expect(columns("\u{1B}") == [" "])
    }

    @Test("The system width of what is sent always equals the cell's width")
    func systemWidthMatchesCell() {
        for character: Character in ["a", "日", "😀", "❤️", "🇯🇵", "👨‍👩‍👧", "🫨", "e\u{301}", "\u{1B}"] {
            let cell = Cell(character)
            let sent = TerminalGlyphs.columns(for: cell, systemWidth: Self.systemWidth)
            let systemColumns = sent.reduce(0) { total, glyph in total + glyph.reduce(0) { $0 + Self.systemWidth($1) } }
            #expect(systemColumns == cell.width, "\(character.unicodeScalars.map { $0.value })")
        }
    }
}
