/// The kinds of file operation, used in errors and to aim injected faults.
public enum FileOperation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case open
    case close
    case read
    case write
    /// `fsync` and `fdatasync`.
    case synchronize
    case truncate
    case rename
    /// `unlink`.
    case remove
    case lock
    case unlock
    /// `stat` and `fstat`.
    case status
    case makeDirectory
    case setPermissions

    public var description: String { rawValue }

    /// The verb used in error messages ("could not <verb> <path>").
    var verb: String {
        switch self {
        case .open: "open"
        case .close: "close"
        case .read: "read"
        case .write: "write to"
        case .synchronize: "flush to disk"
        case .truncate: "truncate"
        case .rename: "rename"
        case .remove: "remove"
        case .lock: "lock"
        case .unlock: "unlock"
        case .status: "inspect"
        case .makeDirectory: "create the directory"
        case .setPermissions: "set permissions on"
        }
    }
}
