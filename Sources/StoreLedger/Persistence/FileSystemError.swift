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
    /// What the path was found to name, where an ordinary file belongs (`notOrdinaryFile`).
    public var found: FileKind?

    public init(operation: FileOperation, path: String, code: Int32, found: FileKind? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.found = found
    }

    /// The code for a path that names a FIFO, device or socket where an ordinary file belongs
    /// (`ENXIO`, which is also what opening a FIFO without a reader for writing returns).
    public static let notOrdinaryFile: Int32 = ENXIO

    /// Whether the system refused a change for lack of write access: a read-only file system,
    /// or permissions.
    public var isWriteRefused: Bool { code == EROFS || code == EACCES || code == EPERM }

    /// Whether the file or a directory on its path does not exist.
    public var isNotFound: Bool { code == ENOENT }

    public var description: String {
        switch code {
        case ELOOP where operation == .open && path.hasSuffix(LedgerFamily.lockSuffix):
            // A lock file holds only the commit mark, which the next change writes again: the
            // file a link there names is never the store's, so it is not to be put in its place.
            "could not open \(path): it is a symbolic link, and storefront opens none of its files through one "
                + "(a link planted there could send the store's writes into another file); remove the link "
                + "(`rm \(ShellWord.quoted(path))` leaves the file it points to alone) and run the command again"
        case ELOOP where operation == .open:
            // Said of the ledger, its siblings and a PostgreSQL store's key file alike: the
            // advice is one that each of them can follow.
            "could not open \(path): it is a symbolic link, and storefront opens none of its files through one "
                + "(a link planted there could send the store's writes into another file); put the file it points to "
                + "in the link's place, or, where storefront takes the path (the entitlements file, STOREFRONT_STORE_KEY), "
                + "give the real path of the file it points to"
        case Self.notOrdinaryFile where operation == .open:
            "could not open \(path): it is \(found.map { $0 == .unknown ? "" : "\($0), " } ?? "a FIFO, device or socket, ")"
                + "not an ordinary file; move it away\(moveAsideCommand) and run the command again"
        case EISDIR where operation == .open:
            "could not open \(path): it is a directory where storefront keeps a file; move the directory away\(moveAsideCommand), "
                + "or choose another entitlements path"
        default:
            "could not \(operation.verb) \(path): \(Self.explanation(of: code))\(advice)"
        }
    }

    /// The `mv` that clears the path, in parentheses, where it names a file kept beside a
    /// ledger (` (`mv -n -T …`)`); empty for any other path, which may be a device a user gave.
    private var moveAsideCommand: String {
        LedgerFamily.endsAsAKeptFile(path) ? " (`\(MoveAside.command(for: path))`)" : ""
    }

    /// The system's text for `code` followed by its symbolic name where known, e.g.
    /// "No space left on device (ENOSPC)".
    public static func explanation(of code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let name = symbolicNames[code] else { return text }
        return "\(text) (\(name))"
    }

    private var advice: String {
        switch code {
        case ENOSPC, EDQUOT: ". Free some disk space and try again"
        case EACCES, EPERM, EROFS: WriteRefusalAdvice.sentence(code: code, path: path).map { ". " + $0 } ?? ""
        case EIO: ". The storage device reported an error; check it before trying again"
        case ENOTDIR: ". A name on the way to it is a file, not a folder: give a path whose folders are folders"
        case ENAMETOOLONG: ". The path, or a name in it, is longer than the file system takes: give a shorter one"
        // A file that cannot be made where its folder exists: a file system that makes none (/proc, /sys).
        case ENOENT where operation == .open: ". Its folder is missing, or its file system makes no files (as /proc and /sys): "
            + "choose a path in an ordinary folder"
        default: ""
        }
    }

    private static let symbolicNames: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EEXIST: "EEXIST",
        ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", EMFILE: "EMFILE",
        EFBIG: "EFBIG", ENOSPC: "ENOSPC", EROFS: "EROFS", ENAMETOOLONG: "ENAMETOOLONG",
        ENOLCK: "ENOLCK", EDQUOT: "EDQUOT", ELOOP: "ELOOP", ENXIO: "ENXIO",
    ]
}
