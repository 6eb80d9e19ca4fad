import Testing
@testable import StoreCatalog

/// How a message repeats what was typed: one line, cut when long, and every character that
/// draws nothing shown by its code point.
@Suite("Echoed text")
struct EchoedTextTests {
    @Test("a character that draws nothing is written by its code point; an emoji's joiners are kept")
    func visible() {
        #expect(EchoedText.visible("random\u{200B}") == "random<U+200B>")
        #expect(EchoedText.visible("a\u{202E}b") == "a<U+202E>b")
        #expect(EchoedText.visible("👨‍👩‍👧") == "👨‍👩‍👧")
        #expect(EchoedText.visible("plain") == "plain")
    }

    @Test("the drawn part leaves out exactly what visible writes by code point")
    func drawnPart() {
        #expect(EchoedText.drawnPart(of: "2000\u{200B}01") == "200001")
        #expect(EchoedText.drawnPart(of: "\u{FEFF}\u{200B}") == "")
        #expect(EchoedText.drawnPart(of: "👨‍👩‍👧x\u{2060}") == "👨‍👩‍👧x")
        #expect(EchoedText.drawnPart(of: "line\nbreak") == "line\nbreak")
    }
}
