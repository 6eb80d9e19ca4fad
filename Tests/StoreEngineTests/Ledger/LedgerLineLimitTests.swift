import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger

/// No line longer than `LedgerLineCodec.maximumLineBytes` is written, or read whole.
@Suite struct LedgerLineLimitTests {
    static let limit = LedgerLineCodec.maximumLineBytes

    @Test("an event whose line would be too long is refused and nothing is written")
    func writingRefused() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        var event = LedgerTestEvent.spend(1)
        event.note = String(repeating: "x", count: Self.limit)

        let error = try #require(throws: LedgerError.self) { try directory.ledger().append([event]) }
        #expect("\(error)".contains("over the limit of \(Self.limit)"), "\(error)")
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == before)
    }

    @Test("a line over the limit is reported, and neither it nor anything after it is read",
          arguments: [Self.limit + 1, 4 * (1 << 20)])
    func readingStops(length: Int) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5), .spend(1)])
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines.insert(String(repeating: "y", count: length), at: 2)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)
        let counting = ReadCountingFileSystem()

        let reader = LedgerFile<LedgerTestEvent>(path: directory.ledgerPath, fileSystem: counting)
        var update = try reader.readNew(upTo: LedgerFile<LedgerTestEvent>.readPartBytes)
        while update.isPartial { update = try reader.readNew(upTo: LedgerFile<LedgerTestEvent>.readPartBytes) }
        #expect(reader.problems.first == .lineTooLong(line: 3, limit: Self.limit))
        #expect(counting.largestRead <= max(Self.limit + 1, LedgerFile<LedgerTestEvent>.readPartBytes))
        let verification = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(verification.entryCount == 1)
        #expect(verification.problems == [.lineTooLong(line: 3, limit: Self.limit)])
    }

    @Test("a header over the limit is not sent to `repair`, which cannot fix it; a later line is (before: both, and the header's advice said repair could not)")
    func aLongHeaderIsNotSentToRepair() {
        let header = LedgerProblem.lineTooLong(line: 1, limit: Self.limit)
        #expect(!header.isRepairable)
        #expect(!header.description.contains("repair") && header.description.contains("move the ledger and the files named after it"), "\(header.description)")
        let later = LedgerProblem.lineTooLong(line: 3, limit: Self.limit)
        #expect(later.isRepairable && later.description.contains("run `storefront repair` to keep the lines before it"))
    }
}

/// The real file system, remembering the largest single read asked for.
final class ReadCountingFileSystem: PassThroughFileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var largest = 0

    var largestRead: Int { lock.withLock { largest } }

    override func read(_ file: OpenFile, upTo count: Int, at offset: Int) throws(FileSystemError) -> [UInt8] {
        lock.withLock { largest = max(largest, count) }
        return try base.read(file, upTo: count, at: offset)
    }
}
