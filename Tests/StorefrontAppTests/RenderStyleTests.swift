import Foundation
import StoreEngine
import Testing
import TerminalUI
@testable import StorefrontApp
import StorefrontTesting

/// Colour and selection asserted through the snapshots' style layer, so a change to either fails.
@Suite("Render: the selection bar and the red of failures")
struct RenderStyleTests {
    typealias F = StorefrontFixture

    /// The rows whose first column inside the list frame is drawn in `style`.
    static func rows(of frame: ScreenBuffer, drawnIn style: String) -> [Int] {
        let styles = SnapshotStyles(frame)
        return (0..<frame.height).filter { styles.style(column: 1, row: $0) == style }
    }

    /// The column where `character` first appears in `row`, counted in cells.
    static func column(of character: String, in frame: ScreenBuffer, row: Int) -> Int? {
        (0..<frame.width).first { frame.cell(column: $0, row: row)?.grapheme == character }
    }

    @Test("The selected product is the one row drawn black on cyan, and the bar follows the selection")
    func selectionBar() throws {
        var state = try F().state()
        let before = render(state, size: state.size)
        let selected = Self.rows(of: before, drawnIn: "black on cyan")
        #expect(selected.count == 1)
        let title = try #require(state.selectedProduct.map(state.text.title(of:)))
        #expect(selected.first.map { before.rowText($0).contains(title) } == true)

        state.send(.down)
        let after = render(state, size: state.size)
        let moved = Self.rows(of: after, drawnIn: "black on cyan")
        let next = try #require(state.selectedProduct.map(state.text.title(of:)))
        #expect(moved.count == 1 && moved != selected)
        #expect(moved.first.map { after.rowText($0).contains(next) } == true)
    }

    @Test("A failure's alert has a red border and a read-only store a red banner")
    func redForFailures() throws {
        let fixture = try F()
        var state = fixture.state()
        var snapshot = fixture.snapshot()
        snapshot.ledgerProblems = [.tampered(line: 3)]
        _ = update(&state, .storeChanged(snapshot))
        state.send(.enter)
        guard case .alert(let alert) = state.overlays.last else {
            Issue.record("buying from a read-only store shows no alert")
            return
        }
        #expect(alert.tone == .failure)
        let frame = render(state, size: state.size)
        let styles = SnapshotStyles(frame)
        let titleRow = try #require((0..<frame.height).first { frame.rowText($0).contains("╭ Read-only") })
        let corner = try #require(Self.column(of: "╭", in: frame, row: titleRow))
        #expect(styles.style(column: corner, row: titleRow) == "red, bold")
        #expect(!Self.rows(of: frame, drawnIn: "white on red, bold").isEmpty, "the banner is red")
    }
}
