/// An open file descriptor together with the path it was opened from, for error messages.
public struct OpenFile: Sendable, Hashable {
    /// The POSIX file descriptor.
    public let descriptor: Int32
    /// The path given to `open`.
    public let path: String

    public init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }
}
