import Testing
@testable import TerminalUI

@Suite("Screen buffer")
struct ScreenBufferTests {
    @Test("A new buffer is all spaces")
    func blank() {
        let buffer = ScreenBuffer(width: 3, height: 2)
        #expect(buffer.rowTexts == ["   ", "   "])
    }

    @Test("Writing returns the columns written and clips at the right edge")
    func clipsAtEdge() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        #expect(buffer.write("Storefront", column: 2, row: 0) == 4)
        #expect(buffer.rowText(0) == "  Stor")
    }

    @Test("maxWidth limits a write")
    func maxWidth() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        #expect(buffer.write("abcdef", column: 1, row: 0, maxWidth: 3) == 3)
        #expect(buffer.rowText(0) == " abc      ")
    }

    @Test("Writes outside the buffer do nothing")
    func outside() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        #expect(buffer.write("x", column: 0, row: 2) == 0)
        #expect(buffer.write("x", column: 4, row: 0) == 0)
        #expect(buffer.write("x", column: 0, row: -1) == 0)
        #expect(buffer.write("x", column: 1, row: 0, maxWidth: 0) == 0)
        #expect(buffer == ScreenBuffer(width: 4, height: 2))
    }

    @Test("A wide glyph fills its cell and a continuation cell")
    func wideGlyph() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        #expect(buffer.write("日本", column: 0, row: 0) == 4)
        #expect(buffer.rowText(0) == "日本 ")
        #expect(buffer.cell(column: 0, row: 0)?.isWide == true)
        #expect(buffer.cell(column: 1, row: 0)?.isContinuation == true)
        #expect(buffer.cell(column: 2, row: 0)?.grapheme == "本")
    }

    @Test("A wide glyph that does not fit in the last column becomes a space")
    func wideGlyphAtEdge() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.fill(buffer.area, character: ".")
        #expect(buffer.write("ab日本", column: 0, row: 0) == 5)
        #expect(buffer.rowText(0) == "ab日 ")
        #expect(buffer.cell(column: 4, row: 0)?.isContinuation == false)
    }

    @Test("A wide glyph cut by maxWidth leaves a space in its last column")
    func wideGlyphAtMaxWidth() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.fill(buffer.area, character: ".")
        #expect(buffer.write("a日", column: 0, row: 0, maxWidth: 2) == 2)
        #expect(buffer.rowText(0) == "a ....")
    }

    @Test("Overwriting half of a wide glyph blanks the other half")
    func overwriteHalf() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.write("日本", column: 0, row: 0)
        buffer.write("x", column: 1, row: 0)
        #expect(buffer.rowText(0) == " x本")
        buffer.write("y", column: 2, row: 0)
        #expect(buffer.rowText(0) == " xy ")
        #expect(buffer.cells.allSatisfy { !$0.isContinuation })
    }

    @Test("A wide glyph written over the first half of another blanks its second half")
    func wideOverWide() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.write("日本", column: 1, row: 0)
        buffer.write("語", column: 0, row: 0)
        #expect(buffer.rowText(0) == "語 本")
    }

    @Test("Control characters and escape sequences never reach a cell")
    func sanitizesOnWrite() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        buffer.write("a\u{1B}[2Jb\u{1B}]52;c;eA==\u{07}c", column: 0, row: 0)
        #expect(buffer.rowText(0) == "abc     ")
    }

    @Test("Zero-width marks take no column: an RTL price lines up by its visible width")
    func zeroWidthMarks() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        #expect(buffer.write("\u{200F}1,09\u{00A0}€\u{061C}", column: 0, row: 0) == 6)
        #expect(buffer.rowText(0) == "1,09\u{00A0}€")
    }

    @Test("Combining marks stay with their base letter")
    func combiningMarks() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        #expect(buffer.write("Cafe\u{301}", column: 0, row: 0) == 4)
        #expect(buffer.cell(column: 3, row: 0)?.grapheme == "e\u{301}")
    }

    @Test("Ellipsis overflow ends cut text with …")
    func ellipsis() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        #expect(buffer.write("Random Rage Face", column: 0, row: 0, overflow: .ellipsis) == 8)
        #expect(buffer.rowText(0) == "Random …")
        var wide = ScreenBuffer(width: 6, height: 1)
        #expect(wide.write("abcd日本", column: 0, row: 0, overflow: .ellipsis) == 5)
        #expect(wide.rowText(0) == "abcd… ")
    }

    @Test("Spans keep their own styles and are cut across span boundaries")
    func spans() {
        var buffer = ScreenBuffer(width: 7, height: 1)
        let bold = Style.plain.bold()
        let written = buffer.write([Span("Rage "), Span("0,99 €", style: bold)], column: 0, row: 0, overflow: .ellipsis)
        #expect(written == 7)
        #expect(buffer.rowText(0) == "Rage 0…")
        #expect(buffer.cell(column: 4, row: 0)?.style == .plain)
        #expect(buffer.cell(column: 5, row: 0)?.style == bold)
        #expect(buffer.cell(column: 6, row: 0)?.style == bold)
    }

    @Test("Aligned writes", arguments: [
        (Alignment.left, "ab    "), (.center, "  ab  "), (.right, "    ab"),
    ])
    func alignment(alignment: Alignment, expected: String) {
        var buffer = ScreenBuffer(width: 6, height: 1)
        #expect(buffer.write("ab", in: buffer.area, alignment: alignment) == 2)
        #expect(buffer.rowText(0) == expected)
    }

    @Test("A right-aligned price with wide glyphs ends at the right edge")
    func rightAlignedWide() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        buffer.write("￥120", in: buffer.area, alignment: .right)
        #expect(buffer.rowText(0) == "   ￥120")
    }

    @Test("An aligned write wider than its area is cut with …")
    func alignedOverflow() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        buffer.write("Subscription", in: Rect(x: 2, y: 0, width: 6, height: 1), alignment: .right)
        #expect(buffer.rowText(0) == "  Subsc…  ")
    }

    @Test("Fill paints a rectangle and clips to the buffer")
    func fill() {
        var buffer = ScreenBuffer(width: 4, height: 3)
        buffer.fill(Rect(x: 2, y: 1, width: 5, height: 5), character: "#")
        #expect(buffer.rowTexts == ["    ", "  ##", "  ##"])
    }

    @Test("Restyle changes styles but keeps the text")
    func restyle() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        buffer.write("abcd", column: 0, row: 1)
        buffer.restyle(buffer.area.row(1)) { $0.reversed() }
        #expect(buffer.rowText(1) == "abcd")
        #expect(buffer.cell(column: 2, row: 1)?.style.isReversed == true)
        #expect(buffer.cell(column: 2, row: 0)?.style.isReversed == false)
    }

    @Test("A box has a border, a title and returns its inside")
    func box() {
        var buffer = ScreenBuffer(width: 12, height: 4)
        let inside = buffer.drawBox(buffer.area, title: "Store")
        #expect(inside == Rect(x: 1, y: 1, width: 10, height: 2))
        #expect(buffer.rowTexts == [
            "┌ Store ───┐",
            "│          │",
            "│          │",
            "└──────────┘",
        ])
    }

    @Test("A box with an empty title has an unbroken border (the activity spinner's box showed a gap)")
    func emptyTitle() {
        var buffer = ScreenBuffer(width: 8, height: 3)
        buffer.drawBox(buffer.area, title: "")
        #expect(buffer.rowTexts == ["┌──────┐", "│      │", "└──────┘"])
    }

    @Test("The ASCII border set draws with plain characters, and long titles are cut")
    func asciiBox() {
        var buffer = ScreenBuffer(width: 8, height: 3)
        buffer.drawBox(buffer.area, border: .ascii, title: "Catalog")
        #expect(buffer.rowTexts == ["+ Cata…+", "|      |", "+------+"])
    }

    @Test("A box too small for a border draws nothing")
    func tinyBox() {
        var buffer = ScreenBuffer(width: 3, height: 3)
        #expect(buffer.drawBox(Rect(x: 0, y: 0, width: 1, height: 3)) == Rect(x: 0, y: 0, width: 1, height: 3))
        #expect(buffer == ScreenBuffer(width: 3, height: 3))
    }

    @Test("Snapshot text quotes every row so trailing spaces show, then the style layer")
    func snapshotText() {
        var buffer = ScreenBuffer(width: 5, height: 2)
        buffer.write("日a", column: 0, row: 0, style: Style.plain.bold())
        #expect(buffer.snapshotText()
            == "\"日a  \"\n\"     \"\n-- styles --\n\"aaa..\"\n\".....\"\n-- legend --\n\". plain\"\n\"a bold\"\n")
    }
}
