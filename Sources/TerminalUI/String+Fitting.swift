extension String {
    /// The text cut to at most `width` columns, ending in "…" when anything was cut; a cut
    /// right after a space drops it, so the ellipsis follows a letter ("Extra…", not "Extra …").
    ///
    /// Widths are display widths, so a wide glyph that would straddle the limit
    /// is dropped whole rather than split.
    public func truncated(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }
        let room = width - 1
        var used = 0
        var result = ""
        for character in self {
            let characterWidth = character.displayWidth
            if used + characterWidth > room { break }
            result.append(character)
            used += characterWidth
        }
        while result.last?.isWhitespace == true { result.removeLast() }
        return result + "…"
    }

    /// The text truncated with "…" or padded with spaces to exactly `width` columns.
    public func padded(toWidth width: Int, alignment: Alignment = .left) -> String {
        let fitted = truncated(toWidth: width)
        let padding = max(0, width - fitted.displayWidth)
        switch alignment {
        case .left:
            return fitted + String(repeating: " ", count: padding)
        case .right:
            return String(repeating: " ", count: padding) + fitted
        case .center:
            let leading = padding / 2
            return String(repeating: " ", count: leading) + fitted + String(repeating: " ", count: padding - leading)
        }
    }
}
