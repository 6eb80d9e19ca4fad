/// The text format of screen snapshots: one line per row, wrapped in double quotes, then
/// optionally the frame's style layer (see `SnapshotStyles`).
///
/// ```
/// "┌ Store ──────┐"
/// "│ Rage Face   │"
/// "└─────────────┘"
/// -- styles --
/// "aaaaaaaaaaaaaaa"
/// "a.........bbb.a"
/// "aaaaaaaaaaaaaaa"
/// -- legend --
/// ". plain"
/// "a blue"
/// "b black on cyan"
/// ```
/// The quotes keep trailing spaces visible and stop editors from trimming them.
/// Nothing inside a row is escaped: a row runs from its first quote to its last.
public enum SnapshotText {
    /// The line that opens the style layer.
    public static let stylesMarker = "-- styles --"
    /// The line that opens the legend of the style layer.
    public static let legendMarker = "-- legend --"

    /// The rows (and the style layer, when given) as snapshot text, each line ending in a newline.
    public static func format(_ rows: [String], styles: SnapshotStyles? = nil) -> String {
        var text = quoted(rows)
        if let styles {
            text += "\(stylesMarker)\n" + quoted(styles.rows) + "\(legendMarker)\n" + quoted(styles.legend)
        }
        return text
    }

    private static func quoted(_ lines: [String]) -> String {
        lines.map { "\"\($0)\"\n" }.joined()
    }

    /// The text rows of snapshot text, whether or not a style layer follows them.
    public static func parse(_ text: String) throws(SnapshotFormatError) -> [String] {
        try parseFile(text).rows
    }

    /// The text rows and the style layer (nil when the file records text only).
    ///
    /// Accepts "\n" and "\r\n" line ends and a missing final newline.
    public static func parseFile(_ text: String) throws(SnapshotFormatError) -> (rows: [String], styles: SnapshotStyles?) {
        var lines = text.unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        if lines.last == "" { lines.removeLast() }
        var sections: [[String]] = [[]]
        for (index, line) in lines.enumerated() {
            var scalars = line.unicodeScalars
            if scalars.last == "\r" { scalars.removeLast() }
            let expectedMarker = sections.count == 1 ? stylesMarker : legendMarker
            if String(scalars) == expectedMarker, sections.count < 3 {
                sections.append([])
                continue
            }
            guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
                throw SnapshotFormatError(lineNumber: index + 1, line: line)
            }
            scalars.removeFirst()
            scalars.removeLast()
            sections[sections.count - 1].append(String(scalars))
        }
        guard sections.count == 3 else {
            if sections.count == 2 { throw SnapshotFormatError(lineNumber: lines.count + 1, line: "") }
            return (sections[0], nil)
        }
        return (sections[0], SnapshotStyles(rows: sections[1], legend: sections[2]))
    }

    /// The rows that differ between `expected` and `actual`, in row order; empty when they match.
    public static func differences(expected: [String], actual: [String],
                                   in layer: SnapshotDifference.Layer = .text) -> [SnapshotDifference] {
        (0..<max(expected.count, actual.count)).compactMap { row in
            let expectedRow = row < expected.count ? expected[row] : nil
            let actualRow = row < actual.count ? actual[row] : nil
            return expectedRow == actualRow
                ? nil : SnapshotDifference(row: row, expected: expectedRow, actual: actualRow, layer: layer)
        }
    }

    /// The differences of text, style letters and legend between a recording and a frame.
    ///
    /// A recording without a style layer differs from any frame that has one, so a file
    /// recorded before styles were asserted cannot pass unseen.
    public static func differences(expected: (rows: [String], styles: SnapshotStyles?),
                                   actual: (rows: [String], styles: SnapshotStyles)) -> [SnapshotDifference] {
        var found = differences(expected: expected.rows, actual: actual.rows)
        guard let recorded = expected.styles else {
            return found + [SnapshotDifference(row: 0, expected: nil, actual: actual.styles.rows.first, layer: .styles)]
        }
        found += differences(expected: recorded.rows, actual: actual.styles.rows, in: .styles)
        found += differences(expected: recorded.legend, actual: actual.styles.legend, in: .legend)
        return found
    }
}

/// A line of a snapshot file that is not a quoted row.
public struct SnapshotFormatError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line number in the snapshot text.
    public let lineNumber: Int
    public let line: String

    public var description: String {
        "snapshot line \(lineNumber) is not a row wrapped in double quotes: \(line.debugDescription); "
            + "re-record the snapshot or quote the line"
    }
}

/// One row that differs between a recorded snapshot and the current frame.
public struct SnapshotDifference: Equatable, Sendable {
    /// The 0-based row index (for the legend, the line index).
    public let row: Int
    /// The recorded row, or nil when the recording has fewer rows.
    public let expected: String?
    /// The current row, or nil when the frame has fewer rows.
    public let actual: String?
    /// Which part of the snapshot the row belongs to.
    public var layer: Layer = .text

    /// The parts of a snapshot file.
    public enum Layer: String, Equatable, Sendable {
        /// The characters on screen.
        case text
        /// The style letters, one per cell.
        case styles
        /// The legend lines that name each letter's style.
        case legend
    }
}
