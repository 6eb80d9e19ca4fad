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
        for (gap, found) in wordsWithGaps(paragraph) {
            var word = found
            var wordWidth = word.displayWidth
            if lineWidth > 0, lineWidth + gap + wordWidth <= width {
                line += String(repeating: " ", count: gap) + word
                lineWidth += gap + wordWidth
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

    /// The words of `paragraph`, each with how many spaces come before it: a run of spaces
    /// inside a line is kept as written (a quoted name's own spaces), and dropped only where
    /// the line breaks.
    private static func wordsWithGaps(_ paragraph: String) -> [(gap: Int, word: Substring)] {
        var words: [(gap: Int, word: Substring)] = []
        var gap = 0
        var start: String.Index?
        for index in paragraph.indices {
            if paragraph[index] == " " {
                if let begun = start { words.append((gap, paragraph[begun..<index])); start = nil; gap = 0 }
                gap += 1
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { words.append((gap, paragraph[begun...])) }
        return words
    }

    /// The longest prefix of `word` that fits in `width` columns (at least one character) and the rest.
    /// A mark that may not begin a line in Japanese or Chinese text ("。", "」", "ー") takes the
    /// character before it to the next line with it, where the line keeps a character.
    private static func splitPrefix(of word: Substring, width: Int) -> (Substring, Substring) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let characterWidth = word[index].displayWidth
            if used + characterWidth > width, index > word.startIndex { break }
            used += characterWidth
            word.formIndex(after: &index)
        }
        var split = index
        while split < word.endIndex, Self.neverStartsALine.contains(word[split]), word.index(before: split) > word.startIndex {
            word.formIndex(before: &split)
        }
        if split < word.endIndex, Self.neverStartsALine.contains(word[split]) { split = index }
        return (word[..<split], word[split...])
    }

    /// Closing punctuation, the long-vowel mark, iteration marks and small kana, which CJK
    /// typesetting keeps off the start of a line.
    private static let neverStartsALine = Set("、。，．・：；？！）」』】〕〉》〗〙〛］｝ー々ゝゞヽヾ…‥％ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")
}
