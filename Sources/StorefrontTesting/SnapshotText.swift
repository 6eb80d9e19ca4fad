/// The text format of screen snapshots: one line per row, wrapped in double quotes.
///
/// ```
/// "┌ Store ──────┐"
/// "│ Rage Face   │"
/// "└─────────────┘"
/// ```
/// The quotes keep trailing spaces visible and stop editors from trimming them.
/// Nothing inside a row is escaped: a row runs from its first quote to its last.
public enum SnapshotText {
    /// The rows as snapshot text, each line ending in a newline.
    public static func format(_ rows: [String]) -> String {
        rows.map { "\"\($0)\"\n" }.joined()
    }

    /// The rows of snapshot text; accepts "\n" and "\r\n" line ends and a missing final newline.
    public static func parse(_ text: String) throws(SnapshotFormatError) -> [String] {
        var lines = text.unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        if lines.last == "" { lines.removeLast() }
        return try lines.enumerated().map { (index, line) throws(SnapshotFormatError) -> String in
            var scalars = line.unicodeScalars
            if scalars.last == "\r" { scalars.removeLast() }
            guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else {
                throw SnapshotFormatError(lineNumber: index + 1, line: line)
            }
            scalars.removeFirst()
            scalars.removeLast()
            return String(scalars)
        }
    }

    /// The rows that differ between `expected` and `actual`, in row order; empty when they match.
    public static func differences(expected: [String], actual: [String]) -> [SnapshotDifference] {
        (0..<max(expected.count, actual.count)).compactMap { row in
            let expectedRow = row < expected.count ? expected[row] : nil
            let actualRow = row < actual.count ? actual[row] : nil
            return expectedRow == actualRow ? nil : SnapshotDifference(row: row, expected: expectedRow, actual: actualRow)
        }
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
    /// The 0-based row index.
    public let row: Int
    /// The recorded row, or nil when the recording has fewer rows.
    public let expected: String?
    /// The current row, or nil when the frame has fewer rows.
    public let actual: String?
}
