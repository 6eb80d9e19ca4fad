import Foundation
import Testing
@testable import TerminalUI
@testable import StorefrontTesting

@Suite("Snapshots")
struct SnapshotTests {
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("terminalui-snapshots-\(UUID().uuidString)").path
    }

    private func sampleBuffer() -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 12, height: 3)
        buffer.drawBox(buffer.area, title: "日本")
        buffer.write("1,09\u{00A0}€ ", column: 1, row: 1)
        return buffer
    }

    @Test("Snapshot text round-trips through the parser")
    func roundTrip() throws {
        let rows = ["  padded  ", "\"quoted\"", "日本 😀", ""]
        #expect(try SnapshotText.parse(SnapshotText.format(rows)) == rows)
        let buffer = sampleBuffer()
        #expect(try SnapshotText.parse(buffer.snapshotText()) == buffer.rowTexts)
    }

    @Test("The parser accepts CRLF line ends and a missing final newline")
    func lenientLineEnds() throws {
        #expect(try SnapshotText.parse("\"a \"\r\n\"b\"") == ["a ", "b"])
    }

    @Test("The parser names the first line that is not quoted")
    func unquotedLine() {
        #expect(throws: SnapshotFormatError(lineNumber: 2, line: "oops")) {
            try SnapshotText.parse("\"ok\"\noops\n")
        }
    }

    @Test("Differences list each changed, missing or extra row")
    func differences() {
        let differences = SnapshotText.differences(expected: ["a", "b"], actual: ["a", "c", "d"])
        #expect(differences == [
            SnapshotDifference(row: 1, expected: "b", actual: "c"),
            SnapshotDifference(row: 2, expected: nil, actual: "d"),
        ])
    }

    @Test("Recording writes a file that then matches, and a change is reported by row")
    func recordThenVerify() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let buffer = sampleBuffer()

        let missing = Snapshot(directory: directory, isRecording: false).verify(buffer, named: "sample")
        #expect(missing == .missing(path: "\(directory)/sample.txt"))
        #expect(!missing.isSuccess)

        let recorded = Snapshot(directory: directory, isRecording: true).verify(buffer, named: "sample")
        #expect(recorded == .recorded(path: "\(directory)/sample.txt"))
        let text = try String(contentsOfFile: "\(directory)/sample.txt", encoding: .utf8)
        #expect(text == buffer.snapshotText())

        let checker = Snapshot(directory: directory, isRecording: false)
        #expect(checker.verify(buffer, named: "sample") == .matched)

        var changed = buffer
        changed.write("X", column: 1, row: 1)
        let result = checker.verify(changed, named: "sample")
        guard case .mismatched(_, let differences) = result else {
            Issue.record("expected a mismatch, got \(result)")
            return
        }
        #expect(differences.map(\.row) == [1])
        #expect(result.description.contains(Snapshot.recordVariable))
    }

    @Test("A malformed recording is reported as unreadable")
    func malformedFile() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "not quoted\n".write(toFile: "\(directory)/bad.txt", atomically: true, encoding: .utf8)
        let result = Snapshot(directory: directory, isRecording: false).verify(rows: ["x"], named: "bad")
        guard case .unreadable = result else {
            Issue.record("expected unreadable, got \(result)")
            return
        }
    }

    @Test("Recording is requested by STOREFRONT_RECORD_SNAPSHOTS", arguments: [
        ("1", true), ("true", true), ("YES", true), ("0", false), ("", false),
    ])
    func recordingVariable(value: String, expected: Bool) {
        #expect(Snapshot.isRecordingRequested(environment: [Snapshot.recordVariable: value]) == expected)
        #expect(!Snapshot.isRecordingRequested(environment: [:]))
    }

    @Test("Snapshots beside a test file live in a Snapshots folder next to it")
    func besideFile() {
        let snapshot = Snapshot(besideFile: "/repo/Tests/AppTests/CatalogViewTests.swift", isRecording: false)
        #expect(snapshot.path(for: "catalog-80x24") == "/repo/Tests/AppTests/Snapshots/catalog-80x24.txt")
    }
}
