/// One column of the screen: a grapheme cluster and its style.
///
/// A wide glyph (CJK, emoji) lives in the cell where it starts and is followed by
/// a continuation cell that holds nothing; backends skip continuation cells
/// because the terminal already advanced over them when drawing the glyph.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown in this cell; empty for a continuation cell.
    public let grapheme: String
    public var style: Style
    /// Columns the glyph occupies: 1 or 2, or 0 for a continuation cell.
    public let width: Int

    /// A cell holding `character`, which must be printable and one or two columns wide.
    ///
    /// Characters of width 0 (controls, lone combining marks) cannot stand alone
    /// in a cell and are shown as a space.
    public init(_ character: Character, style: Style = .plain) {
        let width = DisplayWidth.of(character)
        if width == 0 {
            self.grapheme = " "
            self.width = 1
        } else {
            self.grapheme = String(character)
            self.width = width
        }
        self.style = style
    }

    private init(grapheme: String, style: Style, width: Int) {
        self.grapheme = grapheme
        self.style = style
        self.width = width
    }

    /// A space in the plain style.
    public static let blank = Cell(" ")

    /// A space in `style`.
    public static func blank(_ style: Style) -> Cell {
        Cell(grapheme: " ", style: style, width: 1)
    }

    /// The second column of a wide glyph drawn in `style`.
    public static func continuation(_ style: Style) -> Cell {
        Cell(grapheme: "", style: style, width: 0)
    }

    public var isContinuation: Bool { width == 0 }
    public var isWide: Bool { width == 2 }
}
