import Testing
@testable import TerminalUI

@Suite("Fitting text to a width")
struct StringFittingTests {
    @Test("Truncation cuts by display width and ends with …", arguments: [
        ("Rage Face", 20, "Rage Face"), ("Rage Face", 9, "Rage Face"), ("Rage Face", 8, "Rage Fa…"),
        ("日本語テキスト", 7, "日本語…"), ("日本語", 4, "日…"), ("x", 0, ""), ("abc", 1, "…"),
        ("1,09\u{00A0}€", 5, "1,09…"),
        // A cut right after a space drops it (before: "Extra …", "Rage …").
        ("Extra Lives", 7, "Extra…"), ("Rage Face", 6, "Rage…"), ("a  b c", 4, "a…"),
    ])
    func truncation(text: String, width: Int, expected: String) {
        let result = text.truncated(toWidth: width)
        #expect(result == expected)
        #expect(result.displayWidth <= max(0, width))
    }

    @Test("Padding fills to the exact width in every alignment", arguments: [
        (Alignment.left, "日本  "), (.right, "  日本"), (.center, " 日本 "),
    ])
    func padding(alignment: Alignment, expected: String) {
        let padded = "日本".padded(toWidth: 6, alignment: alignment)
        #expect(padded == expected)
        #expect(padded.displayWidth == 6)
    }

    @Test("Wrapping breaks at spaces and keeps paragraphs")
    func wrapping() {
        let text = "Adds five views to your counter.\nSpend them one at a time."
        #expect(text.wrapped(toWidth: 12) == [
            "Adds five", "views to", "your", "counter.", "Spend them", "one at a", "time.",
        ])
    }

    @Test("Runs of spaces inside a line are kept as written, so a quoted name shows its own spaces (before: shown as one); at a break they go")
    func wrappingKeepsRunsOfSpaces() {
        #expect("Name \"Mary   Ann\" taken".wrapped(toWidth: 40) == ["Name \"Mary   Ann\" taken"])
        #expect("aaa   bbb".wrapped(toWidth: 4) == ["aaa", "bbb"])
        #expect("aa  bb  cc".wrapped(toWidth: 6) == ["aa  bb", "cc"])
        #expect("  lead".wrapped(toWidth: 10) == ["lead"])
        #expect("".wrapped(toWidth: 10) == [""])
    }

    @Test("Words wider than the line are split by display width")
    func wrappingLongWords() {
        #expect("abcdefgh".wrapped(toWidth: 3) == ["abc", "def", "gh"])
        #expect("日本語のテキスト".wrapped(toWidth: 5) == ["日本", "語の", "テキ", "スト"])
        for line in "日本語のテキスト".wrapped(toWidth: 5) { #expect(line.displayWidth <= 5) }
    }

    @Test("A closing mark never begins a line of Japanese: the character before it goes along (before: \"。\" alone at a line's start)")
    func closingMarksStayOffALinesStart() {
        #expect("毎月自動更新。次へ".wrapped(toWidth: 12) == ["毎月自動更", "新。次へ"])
        #expect("ある「本」。".wrapped(toWidth: 8) == ["ある「", "本」。"])
        #expect("。。。。".wrapped(toWidth: 4) == ["。。", "。。"], "a line of marks alone is still split")
        #expect("レイジフェイス".wrapped(toWidth: 8) == ["レイジ", "フェイス"], "a small kana keeps its syllable")
        #expect("ab.cd".wrapped(toWidth: 2) == ["ab", ".c", "d"], "ASCII marks are left as they were")
    }

    @Test("Wrapping removes escape sequences before measuring")
    func wrappingSanitizes() {
        #expect("a\u{1B}[31mbc d".wrapped(toWidth: 3) == ["abc", "d"])
    }
}
