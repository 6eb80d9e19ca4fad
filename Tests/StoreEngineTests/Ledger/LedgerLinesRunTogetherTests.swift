import Foundation
import Testing
@testable import StoreLedger

/// Lines whose newline was deleted (an editor's join) are named as lines run together, with
/// a sed that puts each newline back: no writer, and no `repair`, moves their purchases aside.
@Suite("Ledger lines run together")
struct LedgerLinesRunTogetherTests {
    /// A ledger of a header and three purchases written in `directory`: its bytes, and its
    /// lines without their newlines.
    private static func fourLines(in directory: borrowing LedgerTestDirectory) throws -> (original: [UInt8], lines: [[UInt8]]) {
        _ = try directory.ledger().append([.purchase(1), .purchase(2), .purchase(3)])
        let original = try LedgerTestFiles.bytes(directory.ledgerPath)
        return (original, original.split(separator: UInt8(ascii: "\n")).map(Array.init))
    }

    /// `lines` written with the newline left out after each line whose index is in `joinedAfter`.
    private static func write(_ lines: [[UInt8]], joinedAfter: Set<Int>, to path: String) throws -> [UInt8] {
        let bytes = lines.enumerated().flatMap { index, line in joinedAfter.contains(index) ? line : line + [UInt8(ascii: "\n")] }
        try LedgerTestFiles.write(bytes, to: path)
        return bytes
    }

    private static func macText(_ line: [UInt8]) -> String { LedgerSiblingPathTests.macText(line) }

    /// Writers and `repair` refuse the ledger in `directory`, and leave its `bytes` as they are.
    private static func expectRefusedUntouched(_ directory: borrowing LedgerTestDirectory, bytes: [UInt8]) throws {
        #expect(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect(throws: LedgerError.self) { try LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == bytes, "nothing moved aside")
    }

    /// The command `said` advises, run twice as pasted, succeeds both times and gives back
    /// `original` at `path`.
    private static func expectAdviceMends(_ said: String, path: String, to original: [UInt8]) throws {
        let command = try #require(LedgerTestFiles.advisedCommand(in: said), "\(said)")
        #expect(try LedgerTestFiles.runInShell(command) == 0)
        #expect(try LedgerTestFiles.runInShell(command) == 0)
        #expect(try LedgerTestFiles.bytes(path) == original)
    }

