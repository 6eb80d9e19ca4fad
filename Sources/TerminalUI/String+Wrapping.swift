extension String {
    /// The text broken into lines of at most `width` columns, at spaces where possible.
    ///
    /// Line breaks in the text start new lines; a word wider than `width` is
    /// split by display width. The text is sanitized first, so what is measured
    /// is what will be shown.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        let paragraphs = unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.sanitize(String(String.UnicodeScalarView($0))) }
        return paragraphs.flatMap { Self.wrapParagraph($0, width: width) }
    }

    private static func wrapParagraph(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ") {
            var word = Substring(word)
            var wordWidth = word.displayWidth
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            while wordWidth > width {
                let (head, tail) = splitPrefix(of: word, width: width)
                lines.append(String(head))
                word = tail
                wordWidth = word.displayWidth
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }

    /// The longest prefix of `word` that fits in `width` columns (at least one character) and the rest.
    private static func splitPrefix(of word: Substring, width: Int) -> (Substring, Substring) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let characterWidth = word[index].displayWidth
            if used + characterWidth > width, index > word.startIndex { break }
            used += characterWidth
            word.formIndex(after: &index)
        }
        return (word[..<index], word[index...])
    }
}
