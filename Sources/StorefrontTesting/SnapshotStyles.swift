import TerminalUI

/// The style layer of a snapshot: one letter per cell, and a legend that names each letter's style.
///
/// ```
/// ". plain"
/// "a white on blue, bold"
/// ```
/// Letters are handed out in the order styles first appear (row by row, left to right), and
/// `.` is always the plain style, so the same frame always gives the same layer and a change
/// of colour or selection shows as a changed letter or legend line.
public struct SnapshotStyles: Equatable, Sendable {
    /// One string per screen row, one letter per cell (a wide glyph's second cell included).
    public var rows: [String]
    /// One line per letter used: the letter, a space, and the style in words.
    public var legend: [String]

    public init(rows: [String], legend: [String]) {
        self.rows = rows
        self.legend = legend
    }

    /// The letters tried in order for styles other than plain; a frame with more styles
    /// than these marks the rest with `#`, which the legend then explains.
    static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    static let overflowLetter: Character = "#"

    /// The layer of `buffer`.
    public init(_ buffer: ScreenBuffer) {
        var letterOf: [Style: Character] = [.plain: "."]
        var legend = [". \(Self.describe(.plain))"]
        var overflowed = false
        var rows: [String] = []
        for row in 0..<buffer.height {
            var letters = ""
            for column in 0..<buffer.width {
                let style = buffer.cell(column: column, row: row)?.style ?? .plain
                if let letter = letterOf[style] {
                    letters.append(letter)
                    continue
                }
                let used = letterOf.count - 1
                let letter = used < Self.letters.count ? Self.letters[used] : Self.overflowLetter
                if letter == Self.overflowLetter {
                    if !overflowed { legend.append("\(letter) one of several further styles") }
                    overflowed = true
                } else {
                    letterOf[style] = letter
                    legend.append("\(letter) \(Self.describe(style))")
                }
                letters.append(letter)
            }
            rows.append(letters)
        }
        self.init(rows: rows, legend: legend)
    }

    /// A style in words: "plain", "red, bold", "black on cyan", "dim".
    public static func describe(_ style: Style) -> String {
        var colours: [String] = []
        if style.foreground != .default { colours.append("\(style.foreground)") }
        if style.background != .default { colours.append("on \(style.background)") }
        var parts = colours.isEmpty ? [] : [colours.joined(separator: " ")]
        if style.isBold { parts.append("bold") }
        if style.isDim { parts.append("dim") }
        if style.isReversed { parts.append("reversed") }
        if style.isUnderlined { parts.append("underlined") }
        return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
    }

    /// The style a letter stands for, in words, from the legend; nil for a letter it does not list.
    public func meaning(of letter: Character) -> String? {
        legend.first { $0.first == letter }.map { String($0.dropFirst(2)) }
    }

    /// The letter at `column` of `row`, or nil outside the frame.
    public func letter(column: Int, row: Int) -> Character? {
        guard rows.indices.contains(row) else { return nil }
        let letters = Array(rows[row])
        return letters.indices.contains(column) ? letters[column] : nil
    }

    /// The style in words at `column` of `row`, or nil outside the frame.
    public func style(column: Int, row: Int) -> String? {
        letter(column: column, row: row).flatMap(meaning(of:))
    }
}
