extension LedgerError {
    /// The file system's refusal when this error means the ledger may not be written (a
    /// read-only file system, permissions, an immutable file); nil for any other failure.
    ///
    /// Such a refusal says nothing about the ledger's contents: the store can still be read,
    /// so whoever shows it turns read-only instead of reporting damage.
    public var writeRefusal: FileSystemError? {
        switch self {
        case .fileSystem(let cause), .appendFailed(_, let cause), .tornTailNotMoved(_, let cause):
            cause.isWriteRefused ? cause : nil
        default:
            nil
        }
    }
}
