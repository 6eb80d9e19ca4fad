import Testing
@testable import TerminalUI

@Suite("Buffer diff")
struct BufferDiffTests {
    @Test("Identical buffers yield nothing to write")
    func identical() {
        var buffer = ScreenBuffer(width: 10, height: 3)
        buffer.write("日本 😀 x", column: 0, row: 1)
        let diff = BufferDiff.between(buffer, buffer)
        #expect(diff.isEmpty)
        #expect(!diff.isFullRedraw)
        #expect(diff.writtenCellCount == 0)
    }

    @Test("Changing one cell yields one run of one cell")
    func oneCell() {
        let previous = ScreenBuffer(width: 10, height: 3)
        var next = previous
        next.write("x", column: 4, row: 2)
        let diff = BufferDiff.between(previous, next)
        #expect(diff.runs == [BufferDiff.Run(row: 2, column: 4, cells: [Cell("x")])])
        #expect(diff.writtenCellCount == 1)
    }

    @Test("A style change alone is a change")
    func styleChange() {
        var previous = ScreenBuffer(width: 4, height: 1)
        previous.write("ab", column: 0, row: 0)
        var next = previous
        next.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.reversed() }
        let diff = BufferDiff.between(previous, next)
        #expect(diff.runs.map(\.column) == [1])
        #expect(diff.runs.first?.cells.count == 1)
    }

    @Test("Separate changes in a row are separate runs")
    func separateRuns() {
        let previous = ScreenBuffer(width: 10, height: 2)
        var next = previous
        next.write("ab", column: 1, row: 0)
        next.write("c", column: 7, row: 0)
        next.write("d", column: 0, row: 1)
        let diff = BufferDiff.between(previous, next)
        #expect(diff.runs.map { [$0.row, $0.column, $0.cells.count] } == [[0, 1, 2], [0, 7, 1], [1, 0, 1]])
    }

    @Test("A new wide glyph is written once; its continuation cell is not counted")
    func wideGlyph() {
        let previous = ScreenBuffer(width: 6, height: 1)
        var next = previous
        next.write("日", column: 2, row: 0)
        let diff = BufferDiff.between(previous, next)
        #expect(diff.runs.count == 1)
        #expect(diff.runs.first?.column == 2)
        #expect(diff.runs.first?.cells.count == 2)
        #expect(diff.writtenCellCount == 1)
    }

    @Test("A run never starts on the second half of a wide glyph")
    func runStartsAtGlyph() {
        var previous = ScreenBuffer(width: 4, height: 1)
        previous.write("日", column: 0, row: 0)
        var next = previous
        next.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.bold() }
        let diff = BufferDiff.between(previous, next)
        #expect(diff.runs.first?.column == 0)
        #expect(diff.runs.first?.cells.first?.grapheme == "日")
    }

    @Test("No previous frame or a new size means a full redraw of every row")
    func fullRedraw() {
        let next = ScreenBuffer(width: 3, height: 2)
        let first = BufferDiff.between(nil, next)
        #expect(first.isFullRedraw)
        #expect(first.runs.count == 2)
        #expect(first.writtenCellCount == 6)
        let resized = BufferDiff.between(ScreenBuffer(width: 4, height: 2), next)
        #expect(resized.isFullRedraw)
        #expect(resized.writtenCellCount == 6)
    }
}
