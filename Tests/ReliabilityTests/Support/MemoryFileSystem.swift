import Glibc
import StoreEngine
import Synchronization
@testable import StoreLedger

/// Files held in memory, for reading ledgers many thousand times without touching the disk.
///
/// Supports what reading and verifying need (open for reading, read, status, close); every
/// change fails with `EROFS`, so a test notices if reading ever tried to write.
final class MemoryFileSystem: FileSystem {
    private struct State {
        var files: [String: [UInt8]] = [:]
        var open: [Int32: String] = [:]
        var nextDescriptor: Int32 = 3
    }

    private let state = Mutex(State())

    init(files: [String: [UInt8]] = [:]) {
        state.withLock { $0.files = files }
    }

    /// Replaces or adds the file at `path`.
    func set(_ path: String, to bytes: [UInt8]) {
        state.withLock { $0.files[path] = bytes }
    }

    func open(
        _ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32
    ) throws(FileSystemError) -> OpenFile {
        let descriptor: Int32? = state.withLock { state in
            guard state.files[path] != nil else { return nil }
            let descriptor = state.nextDescriptor
            state.nextDescriptor += 1
            state.open[descriptor] = path
            return descriptor
        }
        guard let descriptor else { throw FileSystemError(operation: .open, path: path, code: ENOENT) }
        guard access == .readOnly else { throw FileSystemError(operation: .open, path: path, code: EROFS) }
        return OpenFile(descriptor: descriptor, path: path)
    }

    func close(_ file: OpenFile) throws(FileSystemError) {
        state.withLock { _ = $0.open.removeValue(forKey: file.descriptor) }
    }

    func read(_ file: OpenFile, upTo count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
        let bytes = try contents(of: file)
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }

    func write(_ file: OpenFile, _ bytes: [UInt8]) throws(FileSystemError) -> Int {
        throw FileSystemError(operation: .write, path: file.path, code: EROFS)
    }

    func synchronize(_ file: OpenFile, dataOnly: Bool) throws(FileSystemError) {
        throw FileSystemError(operation: .synchronize, path: file.path, code: EROFS)
    }

    func truncate(_ file: OpenFile, toLength length: Int) throws(FileSystemError) {
        throw FileSystemError(operation: .truncate, path: file.path, code: EROFS)
    }

    func rename(_ source: String, to destination: String) throws(FileSystemError) {
        throw FileSystemError(operation: .rename, path: source, code: EROFS)
    }

    func remove(_ path: String) throws(FileSystemError) {
        throw FileSystemError(operation: .remove, path: path, code: EROFS)
    }

    func lockExclusively(_ file: OpenFile) throws(FileSystemError) {
        throw FileSystemError(operation: .lock, path: file.path, code: EROFS)
    }

    func unlock(_ file: OpenFile) throws(FileSystemError) {
        throw FileSystemError(operation: .unlock, path: file.path, code: EROFS)
    }

    func status(of file: OpenFile) throws(FileSystemError) -> FileStatus {
        Self.status(size: try contents(of: file).count, path: file.path)
    }

    func status(atPath path: String) throws(FileSystemError) -> FileStatus {
        guard let bytes = state.withLock({ $0.files[path] }) else {
            throw FileSystemError(operation: .status, path: path, code: ENOENT)
        }
        return Self.status(size: bytes.count, path: path)
    }

    func makeDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
        throw FileSystemError(operation: .makeDirectory, path: path, code: EROFS)
    }

    func setPermissions(_ file: OpenFile, to permissions: UInt32) throws(FileSystemError) {
        throw FileSystemError(operation: .setPermissions, path: file.path, code: EROFS)
    }

    func setPermissions(atPath path: String, to permissions: UInt32) throws(FileSystemError) {
        throw FileSystemError(operation: .setPermissions, path: path, code: EROFS)
    }

    private func contents(of file: OpenFile) throws(FileSystemError) -> [UInt8] {
        guard let bytes = state.withLock({ state in state.open[file.descriptor].flatMap { state.files[$0] } }) else {
            throw FileSystemError(operation: .read, path: file.path, code: EBADF)
        }
        return bytes
    }

    /// Every file keeps one identity, so a changed file reads as grown or shrunk, not replaced.
    private static func status(size: Int, path: String) -> FileStatus {
        FileStatus(
            size: size, identity: FileIdentity(device: 1, inode: UInt64(truncatingIfNeeded: path.hashValue)),
            permissions: 0o600, isDirectory: false, isRegularFile: true, owner: geteuid())
    }
}
