import Testing
@testable import TerminalUI

@Suite("Display width")
struct DisplayWidthTests {
    @Test("ASCII letters, digits and punctuation take one column each")
    func ascii() {
        #expect("Rage Face $0.99".displayWidth == 15)
    }

    @Test("CJK ideographs, kana, Hangul and fullwidth forms take two columns", arguments: [
        ("日本語", 6), ("ひらがな", 8), ("カタカナ", 8), ("한국어", 6), ("ＡＢ", 4), ("￥", 2), ("。", 2),
    ])
    func eastAsianWide(text: String, width: Int) {
        #expect(text.displayWidth == width)
    }

    @Test("Half-width katakana takes one column")
    func halfwidthKatakana() {
        #expect("ｶﾀｶﾅ".displayWidth == 4)
    }

    @Test("Emoji take two columns, including sequences", arguments: [
        "😀", "🚀", "👍🏽", "❤️", "☺️", "👨‍👩‍👧", "🏳️‍🌈", "🇯🇵", "🇩🇪", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
    ])
    func emoji(text: String) {
        #expect(text.count == 1)
        #expect(text.displayWidth == 2)
    }

    @Test("A symbol with text presentation and no selector takes one column")
    func textPresentationSymbol() {
        #expect("☺".displayWidth == 1)
        #expect("♥".displayWidth == 1)
    }

    @Test("Combining marks add no width to their base")
    func combiningMarks() {
        #expect("e\u{301}".displayWidth == 1)
        #expect("Cafe\u{301}".displayWidth == 4)
        #expect("a\u{300}\u{301}\u{302}\u{303}".displayWidth == 1)
        #expect("\u{301}".displayWidth == 0)
        #expect("か\u{3099}".displayWidth == 2)
    }

    @Test("Joiners, variation selectors, bidi marks and the soft hyphen take no columns", arguments: [
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{FE0F}", "\u{FE0E}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{00AD}",
    ])
    func zeroWidth(text: String) {
        #expect(text.displayWidth == 0)
    }

    @Test("No-break spaces in formatted prices take one column")
    func noBreakSpaces() {
        #expect("\u{00A0}".displayWidth == 1)
        #expect("\u{202F}".displayWidth == 1)
        #expect("1,09\u{00A0}€".displayWidth == 6)
        #expect("1\u{202F}234,56\u{00A0}€".displayWidth == 10)
    }

    @Test("Bidi marks in an Arabic price do not widen it")
    func arabicPrice() {
        let price = "\u{200F}\u{0661}\u{066B}\u{0660}\u{0669}\u{00A0}\u{062C}.\u{0645}.\u{200F}\u{061C}"
        #expect(price.displayWidth == 9)
    }

    @Test("Control characters take no columns")
    func controls() {
        #expect("\u{1B}".displayWidth == 0)
        #expect("\u{7F}".displayWidth == 0)
        #expect("\u{9B}".displayWidth == 0)
        #expect("\r\n".displayWidth == 0)
    }

    @Test("A composed Hangul syllable and its jamo spelling take the same two columns")
    func hangulJamo() {
        #expect("한".displayWidth == 2)
        #expect("\u{1112}\u{1161}\u{11AB}".displayWidth == 2)
    }

    @Test("A lone regional indicator takes one column, a flag two")
    func regionalIndicators() {
        #expect("\u{1F1EF}".displayWidth == 1)
        #expect("\u{1F1EF}\u{1F1F5}".displayWidth == 2)
    }
}
