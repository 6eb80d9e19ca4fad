import Foundation
@testable import StoreEngine
@testable import StoreLedger

/// The real file system, for tests to subclass and watch or disturb one operation.
class PassThroughFileSystem: FileSystem, @unchecked Sendable {
    let base = POSIXFileSystem()

    func open(_ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32) throws(FileSystemError) -> OpenFile {
        try base.open(path, access: access, options: options, permissions: permissions)
    }
    func close(_ file: OpenFile) throws(FileSystemError) { try base.close(file) }
    func read(_ file: OpenFile, upTo count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
        try base.read(file, upTo: count, at: offset)
    }
    func write(_ file: OpenFile, _ bytes: [UInt8]) throws(FileSystemError) -> Int { try base.write(file, bytes) }
    func synchronize(_ file: OpenFile, dataOnly: Bool) throws(FileSystemError) { try base.synchronize(file, dataOnly: dataOnly) }
    func truncate(_ file: OpenFile, toLength length: Int) throws(FileSystemError) { try base.truncate(file, toLength: length) }
    func rename(_ source: String, to destination: String) throws(FileSystemError) { try base.rename(source, to: destination) }
    func remove(_ path: String) throws(FileSystemError) { try base.remove(path) }
    func lockExclusively(_ file: OpenFile) throws(FileSystemError) { try base.lockExclusively(file) }
    func unlock(_ file: OpenFile) throws(FileSystemError) { try base.unlock(file) }
    func isLockedExclusivelyByAnother(_ file: OpenFile) throws(FileSystemError) -> Bool {
        try base.isLockedExclusivelyByAnother(file)
    }
    func status(of file: OpenFile) throws(FileSystemError) -> FileStatus { try base.status(of: file) }
    func status(atPath path: String) throws(FileSystemError) -> FileStatus { try base.status(atPath: path) }
    func makeDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
        try base.makeDirectory(path, permissions: permissions)
    }
    func setPermissions(_ file: OpenFile, to permissions: UInt32) throws(FileSystemError) {
        try base.setPermissions(file, to: permissions)
    }
    func setPermissions(atPath path: String, to permissions: UInt32) throws(FileSystemError) {
        try base.setPermissions(atPath: path, to: permissions)
    }
}
