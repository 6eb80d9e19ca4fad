/// What kind of file a path names, as `stat`'s type bits tell it, to name in a refusal.
public enum FileKind: Sendable, Hashable, CustomStringConvertible {
    case regular, directory, symbolicLink, characterDevice, blockDevice, namedPipe, socket, unknown

    public var description: String {
        switch self {
        case .regular: "an ordinary file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .namedPipe: "a named pipe (FIFO)"
        case .socket: "a socket"
        case .unknown: "not an ordinary file"
        }
    }
}
