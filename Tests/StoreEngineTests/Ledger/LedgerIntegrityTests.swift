import Foundation
import Testing
@testable import StoreEngine
@testable import StoreLedger

/// Hand edits, damaged lines and key trouble are reported with their line numbers.
@Suite("Ledger integrity: tampering, keys and versions")
struct LedgerIntegrityTests {
    /// A ledger holding four events: lines 2...5 hold sequence numbers 1...4.
    private static func fourEventLedger() throws -> LedgerTestDirectory {
        let directory = try LedgerTestDirectory()
        try directory.ledger().append([.purchase(5), .spend(2), .spend(1), .purchase(3)])
        return directory
    }

    private static func problems(in directory: borrowing LedgerTestDirectory) throws -> [LedgerProblem] {
        try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems
    }

    /// Asserts that writing is refused with a message containing `fragment`, leaving the file as it was.
    private static func expectWriteRefused(
        _ directory: borrowing LedgerTestDirectory, mentioning fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        let ledger = directory.ledger()
        #expect(sourceLocation: sourceLocation) {
            try ledger.append([.spend(1)])
        } throws: { error in
            guard case LedgerError.refusedForWriting = error else { return false }
            return "\(error)".contains(fragment)
        }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == before, sourceLocation: sourceLocation)
    }

    @Test("an intact ledger verifies")
    func intact() throws {
        let directory = try Self.fourEventLedger()
        let verification = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(verification.isIntact)
        #expect(verification.lineCount == 5)
        #expect(verification.entryCount == 4)
        #expect(verification.lastSequence == 4)
    }

    @Test("a hand-edited digit is reported with its line; reading stops before it")
    func editedDigit() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines[2] = lines[2].replacingOccurrences(of: #""amount":2"#, with: #""amount":7"#)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)

        #expect(try Self.problems(in: directory) == [.tampered(line: 3)])
        let update = try directory.ledger().readNew()
        // A balance after the edited line would depend on it, so nothing from it on is read.
        #expect(update.entries.map(\.event.amount) == [5])
        #expect(update.entries.map(\.isVerified) == [true])
        #expect(update.problems == [.tampered(line: 3)])
        try Self.expectWriteRefused(directory, mentioning: "line 3 does not match its MAC")
    }

    @Test("a deleted line is reported at the line that now follows the gap")
    func deletedLine() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines.remove(at: 2)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)

        #expect(try Self.problems(in: directory) == [.tampered(line: 3), .sequenceGap(line: 3, expected: 2, found: 3)])
        try Self.expectWriteRefused(directory, mentioning: "line 3")
    }

    @Test("a duplicated line is reported at the copy, as a repeat of the line before it (before: tampered, with a gap)")
    func duplicatedLine() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines.insert(lines[2], at: 3)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)

        #expect(try Self.problems(in: directory) == [.lineRepeated(line: 4, ledgerPath: directory.ledgerPath)])
        try Self.expectWriteRefused(directory, mentioning: "line 4")
    }

    @Test("a line moved two places down is reported from the first moved line on, and is not named as two lines in each other's place")
    func reorderedLines() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines.insert(lines.remove(at: 2), at: 4)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)

        // What the commit mark adds after them (the chain ends at sequence number 2) is not this test's.
        let problems = try Self.problems(in: directory).prefix(4)
        #expect(Array(problems) == [
            .tampered(line: 3), .sequenceGap(line: 3, expected: 2, found: 3),
            .tampered(line: 5), .sequenceGap(line: 5, expected: 5, found: 2),
        ], "\(problems)")
        try Self.expectWriteRefused(directory, mentioning: "line 3")
    }

    @Test("two lines in each other's place are named as that, from the first (before: tampered and out of sequence on every line from it on)")
    func swappedLines() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines.swapAt(2, 3)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)
        let macs = lines.map { LedgerSiblingPathTests.macText(Array($0.utf8)) }

        #expect(try Self.problems(in: directory) == [
            .linesSwapped(line: 3, ledgerPath: directory.ledgerPath, laterMAC: macs[2], earlierMAC: macs[3]),
        ])
        try Self.expectWriteRefused(directory, mentioning: "lines 3 and 4 are in each other's place")
    }

    @Test("a line that is not a ledger line is reported as malformed and reading stops before it")
    func malformedLine() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines[2] = "not json at all"
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)

        let update = try directory.ledger().readNew()
        #expect(update.entries.map(\.sequence) == [1])
        #expect(
            update.problems == [
                .malformed(line: 3, reason: "it does not end with a MAC field"),
                .sequenceGap(line: 4, expected: 2, found: 3),
            ])
        try Self.expectWriteRefused(directory, mentioning: "line 3 is malformed")
    }

    @Test("a line whose MAC field holds no MAC is named for that (before: as a line without a MAC field)")
    func macFieldWithoutAMAC() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines.append(#"{"seq":5,"kind":"purchase","mac":"00"}"#)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)
        let update = try directory.ledger().readNew()
        #expect(update.problems.first == .malformed(line: 6, reason: "its MAC field holds 2 characters where a MAC is 64 lowercase hex digits"),
                "\(update.problems)")
    }

    @Test("a line whose MAC was written in upper case is named for its characters, not for a length that is right (before: \"64 characters where a MAC is 64\")")
    func macInUpperCase() throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        let last = lines.removeLast()
        let macStart = last.index(last.endIndex, offsetBy: -66)
        lines.append(String(last[..<macStart]) + last[macStart...].uppercased())
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)
        let update = try directory.ledger().readNew()
        #expect(update.problems.first == .malformed(
            line: lines.count, reason: "its MAC field holds characters other than lowercase hex digits, of which a MAC is 64"),
                "\(update.problems)")
    }

    @Test("a line ending in a MAC field's opening that shares its quote with the line's closing is a line without a MAC field (before: a crash)",
          arguments: [#"{"seq":5,"mac":"}"#, #"{"mac":"}"#, #","mac":"}"#])
    func macOpeningOverlappingTheClosing(line: String) throws {
        let directory = try Self.fourEventLedger()
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        lines.append(line)
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)
        let update = try directory.ledger().readNew()
        #expect(update.problems.first == .malformed(line: 6, reason: "it does not end with a MAC field"), "\(update.problems)")
        #expect(LedgerLineCodec.missingMACReason(ArraySlice(line.utf8)) == "it does not end with a MAC field")
    }

    @Test("a line whose event does not decode names the missing field")
    func undecodableEvent() throws {
        struct Richer: Codable, Sendable { var kind: String; var amount: Int; var currency: String }
        let directory = try Self.fourEventLedger()
        let update = try LedgerFile<Richer>(path: directory.ledgerPath).readNew()
        #expect(update.entries.isEmpty)
        #expect(update.problems.first == .malformed(line: 2, reason: #"the event has no field "currency""#))
        #expect(update.problems.count == 4)
    }

    @Test("in a ledger large enough to decode on several threads, entries and problems stay in line order")
    func largeLedgerOrder() throws {
        let directory = try LedgerTestDirectory()
        let count = LedgerEventDecoding.parallelThreshold * 2
        try directory.ledger().append((1...count).map { LedgerTestEvent.purchase($0) })
        var lines = try LedgerTestFiles.lines(directory.ledgerPath)
        for index in [100, count - 5] {
            lines[index] = lines[index].replacingOccurrences(of: #""amount":\#(index)"#, with: #""amount":"x""#)
        }
        try LedgerTestFiles.writeLines(lines, to: directory.ledgerPath)

        let update = try directory.ledger().readNew()
        let expectedAmounts = Array(1..<100)
        #expect(update.entries.map(\.event.amount) == expectedAmounts)
        #expect(update.entries.map(\.sequence) == expectedAmounts)
        #expect(update.entries.map(\.line) == expectedAmounts.map { $0 + 1 })
        let mismatch = #"the event's field "amount" is not of type Int"#
        #expect(
            update.problems == [
                .tampered(line: 101), .malformed(line: 101, reason: mismatch),
                .tampered(line: count - 4), .malformed(line: count - 4, reason: mismatch),
            ])
    }

    @Test("a missing key withholds every entry, since none can be verified, and refuses writing")
    func missingKey() throws {
        let directory = try Self.fourEventLedger()
        let keyPath = directory.ledgerPath + ".key"
        try FileManager.default.removeItem(atPath: keyPath)

        let update = try directory.ledger().readNew()
        #expect(update.entries.isEmpty)
        #expect(update.problems == [.keyMissing(keyPath: keyPath)])
        try Self.expectWriteRefused(directory, mentioning: "the key file \(keyPath) is missing")
        #expect(!LedgerTestFiles.exists(keyPath))
    }

    @Test("a key from another ledger is reported once, not as tampering of every line")
    func wrongKey() throws {
        let directory = try Self.fourEventLedger()
        let keyPath = directory.ledgerPath + ".key"
        try LedgerTestFiles.write(Hex.encode(try SecureRandom.bytes(count: 32)) + [0x0A], to: keyPath)

        let update = try directory.ledger().readNew()
        #expect(update.entries.isEmpty)
        #expect(update.problems == [.keyMismatch(keyPath: keyPath)])
        try Self.expectWriteRefused(directory, mentioning: "does not verify with the key in \(keyPath)")
    }

    @Test("a key file without a key is refused")
    func invalidKey() throws {
        let directory = try Self.fourEventLedger()
        let keyPath = directory.ledgerPath + ".key"
        try LedgerTestFiles.write(Array("not a key\n".utf8), to: keyPath)

        #expect(
            try Self.problems(in: directory) == [.keyInvalid(keyPath: keyPath, reason: "expected 64 hexadecimal digits")])
        try Self.expectWriteRefused(directory, mentioning: "does not hold a key")
    }

    @Test("a ledger from a newer format version is refused with an upgrade message")
    func newerVersion() throws {
        let directory = try LedgerTestDirectory()
        let mac = String(repeating: "0", count: 64)
        try LedgerTestFiles.write(
            Array(#"{"format":"storefront-ledger","version":2,"created":"2030-01-01T00:00:00Z","mac":"\#(mac)"}"#.utf8)
                + [0x0A],
            to: directory.ledgerPath)

        let update = try directory.ledger().readNew()
        #expect(update.entries.isEmpty)
        #expect(update.problems == [.newerVersion(found: 2, supported: 1)])
        #expect(
            "\(update.problems[0])"
                == "written by a newer storefront (format 2); this build reads format 1: upgrade storefront")
        try Self.expectWriteRefused(directory, mentioning: "written by a newer storefront (format 2)")
    }

    @Test("a file that is not a ledger is refused and left alone")
    func notALedger() throws {
        let directory = try LedgerTestDirectory()
        try LedgerTestFiles.write(Array("hello world\nsecond line\n".utf8), to: directory.ledgerPath)

        #expect(try Self.problems(in: directory) == [.notALedger(reason: "it does not end with a MAC field")])
        try Self.expectWriteRefused(directory, mentioning: "line 1 is not a storefront ledger header")
        #expect(!LedgerTestFiles.exists(directory.ledgerPath + ".key"))
    }

    @Test("a new ledger whose name leaves no room for the files beside it is refused before anything is made (before: an empty ledger and lock file were left when the key's name was refused)")
    func aNameTooLongForItsSiblingsIsRefused() throws {
        let longest = LedgerFamily.fileNameLimit - LedgerFamily.longestSiblingSuffixBytes
        let directory = try LedgerTestDirectory(ledgerName: String(repeating: "y", count: longest - 6) + "x.jsonl")
        #expect {
            try directory.ledger().append([.purchase(5)])
        } throws: { error in
            guard case LedgerError.nameTooLong(_, let bytes, longest) = error else { return false }
            return bytes == longest + 1 && "\(error)".contains("give the entitlements file a name of at most \(longest) bytes")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing made")
        let fits = try LedgerTestDirectory(ledgerName: String(repeating: "y", count: longest - 6) + ".jsonl")
        try fits.ledger().append([.purchase(5)])
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: fits.ledgerPath).isIntact)
    }

    @Test("a file with no line break that does not begin as a header is no ledger, not a torn header to move aside (before: verify called it intact and a purchase moved it to a .torn file)",
          arguments: ["my notes", #"{"format":"storefront-catalog","version":1,"app":{"name":"Rage"}}"#, #"{"format":"storefront-ledger","versio"#])
    func aFileWithNoLineBreakIsNoLedgerUnlessAHeaderBegins(content: String) throws {
        let directory = try LedgerTestDirectory()
        try LedgerTestFiles.write(Array(content.utf8), to: directory.ledgerPath)
        let beginsAsAHeader = content.hasPrefix(#"{"format":"storefront-ledger""#)
        if beginsAsAHeader {
            // A header cut short by a crash as the ledger was started: the next writer moves it aside.
            #expect(try Self.problems(in: directory).isEmpty)
            return
        }
        #expect(try Self.problems(in: directory)
                    == [.notALedger(reason: "it has no line break, and it does not begin as a ledger's header does")])
        try Self.expectWriteRefused(directory, mentioning: "line 1 is not a storefront ledger header")
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == Array(content.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1, "nothing made beside it")
    }

    @Test("verifying a path with no ledger says so")
    func missingLedger() throws {
        let directory = try LedgerTestDirectory()
        #expect {
            try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        } throws: { error in
            "\(error)" == "there is no ledger at \(directory.ledgerPath); check the path"
        }
    }
}
