import Foundation
import TerminalUI

/// Compares rendered frames with snapshot text files, and records them on request.
///
/// In a test:
/// ```
/// let snapshots = Snapshot(besideFile: #filePath)
/// let result = snapshots.verify(render(state, size), named: "catalog-80x24")
/// #expect(result.isSuccess, "\(result)")
/// ```
/// Files live in a `Snapshots` folder next to the test file, one `<name>.txt`
/// each, in the `SnapshotText` format: the text rows and, for a buffer, its style layer. Setting `STOREFRONT_RECORD_SNAPSHOTS=1`
/// writes the current frames instead of comparing.
public struct Snapshot: Sendable {
    /// The environment variable that switches verification to recording.
    public static let recordVariable = "STOREFRONT_RECORD_SNAPSHOTS"

    /// The folder holding the snapshot files.
    public let directory: String
    /// Whether `verify` writes the frame instead of comparing it.
    public let isRecording: Bool

    public init(directory: String, isRecording: Bool = Snapshot.isRecordingRequested()) {
        self.directory = directory
        self.isRecording = isRecording
    }

    /// Snapshots kept in `folder` next to the source file at `filePath` (pass `#filePath`).
    public init(besideFile filePath: String, folder: String = "Snapshots",
                isRecording: Bool = Snapshot.isRecordingRequested()) {
        let testDirectory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        self.init(directory: testDirectory.appendingPathComponent(folder).path, isRecording: isRecording)
    }

    /// Whether the environment asks for snapshots to be recorded (`1`, `true` or `yes`).
    public static func isRecordingRequested(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        guard let value = environment[recordVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }

    /// The file the snapshot called `name` is kept in.
    public func path(for name: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent("\(name).txt").path
    }

    /// Checks `buffer`, its text and its styles, against the snapshot called `name` (or records it).
    public func verify(_ buffer: ScreenBuffer, named name: String) -> SnapshotResult {
        let styles = SnapshotStyles(buffer)
        return verify(named: name, recording: SnapshotText.format(buffer.rowTexts, styles: styles)) { recorded in
            SnapshotText.differences(expected: recorded, actual: (buffer.rowTexts, styles))
        }
    }

    /// Checks text rows against the snapshot called `name` (or records them); styles are not compared.
    public func verify(rows: [String], named name: String) -> SnapshotResult {
        verify(named: name, recording: SnapshotText.format(rows)) { recorded in
            SnapshotText.differences(expected: recorded.rows, actual: rows)
        }
    }

    private func verify(named name: String, recording text: String,
                        differences: ((rows: [String], styles: SnapshotStyles?)) -> [SnapshotDifference]) -> SnapshotResult {
        let path = path(for: name)
        if isRecording { return record(text, at: path) }
        guard FileManager.default.fileExists(atPath: path) else { return .missing(path: path) }
        let recorded: (rows: [String], styles: SnapshotStyles?)
        do {
            recorded = try SnapshotText.parseFile(String(contentsOfFile: path, encoding: .utf8))
        } catch {
            return .unreadable(path: path, reason: "\(error)")
        }
        let found = differences(recorded)
        return found.isEmpty ? .matched : .mismatched(path: path, differences: found)
    }

    private func record(_ text: String, at path: String) -> SnapshotResult {
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return .recorded(path: path)
        } catch {
            return .unreadable(path: path, reason: "could not record: \(error)")
        }
    }
}
