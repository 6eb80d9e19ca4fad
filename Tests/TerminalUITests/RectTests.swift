import Testing
@testable import TerminalUI

@Suite("Rectangles and layout")
struct RectTests {
    let screen = Rect(x: 0, y: 0, width: 80, height: 24)

    @Test("Rows: fixed bands are served first and the weighted rest fills the height exactly")
    func rows() {
        let bands = screen.rows([.fixed(1), .fill, .fixed(2)])
        #expect(bands == [
            Rect(x: 0, y: 0, width: 80, height: 1),
            Rect(x: 0, y: 1, width: 80, height: 21),
            Rect(x: 0, y: 22, width: 80, height: 2),
        ])
    }

    @Test("Columns share leftovers by weight, earliest first")
    func columns() {
        let bands = Rect(x: 2, y: 1, width: 10, height: 3).columns([.weighted(1), .weighted(2)])
        #expect(bands.map(\.width) == [4, 6])
        #expect(bands.map(\.x) == [2, 6])
        let thirds = Rect(x: 0, y: 0, width: 10, height: 1).columns([.fill, .fill, .fill])
        #expect(thirds.map(\.width) == [4, 3, 3])
    }

    @Test("Fixed bands shrink in order when space runs out")
    func tooSmall() {
        let bands = Rect(x: 0, y: 0, width: 5, height: 3).rows([.fixed(2), .fixed(2), .fill])
        #expect(bands.map(\.height) == [2, 1, 0])
    }

    @Test("Inset never produces negative sizes")
    func inset() {
        #expect(screen.inset(by: 1) == Rect(x: 1, y: 1, width: 78, height: 22))
        #expect(Rect(x: 0, y: 0, width: 3, height: 1).inset(by: 2) == Rect(x: 1, y: 0, width: 1, height: 1))
    }

    @Test("Centred dialogs are clamped to the area")
    func centered() {
        #expect(screen.centered(width: 40, height: 10) == Rect(x: 20, y: 7, width: 40, height: 10))
        #expect(Rect(x: 0, y: 0, width: 30, height: 8).centered(width: 40, height: 10)
            == Rect(x: 0, y: 0, width: 30, height: 8))
    }

    @Test("Split top and bottom, single rows and intersections")
    func splits() {
        let (header, body) = screen.splitTop(1)
        #expect(header.height == 1 && body.y == 1 && body.height == 23)
        let (content, footer) = screen.splitBottom(2)
        #expect(content.height == 22 && footer.y == 22)
        #expect(screen.row(3) == Rect(x: 0, y: 3, width: 80, height: 1))
        #expect(screen.row(24).isEmpty)
        #expect(screen.intersection(Rect(x: 70, y: 20, width: 20, height: 20)) == Rect(x: 70, y: 20, width: 10, height: 4))
        #expect(screen.intersection(Rect(x: 90, y: 0, width: 5, height: 5)).isEmpty)
    }
}
