import Foundation
import StoreEngine
import StoreLedger

/// Writes generated histories as ledger files through `LedgerFile`, the format's only writer.
enum LedgerFileWriter {
    /// Events per append: large enough to make writing 100,000 events quick, small enough to
    /// keep the lines of one append in memory comfortably.
    static let eventsPerAppend = 5_000

    /// Writes `events` as a new ledger at `path` (and its key file beside it).
    static func write(_ events: [StoreEvent], to path: String) throws {
        let ledger = LedgerFile<StoreEvent>(path: path)
        var start = 0
        repeat {
            let batch = Array(events[start..<min(start + eventsPerAppend, events.count)])
            _ = try ledger.commit { _ in (batch, ()) }
            start += batch.count
        } while start < events.count
    }

    /// Copies the header and first `eventCount` events of the ledger at `source` to
    /// `destination`, with the key file: a smaller ledger with the same history.
    static func copyPrefix(of source: String, events eventCount: Int, to destination: String) throws {
        let bytes = try readFile(source)
        var linesLeft = eventCount + 1
        var end = bytes.startIndex
        while linesLeft > 0, end < bytes.endIndex {
            guard let newline = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw BenchError.generatedDataInvalid("\(source) has fewer than \(eventCount) events")
            }
            end = newline + 1
            linesLeft -= 1
        }
        try writeFile(destination, bytes[..<end])
        try writeFile(LedgerFamily(ledgerPath: destination).keyPath, readFile(LedgerFamily(ledgerPath: source).keyPath)[...])
    }

    /// Copies a ledger and its key file, so a benchmark can change the copy.
    static func copy(_ source: String, to destination: String) throws {
        let from = LedgerFamily(ledgerPath: source), to = LedgerFamily(ledgerPath: destination)
        for (sourcePath, destinationPath) in zip(from.essentialPaths, to.essentialPaths) {
            try writeFile(destinationPath, readFile(sourcePath)[...])
        }
        try? FileManager.default.removeItem(atPath: to.lockPath)
    }

    private static func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError.generatedDataInvalid("cannot read \(path)")
        }
        return [UInt8](data)
    }

    private static func writeFile(_ path: String, _ bytes: ArraySlice<UInt8>) throws {
        try? FileManager.default.removeItem(atPath: path)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw BenchError.generatedDataInvalid("cannot write \(path)")
        }
    }
}
