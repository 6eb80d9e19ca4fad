import Testing
@testable import TerminalUI

@Suite("Styles and colour modes")
struct StyleTests {
    @Test("Fluent modifiers set one attribute each")
    func fluent() {
        let style = Style.plain.foreground(.green).background(.black).bold().underlined()
        #expect(style == Style(foreground: .green, background: .black, bold: true, underlined: true))
    }

    @Test("Monochrome drops colours and keeps a background highlight visible by reversing it")
    func monochrome() {
        let highlight = Style.plain.foreground(.black).background(.cyan).bold()
        #expect(highlight.resolved(for: .monochrome) == Style(bold: true, reversed: true))
        #expect(Style.plain.foreground(.red).resolved(for: .monochrome) == .plain)
        #expect(highlight.resolved(for: .color) == highlight)
    }

    @Test("NO_COLOR with any non-empty value turns colours off", arguments: [
        (String?.none, true, ColorMode.color), ("1", true, .monochrome), ("", true, .color), (nil, false, .monochrome),
    ])
    func colorMode(noColor: String?, hasColors: Bool, expected: ColorMode) {
        #expect(ColorMode.resolve(noColorValue: noColor, terminalHasColors: hasColors) == expected)
    }
}
