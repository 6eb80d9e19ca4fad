import Foundation
import Testing
@testable import TerminalUI
@testable import StorefrontTesting

@Suite("Snapshot styles")
struct SnapshotStylesTests {
    private func frame(selection: Style) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 6, height: 2)
        buffer.write("ab", column: 0, row: 0, style: Style.plain.foreground(.red).bold())
        buffer.write("日", column: 2, row: 0, style: selection)
        buffer.write("x", column: 0, row: 1, style: Style.plain.dim())
        return buffer
    }

    @Test("One letter per cell, a wide glyph's second cell included, and a legend in words")
    func letters() {
        let styles = SnapshotStyles(frame(selection: Style.plain.foreground(.black).background(.cyan)))
        #expect(styles.rows == ["aabb..", "c....."])
        #expect(styles.legend == [". plain", "a red, bold", "b black on cyan", "c dim"])
        #expect(styles.style(column: 3, row: 0) == "black on cyan")
    }

    @Test("Every attribute is named")
    func describing() {
        let style = Style.plain.foreground(.white).background(.blue).bold().dim().reversed().underlined()
        #expect(SnapshotStyles.describe(style) == "white on blue, bold, dim, reversed, underlined")
        #expect(SnapshotStyles.describe(.plain) == "plain")
    }

    @Test("The style layer round-trips through the file format")
    func roundTrip() throws {
        let buffer = frame(selection: Style.plain.reversed())
        let parsed = try SnapshotText.parseFile(buffer.snapshotText())
        #expect(parsed.rows == buffer.rowTexts)
        #expect(parsed.styles == SnapshotStyles(buffer))
    }

    @Test("A change of colour alone fails the snapshot, naming the styles row")
    func colourChangeFails() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("terminalui-styles-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = Snapshot(directory: directory, isRecording: true).verify(frame(selection: Style.plain.reversed()), named: "s")
        let checker = Snapshot(directory: directory, isRecording: false)
        #expect(checker.verify(frame(selection: Style.plain.reversed()), named: "s") == .matched)
        let result = checker.verify(frame(selection: Style.plain.foreground(.green)), named: "s")
        guard case .mismatched(_, let differences) = result else {
            Issue.record("expected a mismatch, got \(result)")
            return
        }
        #expect(differences.contains { $0.layer == .legend })
        #expect(!differences.contains { $0.layer == .text })
        #expect(result.description.contains("legend row"))
    }

    @Test("A recording without a style layer does not pass a frame's check")
    func textOnlyRecordingFails() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("terminalui-styles-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let buffer = frame(selection: Style.plain.reversed())
        _ = Snapshot(directory: directory, isRecording: true).verify(rows: buffer.rowTexts, named: "t")
        let result = Snapshot(directory: directory, isRecording: false).verify(buffer, named: "t")
        #expect(!result.isSuccess)
    }

    @Test("A style layer without its legend is reported as malformed")
    func missingLegend() {
        #expect(throws: SnapshotFormatError.self) {
            try SnapshotText.parseFile("\"ab\"\n-- styles --\n\"..\"\n")
        }
    }
}
