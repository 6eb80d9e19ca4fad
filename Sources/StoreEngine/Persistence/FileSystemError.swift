#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file operation: which one, on which path, and the `errno` it returned.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public var operation: FileOperation
    public var path: String
    /// The `errno` value.
    public var code: Int32

    public init(operation: FileOperation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// Whether the file or a directory on its path does not exist.
    public var isNotFound: Bool { code == ENOENT }

    public var description: String {
        "could not \(operation.verb) \(path): \(Self.explanation(of: code))\(advice)"
    }

    /// The system's text for `code` followed by its symbolic name where known, e.g.
    /// "No space left on device (ENOSPC)".
    static func explanation(of code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let name = symbolicNames[code] else { return text }
        return "\(text) (\(name))"
    }

    private var advice: String {
        switch code {
        case ENOSPC, EDQUOT: ". Free some disk space and try again"
        case EACCES, EPERM: ". Check the permissions of the file and its directory"
        case EROFS: ". The file system is read-only; choose another location"
        case EIO: ". The storage device reported an error; check it before trying again"
        default: ""
        }
    }

    private static let symbolicNames: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EEXIST: "EEXIST",
        ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", EMFILE: "EMFILE",
        EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", ENAMETOOLONG: "ENAMETOOLONG",
        ENOLCK: "ENOLCK", EDQUOT: "EDQUOT",
    ]
}
