import Testing
@testable import TerminalUI

@Suite("List drawing")
struct ListTests {
    private let products = [
        ListRow("Random Rage Face", trailing: "1,09\u{00A0}€"),
        ListRow("日本語のコミック", trailing: "￥120"),
        ListRow("Green Ship"),
        ListRow("Donate", trailing: "$0.99"),
    ]

    @Test("Trailing text stays whole on the right; leading text is cut with …")
    func layout() {
        var buffer = ScreenBuffer(width: 16, height: 4)
        buffer.drawList(in: buffer.area, scroll: ScrollState(itemCount: products.count)) { products[$0] }
        #expect(buffer.rowTexts == [
            "Random R… 1,09\u{00A0}€",
            "日本語の…  ￥120",
            "Green Ship      ",
            "Donate     $0.99",
        ])
    }

    @Test("The selected row is a bar in the selected style")
    func selection() {
        var buffer = ScreenBuffer(width: 16, height: 2)
        let scroll = ScrollState(itemCount: products.count, selection: 1)
        buffer.drawList(in: buffer.area, scroll: scroll) { products[$0] }
        #expect((0..<16).allSatisfy { buffer.cell(column: $0, row: 1)?.style.isReversed == true })
        #expect(buffer.cell(column: 0, row: 0)?.style.isReversed == false)
    }

    @Test("Only the visible window of a long list is drawn, and it holds the selection")
    func scrolling() {
        var buffer = ScreenBuffer(width: 16, height: 2)
        var scroll = ScrollState(itemCount: products.count)
        scroll.moveToLast(viewportHeight: 2)
        buffer.drawList(in: buffer.area, scroll: scroll) { products[$0] }
        #expect(buffer.rowTexts == ["Green Ship      ", "Donate     $0.99"])
    }
}
