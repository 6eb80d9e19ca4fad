import Synchronization
import StoreLedger

/// A file system that passes every call to another one but fails chosen calls.
///
/// Calls are counted per `FileOperation`, starting at 1. A fault aimed at call N of an
/// operation replaces that call: it fails with the chosen `errno` without touching the
/// disk, or, for a short write, writes only a prefix of the bytes and reports that count.
/// Reliability tests run a scenario once to learn the call counts, then once per call
/// with a fault aimed at it.
public final class FaultInjectingFileSystem: FileSystem {
    /// What happens to the targeted call.
    public enum Fault: Sendable, Hashable {
        /// The call fails with this `errno` (e.g. `EIO`, `ENOSPC`) and does nothing.
        case fail(errno: Int32)
        /// A write stores only its first `byteCount` bytes and returns that count.
        case shortWrite(byteCount: Int)
    }

    private struct Target: Hashable {
        var operation: FileOperation
        var call: Int
    }

    private struct State {
        var callCounts: [FileOperation: Int] = [:]
        var faults: [Target: Fault] = [:]
        var firedFaultCount = 0
    }

    private let base: any FileSystem
    private let state = Mutex(State())

    /// Wraps `base`, by default the real file system.
    public init(wrapping base: any FileSystem = POSIXFileSystem()) {
        self.base = base
    }

    /// Makes call number `call` (1-based, counted since the last reset) of `operation` fail.
    public func failCall(_ call: Int, of operation: FileOperation, errno: Int32) {
        state.withLock { $0.faults[Target(operation: operation, call: call)] = .fail(errno: errno) }
    }

    /// Makes write number `call` store only its first `byteCount` bytes.
    public func shortenWrite(_ call: Int, toByteCount byteCount: Int) {
        state.withLock { $0.faults[Target(operation: .write, call: call)] = .shortWrite(byteCount: byteCount) }
    }

    /// How many calls of `operation` were made since the last reset.
    public func callCount(of operation: FileOperation) -> Int {
        state.withLock { $0.callCounts[operation, default: 0] }
    }

    /// How many injected faults have taken effect since the last reset.
    public var firedFaultCount: Int {
        state.withLock { $0.firedFaultCount }
    }

    /// Starts counting calls from zero again and forgets every fault not yet fired.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Counts a call of `operation` and returns the fault aimed at it, if any.
    private func nextCall(_ operation: FileOperation) -> Fault? {
        state.withLock { state in
            let call = state.callCounts[operation, default: 0] + 1
            state.callCounts[operation] = call
            guard let fault = state.faults.removeValue(forKey: Target(operation: operation, call: call)) else {
                return nil
            }
            state.firedFaultCount += 1
            return fault
        }
    }

    /// Counts the call and throws when a fault aimed at it is an error.
    private func check(_ operation: FileOperation, _ path: String) throws(FileSystemError) {
        if case .fail(let code) = nextCall(operation) {
            throw FileSystemError(operation: operation, path: path, code: code)
        }
    }

    public func open(
        _ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32
    ) throws(FileSystemError) -> OpenFile {
        try check(.open, path)
        return try base.open(path, access: access, options: options, permissions: permissions)
    }

    public func close(_ file: OpenFile) throws(FileSystemError) {
        if case .fail(let code) = nextCall(.close) {
            // A failed close still releases the descriptor, as POSIX close does.
            try? base.close(file)
            throw FileSystemError(operation: .close, path: file.path, code: code)
        }
        try base.close(file)
    }

    public func read(_ file: OpenFile, upTo count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
        try check(.read, file.path)
        return try base.read(file, upTo: count, at: offset)
    }

    public func write(_ file: OpenFile, _ bytes: [UInt8]) throws(FileSystemError) -> Int {
        switch nextCall(.write) {
        case .fail(let code):
            throw FileSystemError(operation: .write, path: file.path, code: code)
        case .shortWrite(let byteCount):
            return try base.write(file, Array(bytes.prefix(max(0, byteCount))))
        case nil:
            return try base.write(file, bytes)
        }
    }

    public func synchronize(_ file: OpenFile, dataOnly: Bool) throws(FileSystemError) {
        try check(.synchronize, file.path)
        try base.synchronize(file, dataOnly: dataOnly)
    }

    public func truncate(_ file: OpenFile, toLength length: Int) throws(FileSystemError) {
        try check(.truncate, file.path)
        try base.truncate(file, toLength: length)
    }

    public func rename(_ source: String, to destination: String) throws(FileSystemError) {
        try check(.rename, source)
        try base.rename(source, to: destination)
    }

    public func remove(_ path: String) throws(FileSystemError) {
        try check(.remove, path)
        try base.remove(path)
    }

    public func lockExclusively(_ file: OpenFile) throws(FileSystemError) {
        try check(.lock, file.path)
        try base.lockExclusively(file)
    }

    public func unlock(_ file: OpenFile) throws(FileSystemError) {
        try check(.unlock, file.path)
        try base.unlock(file)
    }

    /// Never failed on purpose: a look at the lock must not use up a fault meant for taking it.
    public func isLockedExclusivelyByAnother(_ file: OpenFile) throws(FileSystemError) -> Bool {
        try base.isLockedExclusivelyByAnother(file)
    }

    public func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
        try check(.status, file.path)
        return try base.status(of: file)
    }

    public func status(atPath path: String) throws(FileSystemError) -> FileStatus {
        try check(.status, path)
        return try base.status(atPath: path)
    }

    public func makeDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
        try check(.makeDirectory, path)
        try base.makeDirectory(path, permissions: permissions)
    }

    public func setPermissions(_ file: OpenFile, to permissions: UInt32) throws(FileSystemError) {
        try check(.setPermissions, file.path)
        try base.setPermissions(file, to: permissions)
    }

    public func setPermissions(atPath path: String, to permissions: UInt32) throws(FileSystemError) {
        try check(.setPermissions, path)
        try base.setPermissions(atPath: path, to: permissions)
    }
}
