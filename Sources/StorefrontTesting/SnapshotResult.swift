/// The outcome of checking a frame against its recorded snapshot file.
public enum SnapshotResult: Equatable, Sendable, CustomStringConvertible {
    /// The frame equals the recording.
    case matched
    /// Recording was requested and the frame was written to `path`.
    case recorded(path: String)
    /// There is no recording at `path` yet.
    case missing(path: String)
    /// The frame differs from the recording at `path` in these rows.
    case mismatched(path: String, differences: [SnapshotDifference])
    /// The recording at `path` could not be read or parsed.
    case unreadable(path: String, reason: String)

    /// Whether the check passed: the frame matched, or was recorded on request.
    public var isSuccess: Bool {
        switch self {
        case .matched, .recorded: return true
        case .missing, .mismatched, .unreadable: return false
        }
    }

    public var description: String {
        let rerecord = "run the tests with \(Snapshot.recordVariable)=1 to record the current frame"
        switch self {
        case .matched:
            return "snapshot matched"
        case .recorded(let path):
            return "snapshot recorded at \(path)"
        case .missing(let path):
            return "no snapshot at \(path); \(rerecord)"
        case .unreadable(let path, let reason):
            return "snapshot at \(path) is unreadable: \(reason); \(rerecord)"
        case .mismatched(let path, let differences):
            let rows = differences.map { difference in
                "\(difference.layer == .text ? "" : "\(difference.layer.rawValue) ")row \(difference.row):\n"
                    + "  expected: \(difference.expected.map { "\"\($0)\"" } ?? "(no row)")\n"
                    + "  actual:   \(difference.actual.map { "\"\($0)\"" } ?? "(no row)")"
            }
            return "snapshot at \(path) differs in \(differences.count) row(s):\n"
                + rows.joined(separator: "\n")
                + "\nif the change is intended, \(rerecord)"
        }
    }
}
