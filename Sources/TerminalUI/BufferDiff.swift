/// The cells that changed between two frames, as runs of adjacent cells per row.
///
/// A backend writes only these cells. When there is no previous frame or the
/// size changed, the diff is a full redraw: every row as one run.
public struct BufferDiff: Equatable, Sendable {
    /// Adjacent changed cells in one row, starting at `column`.
    public struct Run: Equatable, Sendable {
        public let row: Int
        public let column: Int
        public let cells: [Cell]
    }

    /// Whether the whole screen has to be repainted (first frame or new size).
    public let isFullRedraw: Bool
    public let runs: [Run]

    /// The differences that turn `previous` into `next`.
    public static func between(_ previous: ScreenBuffer?, _ next: ScreenBuffer) -> BufferDiff {
        guard let previous, previous.size == next.size else {
            let rows = (0..<next.height).map { row in
                Run(row: row, column: 0, cells: Array(next.cells[(row * next.width)..<((row + 1) * next.width)]))
            }
            return BufferDiff(isFullRedraw: true, runs: rows.filter { !$0.cells.isEmpty })
        }
        var runs: [Run] = []
        let width = next.width
        for row in 0..<next.height {
            let base = row * width
            var column = 0
            while column < width {
                guard previous.cells[base + column] != next.cells[base + column] else {
                    column += 1
                    continue
                }
                // A run never starts on the second half of a wide glyph: the glyph is written from its first column.
                var start = column
                if next.cells[base + start].isContinuation, start > 0 { start -= 1 }
                var end = column + 1
                while end < width, previous.cells[base + end] != next.cells[base + end] { end += 1 }
                runs.append(Run(row: row, column: start, cells: Array(next.cells[(base + start)..<(base + end)])))
                column = end
            }
        }
        return BufferDiff(isFullRedraw: false, runs: runs)
    }

    /// Whether nothing needs to be written.
    public var isEmpty: Bool { runs.isEmpty }

    /// The cells a backend writes: every cell in a run except continuation cells.
    public var writtenCellCount: Int {
        runs.reduce(0) { total, run in total + run.cells.count(where: { !$0.isContinuation }) }
    }
}