    /// Runs every command `problems` advise, in their order or the reverse, and then each once
    /// more, each as pasted (every one must succeed), and checks that `original` is back at `path`.
    private static func expectAllAdviceMends(_ problems: [LedgerProblem], inReverse: Bool, path: String, to original: [UInt8]) throws {
        let commands = try problems.map { try #require(LedgerTestFiles.advisedCommand(in: $0.description), "\($0)") }
        for command in (inReverse ? commands.reversed() : commands) + commands {
            #expect(try LedgerTestFiles.runInShell(command) == 0, "\(command)")
        }
        #expect(try LedgerTestFiles.bytes(path) == original, "in reverse: \(inReverse)")
    }

    @Test("lines run together are named with the MACs of the lines whose newline is missing, and nothing else is said of them or of the lines after them; writers and repair refuse, and change nothing",
          arguments: [
              // [indices of lines whose newline was deleted]: [file line of each problem, with the lines it ends]
              ([1], [2: [1]]), ([2], [3: [2]]), ([0], [1: [0]]), ([0, 1], [1: [0, 1]]), ([1, 2], [2: [1, 2]]),
          ] as [([Int], [Int: [Int]])])
    func linesRunTogetherAreNamed(joinedAfter: [Int], expected: [Int: [Int]]) throws {
        let directory = try LedgerTestDirectory()
        let (_, lines) = try Self.fourLines(in: directory)
        let edited = try Self.write(lines, joinedAfter: Set(joinedAfter), to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        let named = expected.sorted { $0.key < $1.key }.map { line, ending in
            LedgerProblem.linesRunTogether(line: line, ledgerPath: directory.ledgerPath, joins: ending.map { .init(lineMAC: Self.macText(lines[$0])) })
        }
        #expect(report.problems == named, "\(report.problems)")
        #expect(report.problems.allSatisfy { !$0.isRepairable })
        try Self.expectRefusedUntouched(directory, bytes: edited)
        #expect(try LedgerTestFiles.directoryEntries(directory.path).allSatisfy { !$0.contains(".damaged-") && !$0.contains(".torn-") })
    }

    @Test("the advised seds, run in any order and more than once, give back the file as it was, also with stray bytes on a line after the join, whose own sed finds its line by its MAC wherever the join's sed moved it",
          arguments: [false, true])
    func theAdvisedCommandsMendIt(inReverse: Bool) throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        var edited = lines
        edited[3] += Array("\"}".utf8)
        _ = try Self.write(edited, joinedAfter: [0, 1], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems.count == 2, "the join on line 1 and the stray bytes on line 2: \(report.problems)")
        try Self.expectAllAdviceMends(report.problems, inReverse: inReverse, path: directory.ledgerPath, to: original)
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
    }

    @Test("the last two lines run together without the file's last newline are no torn line: named so, with or without a commit mark, and no writer moves them aside; the sed that splits them, then the one that adds the newline, give back the file (before: repair advised, which moved both purchases aside)",
          arguments: [false, true])
    func linesRunTogetherAtTheEndAreKept(markEmptied: Bool) throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        let edited = try Self.write(lines, joinedAfter: [2, 3], to: directory.ledgerPath)
        if markEmptied { try LedgerTestFiles.write([], to: directory.ledgerPath + ".lock") }
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.linesRunTogether(line: 3, ledgerPath: directory.ledgerPath, joins: [.init(lineMAC: Self.macText(lines[2]))])],
                "\(report.problems)")
        #expect(!report.description.contains("incomplete"), "\(report.description)")
        try Self.expectRefusedUntouched(directory, bytes: edited)
        let sed = try #require(LedgerTestFiles.advisedCommand(in: report.problems[0].description))
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        let again = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(again.problems == [.newlineMissing(line: 4, ledgerPath: directory.ledgerPath)], "\(again.problems)")
        #expect(try LedgerTestFiles.runInShell(try #require(LedgerTestFiles.advisedCommand(in: again.problems[0].description))) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == original)
    }

    @Test("lines joined with a space between them (vim's J), or with stray bytes typed after the first, are named as lines run together, and the sed advised takes those bytes out too, giving back the file (before: tampered, a gap, and repair advised, which moved the purchases aside)",
          arguments: [" ", "  \t", "\"}", "x\r"])
    func linesJoinedWithBytesBetweenAreNamed(between: String) throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        var edited = lines
        edited[1] += Array(between.utf8)
        _ = try Self.write(edited, joinedAfter: [1], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        let added = between.utf8.count
        #expect(report.problems == [.linesRunTogether(line: 2, ledgerPath: directory.ledgerPath,
                                                      joins: [.init(lineMAC: Self.macText(lines[1]), addedBytes: added)])], "\(report.problems)")
        let said = report.problems[0].description
        #expect(said.contains(", and \(added) byte\(added == 1 ? "" : "s") put in its place"), "\(said)")
        #expect(!said.contains("\t") && !said.contains("\r"), "what was put there is not shown")
        try Self.expectAdviceMends(said, path: directory.ledgerPath, to: original)
    }

    @Test("blank lines put in by hand are named with the sed that deletes them, the lines after them verify, and neither a writer nor repair moves anything aside (before: malformed, and repair advised, which moved the purchases after it aside)",
          arguments: [[""], ["", "  "], ["\r"], ["\t"]])
    func blankLinesAreNamed(blanks: [String]) throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        let edited = lines[..<2].map { $0 } + blanks.map { Array($0.utf8) } + lines[2...].map { $0 }
        let bytes = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == blanks.indices.map { .blankLine(line: 3 + $0, ledgerPath: directory.ledgerPath) }, "\(report.problems)")
        try Self.expectRefusedUntouched(directory, bytes: bytes)
        try Self.expectAdviceMends(report.problems[0].description, path: directory.ledgerPath, to: original)
    }

    @Test("a line pasted twice is named as a repeat, with the sed that deletes the copy, which run again deletes nothing; the lines after it verify, and neither a writer nor repair moves anything aside (before: tampered, a gap, and repair advised, which moved the purchases after it aside)",
          arguments: [1, 2, 3])
    func aLinePastedTwiceIsNamed(index: Int) throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        let edited = lines[...index].map { $0 } + [lines[index]] + lines[(index + 1)...].map { $0 }
        let bytes = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.lineRepeated(line: index + 2, ledgerPath: directory.ledgerPath)], "\(report.problems)")
        try Self.expectRefusedUntouched(directory, bytes: bytes)
        try Self.expectAdviceMends(report.problems[0].description, path: directory.ledgerPath, to: original)
    }

    @Test("two lines in each other's place are named with the sed that swaps them back, which run again changes nothing; the lines after them verify, and neither a writer nor repair moves anything aside (before: tampered and out of sequence from the first on, and repair advised, which moved them and every line after them aside)",
          arguments: [1, 2])
    func swappedLinesAreNamed(index: Int) throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        var edited = lines
        edited.swapAt(index, index + 1)
        let bytes = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.linesSwapped(line: index + 1, ledgerPath: directory.ledgerPath,
                                                  laterMAC: Self.macText(lines[index + 1]), earlierMAC: Self.macText(lines[index]))],
                "\(report.problems)")
        try Self.expectRefusedUntouched(directory, bytes: bytes)
        try Self.expectAdviceMends(report.problems[0].description, path: directory.ledgerPath, to: original)
    }

    @Test("a swapped pair with bytes an editor added after either line's MAC is named, with the stray bytes, and the two seds, run in either order and again, give back the file as it was (before: the swap's sed held the stray bytes, and failed after the other ran)",
          arguments: [(0, "   "), (0, "\r"), (0, "\"}"), (1, "  "), (1, "\"}")] as [(Int, String)])
    func aSwapWithStrayBytesIsMendedInAnyOrder(onLine: Int, stray: String) throws {
        for inReverse in [false, true] {
            let directory = try LedgerTestDirectory()
            let (original, lines) = try Self.fourLines(in: directory)
            var edited = lines
            edited.swapAt(1, 2)
            edited[1 + onLine] += Array(stray.utf8)
            _ = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
            let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
            #expect(report.problems.count == 2 && report.problems.contains { if case .linesSwapped(2, _, _, _) = $0 { true } else { false } },
                    "\(report.problems)")
            try Self.expectAllAdviceMends(report.problems, inReverse: inReverse, path: directory.ledgerPath, to: original)
        }
    }

    @Test("the last two lines swapped, the file's last newline gone too, are named as a swap and a missing newline, not a torn line for repair to move aside, and their two seds in either order give back the file (before: repair advised, which moved a purchase aside)")
    func theLastTwoLinesSwappedWithoutTheLastNewline() throws {
        for inReverse in [false, true] {
            let directory = try LedgerTestDirectory()
            let (original, lines) = try Self.fourLines(in: directory)
            var edited = lines
            edited.swapAt(2, 3)
            let bytes = try Self.write(edited, joinedAfter: [3], to: directory.ledgerPath)
            let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
            #expect(report.problems == [
                .linesSwapped(line: 3, ledgerPath: directory.ledgerPath, laterMAC: Self.macText(lines[3]), earlierMAC: Self.macText(lines[2])),
                .newlineMissing(line: 4, ledgerPath: directory.ledgerPath),
            ], "\(report.problems)")
            #expect(!report.description.contains("incomplete"), "\(report.description)")
            try Self.expectRefusedUntouched(directory, bytes: bytes)
            try Self.expectAllAdviceMends(report.problems, inReverse: inReverse, path: directory.ledgerPath, to: original)
        }
    }

    @Test("the header and the first event in each other's place are named as that, with the sed that swaps them back, not as a file that is no ledger; writers and repair refuse and change nothing (before: 'not a storefront ledger header … check the ledger path')")
    func theHeaderSwappedWithTheFirstEvent() throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        var edited = lines
        edited.swapAt(0, 1)
        let bytes = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.linesSwapped(line: 1, ledgerPath: directory.ledgerPath,
                                                  laterMAC: Self.macText(lines[1]), earlierMAC: Self.macText(lines[0]))],
                "\(report.problems)")
        try Self.expectRefusedUntouched(directory, bytes: bytes)
        try Self.expectAdviceMends(report.problems[0].description, path: directory.ledgerPath, to: original)
    }

    @Test("the header and the first event in each other's place, with bytes an editor added after either line's MAC, are named for both in one report, and the seds in either order give back the file (before: no advice when the header had them, the swap unnamed when the event had them)",
          arguments: [(0, "  "), (0, "\r"), (1, "\"}"), (1, "  ")] as [(Int, String)])
    func theHeaderSwappedWithStrayBytes(onLine: Int, stray: String) throws {
        for inReverse in [false, true] {
            let directory = try LedgerTestDirectory()
            let (original, lines) = try Self.fourLines(in: directory)
            var edited = lines
            edited[onLine] += Array(stray.utf8)
            edited.swapAt(0, 1)
            _ = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
            let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
            #expect(report.problems.count == 2 && report.problems.first.map { if case .linesSwapped(1, _, _, _) = $0 { true } else { false } } == true,
                    "\(report.problems)")
            try Self.expectAllAdviceMends(report.problems, inReverse: inReverse, path: directory.ledgerPath, to: original)
        }
    }

    @Test("an event line pasted above the header, which does not verify after it, is still a first line that is no header")
    func anEventAboveTheHeaderThatIsNoSwap() throws {
        let directory = try LedgerTestDirectory()
        let (_, lines) = try Self.fourLines(in: directory)
        _ = try Self.write([lines[2]] + lines, joinedAfter: [], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems.count == 1 && report.problems.first?.notALedgerReason != nil, "\(report.problems)")
    }

    @Test("a line indented by an editor is named, with the sed that takes the indent away, which run again changes nothing; the lines after it verify, and neither a writer nor repair moves anything aside (before: malformed, a gap after it, and repair advised, which moved it and every line after it aside)",
          arguments: [(1, "    "), (2, "\t"), (3, " \t ")] as [(Int, String)])
    func anIndentedLineIsNamed(index: Int, indent: String) throws {
        let directory = try LedgerTestDirectory()
        let (original, lines) = try Self.fourLines(in: directory)
        var edited = lines
        edited[index] = Array(indent.utf8) + edited[index]
        let bytes = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.indented(line: index + 1, ledgerPath: directory.ledgerPath, lineMAC: Self.macText(lines[index]))],
                "\(report.problems)")
        try Self.expectRefusedUntouched(directory, bytes: bytes)
        try Self.expectAdviceMends(report.problems[0].description, path: directory.ledgerPath, to: original)
    }

    @Test("an indented line with spaces after its MAC too is named for both, and the two seds in either order give back the file")
    func anIndentedLineWithTrailingSpaces() throws {
        for inReverse in [false, true] {
            let directory = try LedgerTestDirectory()
            let (original, lines) = try Self.fourLines(in: directory)
            var edited = lines
            edited[2] = Array("  ".utf8) + edited[2] + Array("  ".utf8)
            _ = try Self.write(edited, joinedAfter: [], to: directory.ledgerPath)
            let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
            #expect(report.problems.count == 2, "\(report.problems)")
            try Self.expectAllAdviceMends(report.problems, inReverse: inReverse, path: directory.ledgerPath, to: original)
        }
    }

    @Test("the last two lines swapped, the last with a stray \"} and without its newline, are named for all three in one report, and the seds in either order give back the file (before: the missing newline was named only once the others were mended)")
    func theLastTwoLinesSwappedWithStrayBytesAndNoNewline() throws {
        for inReverse in [false, true] {
            let directory = try LedgerTestDirectory()
            let (original, lines) = try Self.fourLines(in: directory)
            var edited = lines
            edited.swapAt(2, 3)
            edited[3] += Array("\"}".utf8)
            _ = try Self.write(edited, joinedAfter: [3], to: directory.ledgerPath)
            let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
            #expect(report.problems.count == 3 && report.problems.last == .newlineMissing(line: 4, ledgerPath: directory.ledgerPath),
                    "\(report.problems)")
            try Self.expectAllAdviceMends(report.problems, inReverse: inReverse, path: directory.ledgerPath, to: original)
        }
    }

    @Test("two swapped pairs, one right after the other, are each named, and their seds, run in either order and again, give back the file as it was",
          arguments: [false, true])
    func twoSwappedPairsAreMendedInAnyOrder(inReverse: Bool) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2), .purchase(3), .purchase(4), .purchase(5)])
        let original = try LedgerTestFiles.bytes(directory.ledgerPath)
        var lines = original.split(separator: UInt8(ascii: "\n")).map(Array.init)
        lines.swapAt(1, 2)
        lines.swapAt(3, 4)
        _ = try Self.write(lines, joinedAfter: [], to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems.map(\.line) == [2, 4], "\(report.problems)")
        try Self.expectAllAdviceMends(report.problems, inReverse: inReverse, path: directory.ledgerPath, to: original)
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
    }

    @Test("a line pasted twice at the end while a reader is open is named as a repeat by that reader too, as by a reader opened after")
    func aRepeatAppendedWhileOpenIsNamedAlike() throws {
        let directory = try LedgerTestDirectory()
        let (_, lines) = try Self.fourLines(in: directory)
        let reader = try directory.ledger()
        _ = try reader.readNew()
        try LedgerTestFiles.append(lines[3] + [UInt8(ascii: "\n")], to: directory.ledgerPath)
        let update = try reader.readNew()
        #expect(update.problems == [.lineRepeated(line: 5, ledgerPath: directory.ledgerPath)], "\(update.problems)")
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems == update.problems)
    }

    @Test("the header run together with the first event is named so, not as a file that is no ledger, and writers refuse it in the same words")
    func aHeaderRunTogetherIsNamed() throws {
        let directory = try LedgerTestDirectory()
        let (_, lines) = try Self.fourLines(in: directory)
        _ = try Self.write(lines, joinedAfter: [0], to: directory.ledgerPath)
        do {
            try directory.ledger().append([.spend(1)])
            Issue.record("a write went through")
        } catch {
            #expect("\(error)".contains("line 1 holds 2 lines run together"), "\(error)")
            #expect(!"\(error)".contains("not a storefront ledger header"), "\(error)")
        }
    }

    @Test("a line whose event holds the text of a boundary in a string, then edited, is tampered, not lines run together")
    func aBoundaryInsideAStringIsNoJoin() throws {
        let directory = try LedgerTestDirectory()
        let kind = #"x","mac":"\#(String(repeating: "a", count: 64))"}{"seq":9,"#
        _ = try directory.ledger().append([LedgerTestEvent(kind: kind, amount: 1), .purchase(2)])
        let written = try LedgerTestFiles.bytes(directory.ledgerPath)
        let text = String(decoding: written, as: UTF8.self)
        try LedgerTestFiles.write(Array(text.replacingOccurrences(of: "\"amount\":1", with: "\"amount\":7").utf8), to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.tampered(line: 2)], "\(report.problems)")
    }

    @Test("the codec finds the end of each whole line run on into another, and none in a line as written")
    func theCodecFindsTheBoundaries() throws {
        let directory = try LedgerTestDirectory()
        let (_, lines) = try Self.fourLines(in: directory)
        #expect(LedgerLineCodec.breaksOfLinesRunTogether(in: lines[2][...]).isEmpty)
        let joined = lines[1] + lines[2] + Array(" ".utf8) + lines[3]
        let second = lines[1].count + lines[2].count
        #expect(LedgerLineCodec.breaksOfLinesRunTogether(in: joined[...])
                == [.init(end: lines[1].count, nextStart: lines[1].count), .init(end: second, nextStart: second + 1)])
        // A line cut short before the next: its part is no whole line, so no boundary is there.
        let cut = Array(lines[1].dropLast(3)) + lines[2]
        #expect(LedgerLineCodec.breaksOfLinesRunTogether(in: cut[...]).isEmpty)
        // A short tail after a line is stray bytes, even when it opens as a line does.
        let strayOpening = lines[1] + Array(#"{"seq":9}"#.utf8)
        #expect(LedgerLineCodec.breaksOfLinesRunTogether(in: strayOpening[...]).isEmpty)
    }
}
