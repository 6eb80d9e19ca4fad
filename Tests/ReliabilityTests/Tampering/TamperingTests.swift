import Foundation
import StoreEngine
import Testing

/// Every single-byte change, line deletion, duplication and move, and every cut of the end of
/// a small ledger is reported, and the first problem names the line where the damage starts.
@Suite("Tampering: damage to a small ledger is detected and located", .serialized)
struct TamperingTests {
    /// Byte values that break a line in every way the reader tells apart: a flipped low bit
    /// (a different digit or letter), a flipped high bit (invalid UTF-8), NUL, a newline that
    /// splits the line, and JSON punctuation.
    static let structuralValues: [UInt8] = [0x00, 0x0A, 0x22, 0x2C, 0x3A, 0x7B, 0x7D, 0xFF]

    /// Each byte is set to every structural value, its neighbours by one bit, and a few values
    /// drawn from a seeded generator; `STOREFRONT_TAMPER_VALUES=all` tries all 255 values at
    /// every byte (about four minutes in a debug build).
    @Test("every byte of the ledger, changed to many values, is reported at its line")
    func everySingleByteChange() throws {
        let start = ContinuousClock.now
        let seed = SeededGenerator.seedFromEnvironment()
        var generator = SeededGenerator(seed: seed)
        let allValues = ProcessInfo.processInfo.environment["STOREFRONT_TAMPER_VALUES"] == "all"
        let ledger = try SmallLedger.make()
        var check = TamperCheck(ledger)
        for offset in ledger.bytes.indices {
            let original = ledger.bytes[offset]
            let line = ledger.line(ofByte: offset)
            var values = Set(Self.structuralValues + [original ^ 0x01, original ^ 0x20, original ^ 0x80])
            for _ in 0..<2 { values.insert(UInt8.random(in: 0...255, using: &generator)) }
            if allValues { values = Set(0...255) }
            values.remove(original)
            for value in values.sorted() {
                var damaged = ledger.bytes
                damaged[offset] = value
                check.expect(damaged, reportedAt: line, "byte \(offset) (line \(line)) set to \(value)")
            }
        }
        check.expectNoMisses()
        Figures.report(
            "tampering",
            "\(check.checked) single-byte changes (every byte, seed \(seed)) of a \(ledger.bytes.count)-byte, "
                + "\(ledger.lines.count)-line ledger, \(check.misses.count) missed or misplaced, \(Figures.seconds(since: start))")
    }

    @Test("every deletion, duplication and move of a line is reported where the order breaks")
    func everyLineDeletionDuplicationAndMove() throws {
        let ledger = try SmallLedger.make()
        let lines = ledger.lines
        var check = TamperCheck(ledger)
        var deletions = 0, duplications = 0, moves = 0
        for index in lines.indices {
            var deleted = lines
            deleted.remove(at: index)
            check.expect(deleted.flatMap { $0 }, reportedAt: index + 1, "line \(index + 1) deleted")
            deletions += 1

            var duplicated = lines
            duplicated.insert(lines[index], at: index + 1)
            check.expect(duplicated.flatMap { $0 }, reportedAt: index + 2, "line \(index + 1) duplicated")
            duplications += 1

            for destination in lines.indices where destination != index {
                var moved = lines
                let line = moved.remove(at: index)
                moved.insert(line, at: destination)
                check.expect(
                    moved.flatMap { $0 }, reportedAt: min(index, destination) + 1,
                    "line \(index + 1) moved to \(destination + 1)")
                moves += 1
            }
        }
        for first in lines.indices {
            for second in lines.indices where second > first + 1 {
                var swapped = lines
                swapped.swapAt(first, second)
                check.expect(swapped.flatMap { $0 }, reportedAt: first + 1, "lines \(first + 1) and \(second + 1) swapped")
                moves += 1
            }
        }
        check.expectNoMisses()
        Figures.report(
            "tampering",
            "\(deletions) line deletions, \(duplications) duplications, \(moves) moves and swaps, "
                + "\(check.misses.count) missed or misplaced")
    }

    /// A hash chain alone cannot notice lines cut from the end; the commit mark in the lock
    /// file records the last committed line, so a shorter ledger is reported where it ends.
    @Test("every cut of the ledger's end, down to its first byte, is reported at the first missing line")
    func everyTruncation() throws {
        let ledger = try SmallLedger.make()
        var check = TamperCheck(ledger)
        // An empty file starts over like a missing one; every other cut is reported.
        for length in 1..<ledger.bytes.count {
            let line = ledger.line(ofByte: length)
            check.expect(Array(ledger.bytes[..<length]), reportedAt: line, "cut to \(length) bytes (in line \(line))")
        }
        check.expectNoMisses()
        Figures.report(
            "tampering", "\(check.checked) cuts of the end, \(check.misses.count) missed or misplaced")
    }
}
