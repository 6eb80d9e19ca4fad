import Foundation
import Glibc
import StoreEngine
import Synchronization
import Testing
@testable import StoreLedger

/// A follower reads without a lock, so it can read lines before their flush returns. When that
/// flush fails the writer cuts the lines off again; the follower must then drop what it showed.
@Suite("Concurrency: a follower and a commit whose flush fails")
struct FailedFlushFollowerTests {
    /// Passes every call to the real file system, but runs `beforeFailing` and then fails the
    /// first flush of the ledger file with EIO.
    final class FailingFlush: FileSystem {
        private let base = POSIXFileSystem()
        private let ledgerPath: String
        private let beforeFailing: @Sendable () -> Void
        private let fired = Mutex(false)

        init(ledgerPath: String, beforeFailing: @escaping @Sendable () -> Void) {
            self.ledgerPath = ledgerPath
            self.beforeFailing = beforeFailing
        }

        func synchronize(_ file: OpenFile, dataOnly: Bool) throws(FileSystemError) {
            let fire = file.path == ledgerPath && fired.withLock { fired in
                defer { fired = true }
                return !fired
            }
            if fire {
                beforeFailing()
                throw FileSystemError(operation: .synchronize, path: file.path, code: EIO)
            }
            try base.synchronize(file, dataOnly: dataOnly)
        }

        func open(_ path: String, access: FileAccess, options: FileOpenOptions, permissions: UInt32) throws(FileSystemError) -> OpenFile {
            try base.open(path, access: access, options: options, permissions: permissions)
        }
        func close(_ file: OpenFile) throws(FileSystemError) { try base.close(file) }
        func read(_ file: OpenFile, upTo count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
            try base.read(file, upTo: count, at: offset)
        }
        func write(_ file: OpenFile, _ bytes: [UInt8]) throws(FileSystemError) -> Int { try base.write(file, bytes) }
        func truncate(_ file: OpenFile, toLength length: Int) throws(FileSystemError) { try base.truncate(file, toLength: length) }
        func rename(_ source: String, to destination: String) throws(FileSystemError) { try base.rename(source, to: destination) }
        func remove(_ path: String) throws(FileSystemError) { try base.remove(path) }
        func lockExclusively(_ file: OpenFile) throws(FileSystemError) { try base.lockExclusively(file) }
        func unlock(_ file: OpenFile) throws(FileSystemError) { try base.unlock(file) }
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

    @Test("what the follower read before a failed flush is dropped at its next refresh")
    func followerDropsLinesOfAFailedFlush() throws {
        let directory = try ScratchDirectory("flush")
        let path = directory.file("entitlements.jsonl")
        let catalog = try Rage.catalog()
        let buyer = Buyer(account: "alice", device: "phone")
        let first = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
        _ = try first.purchase(Rage.face, buyer: buyer, storefront: "USA")

        let follower = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path))
        let shownDuringFlush = Mutex(0)
        let fileSystem = FailingFlush(ledgerPath: path) {
            // The follower refreshes between the writer's write and its failing flush.
            _ = try? follower.refresh()
            shownDuringFlush.withLock { $0 = follower.balance(of: Rage.faces, for: buyer) }
        }
        let writer = try Store(catalog: catalog, log: try LedgerEventLog.open(path: path, fileSystem: fileSystem))
        #expect(throws: LedgerError.self) { try writer.purchase(Rage.face, buyer: buyer, storefront: "USA") }

        // The follower may show the purchase while its flush is pending: reading needs no lock.
        #expect(shownDuringFlush.withLock { $0 } == 10)
        #expect(follower.hasExternalChanges())
        #expect(try follower.refresh())
        #expect(follower.balance(of: Rage.faces, for: buyer) == 5)
        #expect(follower.snapshot.eventCount == 1)
        #expect(writer.balance(of: Rage.faces, for: buyer) == 5)
        #expect(try LedgerFile<StoreEvent>.verify(path: path).isIntact)
    }
}
