import TerminalUI

/// Reading a captured screen by display columns, as the terminal lays it out.
enum ScreenLayout {
    /// The display columns at which `character` appears in `row`.
    static func columns(of character: Character, in row: String) -> [Int] {
        var columns: [Int] = []
        var column = 0
        for current in row {
            if current == character { columns.append(column) }
            column += DisplayWidth.of(current)
        }
        return columns
    }

    /// The part of `row` from display column `column` on.
    static func text(of row: String, fromColumn column: Int) -> Substring {
        var current = 0
        var index = row.startIndex
        while index < row.endIndex, current < column {
            current += DisplayWidth.of(row[index])
            index = row.index(after: index)
        }
        return row[index...]
    }

    /// The display width of `row`.
    static func width(of row: String) -> Int {
        DisplayWidth.of(row)
    }

    /// Rows of a drawn box: from the row holding `title` in its top border to the next bottom
    /// border below it.
    static func boxRows(titled title: String, in screen: [String]) -> ArraySlice<String> {
        guard let top = screen.firstIndex(where: { $0.contains("┌") && $0.contains(title) }),
            let bottom = screen[(top + 1)...].firstIndex(where: { $0.contains("└") })
        else { return [] }
        return screen[(top + 1)..<bottom]
    }

    /// Problems with the alignment of a screen: rows wider than `width`, and rows of the
    /// product list whose borders or right-aligned prices are not in the same columns.
    static func misalignments(in screen: [String], width: Int) -> [String] {
        var found: [String] = []
        for (index, row) in screen.enumerated() where ScreenLayout.width(of: row) > width {
            found.append("row \(index) is \(ScreenLayout.width(of: row)) columns wide")
        }
        let rows = boxRows(titled: "Products", in: screen)
        guard let first = rows.first else { return found + ["no product list on the screen"] }
        let borders = columns(of: "│", in: first)
        for row in rows where columns(of: "│", in: row) != borders {
            found.append("borders at \(columns(of: "│", in: row)), not \(borders): \(row)")
        }
        // Prices (a subscription's with its period, "$2.99/month") end one column before the list's right border.
        guard borders.count >= 2 else { return found + ["the product list has no right border"] }
        for row in rows {
            guard let dollar = columns(of: "$", in: row).last(where: { $0 < borders[1] }) else { continue }
            let digits = Self.text(of: row, fromColumn: dollar + 1).prefix { $0.isNumber || $0 == "." || $0 == "/" || $0.isLetter }.count
            if dollar + digits != borders[1] - 1 {
                found.append("a price ends at column \(dollar + digits), not \(borders[1] - 1): \(row)")
            }
        }
        return found
    }
}
