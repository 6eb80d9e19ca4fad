import Testing
@testable import TerminalUI

@Suite("Scroll state")
struct ScrollStateTests {
    @Test("An empty list has no selection and shows nothing")
    func empty() {
        var scroll = ScrollState()
        scroll.moveDown(viewportHeight: 5)
        #expect(scroll.selectedIndex == nil)
        #expect(scroll.visibleRange(viewportHeight: 5) == 0..<0)
    }

    @Test("Moving down past the bottom scrolls by one row")
    func scrollsDown() {
        var scroll = ScrollState(itemCount: 10)
        for _ in 0..<4 { scroll.moveDown(viewportHeight: 4) }
        #expect(scroll.selection == 4)
        #expect(scroll.offset == 1)
        #expect(scroll.visibleRange(viewportHeight: 4) == 1..<5)
    }

    @Test("Moving up inside the viewport does not scroll")
    func moveUpInsideViewport() {
        var scroll = ScrollState(itemCount: 10)
        scroll.select(6, viewportHeight: 4)
        scroll.moveUp(viewportHeight: 4)
        #expect(scroll.selection == 5)
        #expect(scroll.visibleRange(viewportHeight: 4) == 3..<7)
    }

    @Test("Moves stop at both ends")
    func clamps() {
        var scroll = ScrollState(itemCount: 3)
        scroll.moveUp(viewportHeight: 5)
        #expect(scroll.selection == 0)
        scroll.move(by: Int.max, viewportHeight: 5)
        #expect(scroll.selection == 2)
        scroll.move(by: Int.min, viewportHeight: 5)
        #expect(scroll.selection == 0)
    }

    @Test("Page down and page up move by the viewport height")
    func paging() {
        var scroll = ScrollState(itemCount: 20)
        scroll.pageDown(viewportHeight: 5)
        #expect(scroll.selection == 5)
        #expect(scroll.visibleRange(viewportHeight: 5) == 1..<6)
        scroll.pageDown(viewportHeight: 5)
        scroll.pageUp(viewportHeight: 5)
        #expect(scroll.selection == 5)
        #expect(scroll.visibleRange(viewportHeight: 5).contains(5))
    }

    @Test("Home and End jump to the first and last item")
    func homeAndEnd() {
        var scroll = ScrollState(itemCount: 20)
        scroll.moveToLast(viewportHeight: 5)
        #expect(scroll.selection == 19)
        #expect(scroll.visibleRange(viewportHeight: 5) == 15..<20)
        scroll.moveToFirst(viewportHeight: 5)
        #expect(scroll.selection == 0)
        #expect(scroll.visibleRange(viewportHeight: 5) == 0..<5)
    }

    @Test("After the viewport shrinks, the visible range still holds the selection")
    func viewportShrinks() {
        var scroll = ScrollState(itemCount: 20)
        scroll.select(9, viewportHeight: 10)
        #expect(scroll.visibleRange(viewportHeight: 10) == 0..<10)
        #expect(scroll.visibleRange(viewportHeight: 3) == 7..<10)
    }

    @Test("After the viewport grows, no empty rows are left at the end")
    func viewportGrows() {
        var scroll = ScrollState(itemCount: 10)
        scroll.moveToLast(viewportHeight: 3)
        #expect(scroll.visibleRange(viewportHeight: 8) == 2..<10)
    }

    @Test("When the list shrinks, the selection stays in range")
    func listShrinks() {
        var scroll = ScrollState(itemCount: 10)
        scroll.moveToLast(viewportHeight: 4)
        scroll.setItemCount(3, viewportHeight: 4)
        #expect(scroll.selection == 2)
        #expect(scroll.visibleRange(viewportHeight: 4) == 0..<3)
    }
}
