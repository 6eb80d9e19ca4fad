import Foundation
import Glibc
import Testing
@testable import StoreEngine
@testable import StoreLedger

/// The files beside the ledger are opened only as ordinary files of their own: never through
/// a symbolic link, never with a wait on a FIFO, never locked after someone replaced them.
// The time limit turns a hang (an open that waits on a FIFO) into a failure. It is generous:
// a test may wait minutes for a thread on a loaded two-core machine before it runs.
@Suite("Ledger sibling paths", .timeLimit(.minutes(15)))
struct LedgerSiblingPathTests {
    static let siblings = ["", ".key", ".lock"]

    @Test("a link planted at the key's old temporary path is never written through")
    func plantedTemporaryKeyLink() throws {
        let directory = try LedgerTestDirectory()
        let victim = directory.path + "/victim.txt"
        try LedgerTestFiles.write(Array("someone else's text\n".utf8), to: victim)
        let before = try POSIXFileSystem().status(atPath: victim)
        try FileManager.default.createSymbolicLink(atPath: directory.ledgerPath + ".key.new", withDestinationPath: victim)

        _ = try directory.ledger().append([.purchase(5)])

        #expect(try LedgerTestFiles.bytes(victim) == Array("someone else's text\n".utf8))
        #expect(try POSIXFileSystem().status(atPath: victim).permissions == before.permissions)
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).isIntact)
    }

    @Test("a lock file that is a link to another file is reported as such, with advice that leaves that file alone (before: 'empty' it)",
          arguments: [true, false])
    func linkedLockFileIsToBeRemovedNotEmptied(symbolic: Bool) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let victim = directory.path + "/victim.txt"
        try LedgerTestFiles.write(Array("someone else's text\n".utf8), to: victim)
        let lock = directory.ledgerPath + ".lock"
        try FileManager.default.removeItem(atPath: lock)
        if symbolic {
            try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: victim)
        } else {
            #expect(link(victim, lock) == 0)
        }

        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        let problem = try #require(report.problems.first)
        guard case .commitMarkDamaged(_, _, let notOwnFile?) = problem else { Issue.record("\(report.problems)"); return }
        #expect(notOwnFile == (symbolic ? "a symbolic link" : "one of 2 names of a file (a hard link)"))
        #expect(!problem.isRepairable, "repair takes the writer lock, which refuses such a lock file")
        #expect(problem.description.contains("remove that name (`rm \(lock)` leaves any other file alone, and the next change writes the mark again)"), "\(problem)")
        #expect(!problem.description.contains("empty \(lock)"), "\(problem)")
        #expect(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect(try LedgerTestFiles.bytes(victim) == Array("someone else's text\n".utf8))
    }

    @Test("a directory at the lock file's path is advised an mv that works (before: an rm that cannot remove a directory)")
    func directoryAtTheLockPath() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let lock = directory.ledgerPath + ".lock"
        try FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        let problem = try #require(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems.first)
        #expect(problem.description.contains("is a directory") && problem.description.contains("move it away (`mv -n -T \(lock) \(lock).moved`"),
                "\(problem)")
        #expect(!problem.description.contains("`rm "), "\(problem)")
        // A file of the advised name is not moved over (before: `mv` onto a file fails for a directory).
        #expect(FileManager.default.createFile(atPath: lock + ".moved", contents: Data("mine\n".utf8)))
        #expect(problem.description.contains("move it away (`mv -n -T \(lock) \(lock).moved-2`"), "\(problem)")
    }

    @Test("a FIFO at the lock file's path is advised by verify the mv a change that finds it advises too (before: verify said rm, the change mv)")
    func fifoAtTheLockPathIsAdvisedOneCommand() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let lock = directory.ledgerPath + ".lock"
        try FileManager.default.removeItem(atPath: lock)
        #expect(mkfifo(lock, 0o600) == 0)
        let problem = try #require(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems.first)
        let move = "`mv -n -T \(lock) \(lock).moved`"
        #expect(problem.description.contains("is a named pipe (FIFO)") && problem.description.contains("move it away (\(move)"), "\(problem)")
        #expect(!problem.description.contains("`rm "), "\(problem)")
        do {
            try directory.ledger().append([.spend(1)])
            Issue.record("a write went through")
        } catch {
            #expect("\(error)".contains(move), "\(error)")
        }
    }

    @Test("notes written at the lock file's path are said to be no commit mark, and repair does not write over them (before: \"damaged\", and repair replaced them with a mark)")
    func notesAtTheLockPathAreNotWrittenOver() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let lock = directory.ledgerPath + ".lock"
        #expect(FileManager.default.createFile(atPath: lock, contents: Data("notes lock\n".utf8)))
        let problem = try #require(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems.first)
        // Moved away, not emptied, and `repair` not advised (before: "empty it", and `verify` advised `repair`).
        #expect(problem.description.contains("is a file that holds no commit mark, so the mark is not read from it and nothing is "
            + "written to it: move it away (`mv -n -T \(lock) \(lock).moved`; the next change writes the mark again)"), "\(problem)")
        #expect(!problem.description.contains("empty"), "\(problem)")
        #expect(!problem.isRepairable)
        #expect(throws: LedgerError.self) { try LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath) }
        #expect(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect(try LedgerTestFiles.bytes(lock) == Array("notes lock\n".utf8))
        // An open reader is not told of a change on every look while the notes stay, and takes
        // the problem back once they are moved away.
        let reader = try directory.ledger()
        _ = try reader.readNew()
        #expect(reader.problems.count == 1)
        #expect(!reader.hasChanged())
        #expect(rename(lock, lock + ".moved") == 0)
        #expect(reader.hasChanged())
        _ = try reader.readNew()
        #expect(reader.problems.isEmpty, "\(reader.problems)")
    }

    @Test("a lock file with a second name is named even though its mark agrees, and an open reader takes that back once the name is removed, with nothing else changed (before: called intact)")
    func lockFileWithASecondNameIsNamedUntilRemoved() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let lock = directory.ledgerPath + ".lock"
        let second = directory.path + "/second-name"
        #expect(link(lock, second) == 0)
        let reader = try directory.ledger()
        _ = try reader.readNew()
        let problem = try #require(reader.problems.first, "the mark reads and agrees, but writers refuse the file")
        #expect(problem.isAboutLockFileNotOwn, "\(problem)")
        #expect(!reader.hasChanged())
        #expect(unlink(second) == 0)
        #expect(reader.hasChanged(), "the removal is noticed though the ledger stayed as it was")
        _ = try reader.readNew()
        #expect(reader.problems.isEmpty, "\(reader.problems)")
        _ = try reader.append([.spend(1)])
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems.isEmpty)
    }

    @Test("a ledger in a folder reached through a symbolic link is made there (before: 'could not create the directory …: Not a directory')")
    func folderThroughALinkIsAFolder() throws {
        let directory = try LedgerTestDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/linked", withDestinationPath: directory.path + "/real")
        try POSIXFileSystem().makeDirectories(directory.path + "/linked/deeper", permissions: 0o700)
        #expect(LedgerTestFiles.exists(directory.path + "/real/deeper"))
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/toFile", withDestinationPath: directory.path + "/victim")
        try LedgerTestFiles.write(Array("x".utf8), to: directory.path + "/victim")
        #expect(throws: FileSystemError.self, "a link to a file is no folder") {
            try POSIXFileSystem().makeDirectories(directory.path + "/toFile", permissions: 0o700)
        }
    }

    @Test("a byte-order mark an editor put before the header is named, with the sed that removes it, which run again changes nothing; writers refuse and change nothing (before: 'not a storefront ledger header … check the ledger path')")
    func aByteOrderMarkIsNamed() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let original = try LedgerTestFiles.bytes(directory.ledgerPath)
        let marked = [0xEF, 0xBB, 0xBF] + original
        try LedgerTestFiles.write(marked, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.byteOrderMark(ledgerPath: directory.ledgerPath)], "\(report.problems)")
        #expect(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == marked)
        let sed = try #require(LedgerTestFiles.advisedCommand(in: report.problems[0].description))
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == original)
    }

    @Test("blank lines put above the header are named, with the sed that deletes them, which run again changes nothing; writers refuse and change nothing (before: 'not a storefront ledger header … check the ledger path')",
          arguments: ["\n", "  \n", "\n \t\n"])
    func blankLinesAboveTheHeaderAreNamed(blanks: String) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let original = try LedgerTestFiles.bytes(directory.ledgerPath)
        let edited = Array(blanks.utf8) + original
        try LedgerTestFiles.write(edited, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.blankLinesAboveHeader(ledgerPath: directory.ledgerPath)], "\(report.problems)")
        #expect(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == edited)
        let sed = try #require(LedgerTestFiles.advisedCommand(in: report.problems[0].description))
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == original)
    }

    @Test("a blank first line above something that is no ledger is still no ledger, and no sed is advised: notes, or notes holding a pasted header (before: the blank lines' sed, which deleted the notes' blank lines)",
          arguments: [false, true])
    func aBlankLineAboveNotesIsNoLedger(withPastedHeader: Bool) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let header = try LedgerTestFiles.lines(directory.ledgerPath)[0]
        let notes = "\n" + (withPastedHeader ? header + "\n" : "") + "shopping list\n\nmilk\n"
        try LedgerTestFiles.write(Array(notes.utf8), to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems.first?.notALedgerReason != nil, "\(report.problems)")
        #expect(!report.problems.contains { $0.description.contains("sed") }, "\(report.problems)")
    }

    @Test("a ledger converted to Windows line ends is said to be that, with the way back (before: 'not a storefront ledger header')")
    func windowsLineEndsAreNamed() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let original = try LedgerTestFiles.bytes(directory.ledgerPath)
        let converted = original.split(separator: UInt8(ascii: "\n")).flatMap { Array($0) + [UInt8(ascii: "\r"), UInt8(ascii: "\n")] }
        try FileManager.default.removeItem(atPath: directory.ledgerPath)
        try LedgerTestFiles.write(converted, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        let said = try #require(report.problems.first).description
        #expect(said.contains("converted to Windows line ends") && said.contains("sed -i 's/\\r$//' \(ShellWord.quoted(directory.ledgerPath))`"),
                "\(said)")
        #expect(!said.contains("LEDGER"), "the advice names the file itself, not a placeholder: \(said)")
    }

    @Test("a line with a carriage return or spaces added after its MAC is named for that, with the sed that removes them, and repair refuses it (before: malformed, a gap after it, and repair advised, which moved sound lines aside)",
          arguments: ["\r", " ", "\r\r", " \t"])
    func bytesAddedAfterALinesMACAreNamed(added: String) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2), .purchase(3)])
        let original = try LedgerTestFiles.bytes(directory.ledgerPath)
        var lines = original.split(separator: UInt8(ascii: "\n")).map(Array.init)
        lines[2] += Array(added.utf8)
        let edited = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
        try LedgerTestFiles.write(edited, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        let mac = Self.macText(Array(lines[2].dropLast(added.utf8.count)))
        #expect(report.problems == [.bytesAfterMAC(line: 3, ledgerPath: directory.ledgerPath, lineMAC: mac)],
                "no gap is reported after it: \(report.problems)")
        let said = report.problems[0].description
        let sed = "sed -i 's/\\(\(mac)\"}\\)[[:space:]]*$/\\1/' \(ShellWord.quoted(directory.ledgerPath))"
        #expect(said.contains("line 3 has a carriage return or spaces after its MAC field") && said.contains(sed), "\(said)")
        #expect(!report.problems[0].isRepairable)
        #expect(throws: LedgerError.self) { try LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == edited, "repair moved nothing aside")
        // The sed, run as printed, mends it; run again, it changes nothing.
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == original)
    }

    @Test("stray bytes typed after a line's MAC are named by count, with the sed that removes them, which mends the file, and repair refuses it (before: malformed, lines said cut from the end, and repair moved a sound purchase aside)",
          arguments: [(2, "\"}"), (2, "}"), (2, "\""), (3, "\"}"), (3, "x\u{1B}[2J\u{00E9}"), (3, "\\")])
    func strayBytesAfterALinesMACAreNamed(index: Int, added: String) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2), .purchase(3)])
        let original = try LedgerTestFiles.bytes(directory.ledgerPath)
        var lines = original.split(separator: UInt8(ascii: "\n")).map(Array.init)
        let mac = Self.macText(lines[index])
        lines[index] += Array(added.utf8)
        let edited = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
        try LedgerTestFiles.write(edited, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        let count = added.utf8.count
        #expect(report.problems == [.bytesAfterMAC(line: index + 1, ledgerPath: directory.ledgerPath, lineMAC: mac, otherBytes: count)],
                "\(report.problems)")
        let said = try #require(report.problems.first).description
        let sed = "LC_ALL=C sed -i 's/\\(\(mac)\"}\\).\\{\(count)\\}$/\\1/' \(ShellWord.quoted(directory.ledgerPath))"
        #expect(said.contains("line \(index + 1) has \(count) byte\(count == 1 ? "" : "s") after the end of its MAC field") && said.contains(sed), "\(said)")
        #expect(!said.contains("\u{1B}"), "what was added is not shown")
        #expect(throws: LedgerError.self) { try LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == edited, "repair moved nothing aside")
        // The sed, run as printed, mends it; run again, it cuts nothing more.
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == original)
    }

    @Test("a last line with stray bytes after its MAC field and no newline is no torn line: no writer moves it aside, and the sed that adds the newline, then the one that cuts the bytes, advised one after the other mend it (before: moved aside, its transaction id handed out again)",
          arguments: ["\"}", "}", "0123456789abcdef"])
    func strayBytesOnALastLineWithoutItsNewlineAreKept(added: String) throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2), .purchase(3)])
        let whole = try LedgerTestFiles.bytes(directory.ledgerPath)
        let edited = Array(whole.dropLast()) + Array(added.utf8)
        try LedgerTestFiles.write(edited, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.newlineMissing(line: 4, ledgerPath: directory.ledgerPath)], "\(report.problems)")
        #expect(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == edited, "nothing moved aside")
        // The newline put back by the command printed; then the stray bytes are named, and cut by theirs.
        #expect(try LedgerTestFiles.runInShell(try #require(LedgerTestFiles.advisedCommand(in: report.problems[0].description))) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == edited + [UInt8(ascii: "\n")])
        let again = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(again.problems == [.bytesAfterMAC(line: 4, ledgerPath: directory.ledgerPath, lineMAC: Self.macText(Array(whole.dropLast())),
                                                  otherBytes: added.utf8.count)], "\(again.problems)")
        #expect(try LedgerTestFiles.runInShell(try #require(LedgerTestFiles.advisedCommand(in: again.problems[0].description))) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == whole)
    }

    /// The MAC text a whole line (without its newline) ends in, read by position.
    static func macText(_ line: [UInt8]) -> String {
        String(decoding: line.dropLast(2).suffix(64), as: UTF8.self)
    }

    @Test("a last line that lost its closing brace is malformed, and not also said to be followed by lines cut from the end (before: \"line 5 is missing … lines were cut from the end\")")
    func aMalformedLastLineIsNotAlsoCut() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2), .purchase(3)])
        var lines = try LedgerTestFiles.bytes(directory.ledgerPath).split(separator: UInt8(ascii: "\n")).map(Array.init)
        lines[3].removeLast()
        try LedgerTestFiles.write(lines.flatMap { $0 + [UInt8(ascii: "\n")] }, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.malformed(line: 4, reason: "it does not end with a MAC field")], "\(report.problems)")
    }

    @Test("a last line that lost only its newline, and is the line committed last, is named for that with the sed that mends it, which run again adds nothing; no writer moves it aside (before: taken for a crash, and moved aside by the next change or by the repair advised)")
    func aCommittedLastLineWithoutItsNewlineIsNamed() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2), .purchase(3)])
        let whole = try LedgerTestFiles.bytes(directory.ledgerPath)
        let cut = Array(whole.dropLast())
        try LedgerTestFiles.write(cut, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.newlineMissing(line: 4, ledgerPath: directory.ledgerPath)], "\(report.problems)")
        let said = report.description
        #expect(said.contains("line 4, the last, is whole and verifies, but its newline is missing")
                && said.contains("sed -i -e '$a\\' \(ShellWord.quoted(directory.ledgerPath))"), "\(said)")
        #expect(!said.contains("note: the last line is incomplete"), "\(said)")
        #expect(throws: LedgerError.self) { try directory.ledger().append([.purchase(4)]) }
        #expect(throws: LedgerError.self) { try LedgerFile<LedgerTestEvent>.repair(path: directory.ledgerPath) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == cut, "nothing moved aside, nothing appended")
        #expect(try LedgerTestFiles.directoryEntries(directory.path).allSatisfy { !$0.contains(".torn-") && !$0.contains(".damaged-") })
        // What the advice says mends it; run again, it adds no second newline (before: a printf that did).
        let sed = try #require(LedgerTestFiles.advisedCommand(in: report.problems[0].description))
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.runInShell(sed) == 0)
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == whole)
        // With the lock file emptied the mark says nothing, but the line verifies: kept and named the same
        // (before: verify called it cut short by a crash, and the next change moved it aside and reused its id).
        try LedgerTestFiles.write(cut, to: directory.ledgerPath)
        try LedgerTestFiles.write([], to: directory.ledgerPath + ".lock")
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems
                == [.newlineMissing(line: 4, ledgerPath: directory.ledgerPath)])
        #expect(throws: LedgerError.self) { try directory.ledger().append([.purchase(4)]) }
        #expect(try LedgerTestFiles.bytes(directory.ledgerPath) == cut)
    }

    @Test("a whole last line without its newline beside a commit mark of the line before was cut short by a crash before its newline: verify notes it, and the next change moves it aside (before: kept as an editor's doing, every change refused, and advice that contradicted itself)")
    func aWholeLineTheMarkDoesNotRecordIsTorn() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2)])
        let markBefore = try LedgerTestFiles.bytes(directory.ledgerPath + ".lock")
        let before = try LedgerTestFiles.bytes(directory.ledgerPath)
        _ = try directory.ledger().append([.purchase(3)])
        let whole = try LedgerTestFiles.bytes(directory.ledgerPath)
        // A power cut between the write and its flush kept all of the line but its newline, and the older mark.
        try LedgerTestFiles.write(Array(whole.dropLast()), to: directory.ledgerPath)
        try LedgerTestFiles.write(markBefore, to: directory.ledgerPath + ".lock")
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.description.contains("note: the last line is incomplete (\(whole.count - before.count - 1) bytes); "
            + "the next write moves it aside into a .torn file"), "\(report.description)")
        _ = try directory.ledger().append([.purchase(4)])
        #expect(try LedgerTestFiles.directoryEntries(directory.path).contains { $0.contains(".torn-") })
        let after = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(after.isIntact && after.entryCount == 3, "the torn line is gone, the next one chained where it stood: \(after.description)")
    }

    @Test("a last line a crash cut short, which does not verify, is still moved aside by the next change")
    func aTornLastLineIsStillMovedAside() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1), .purchase(2)])
        let whole = try LedgerTestFiles.bytes(directory.ledgerPath)
        try LedgerTestFiles.write(Array(whole.dropLast(10)), to: directory.ledgerPath)
        try LedgerTestFiles.write([], to: directory.ledgerPath + ".lock")
        #expect(try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath).problems.isEmpty)
        _ = try directory.ledger().append([.purchase(3)])
        #expect(try LedgerTestFiles.directoryEntries(directory.path).contains { $0.contains(".torn-") })
    }

    @Test("a space added after the header's MAC is named for that (before: \"not a storefront ledger header\", check the path)")
    func spaceAfterTheHeadersMACIsNamed() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(1)])
        var lines = try LedgerTestFiles.bytes(directory.ledgerPath).split(separator: UInt8(ascii: "\n")).map(Array.init)
        let mac = Self.macText(lines[0])
        lines[0] += Array(" ".utf8)
        try LedgerTestFiles.write(lines.flatMap { $0 + [UInt8(ascii: "\n")] }, to: directory.ledgerPath)
        let report = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(report.problems == [.bytesAfterMAC(line: 1, ledgerPath: directory.ledgerPath, lineMAC: mac)], "\(report.problems)")
    }

    @Test("the key is written through a temporary file with an unpredictable name that is gone afterwards")
    func temporaryKeyFileLeavesNothing() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        #expect(try LedgerTestFiles.directoryEntries(directory.path) == ["entitlements.jsonl", "entitlements.jsonl.key",
                                                                       "entitlements.jsonl.lock"])
        let first = POSIXFileSystem.unpredictableSuffix()
        #expect(first.count == 16 && first != POSIXFileSystem.unpredictableSuffix())
    }

    @Test("a dangling link at the ledger, key or lock path is refused at once", arguments: siblings)
    func danglingLink(suffix: String) throws {
        let directory = try LedgerTestDirectory()
        if suffix != "" { _ = try directory.ledger().append([.purchase(5)]) }
        let path = directory.ledgerPath + suffix
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory.path + "/nowhere")

        let error = try #require(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect("\(error)".contains("symbolic link") || "\(error)".contains("not an ordinary file"), "\(error)")
        #expect(!LedgerTestFiles.exists(directory.path + "/nowhere"))
    }

    @Test("a FIFO at the ledger, key or lock path is refused without blocking", arguments: siblings)
    func fifo(suffix: String) throws {
        let directory = try LedgerTestDirectory()
        if suffix != "" { _ = try directory.ledger().append([.purchase(5)]) }
        let path = directory.ledgerPath + suffix
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)

        let error = try #require(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        // What was found is named, at every path (before: "a FIFO, device or socket" beside the ledger).
        #expect("\(error)".contains("is a named pipe (FIFO), not an ordinary file"), "\(error)")
    }

    @Test("a lock file removed while a writer holds it is noticed, and the writer locks the new one")
    func lockRemovedWhileHeld() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        let thief = LockFileThief(lockPath: directory.ledgerPath + ".lock")

        #expect(try directory.ledger(fileSystem: thief).append([.spend(1)]).map(\.sequence) == [2])
        #expect(thief.lockCount == 2)
        // The commit mark went into the file now at the lock path, not the removed one.
        let verification = try LedgerFile<LedgerTestEvent>.verify(path: directory.ledgerPath)
        #expect(verification.isIntact)
        #expect(LedgerCommitMark.claimedSequence(in: try LedgerTestFiles.bytes(directory.ledgerPath + ".lock")) == 2)
    }

    @Test("a key file with a second name (a hard link) is refused for writing")
    func hardLinkedKey() throws {
        let directory = try LedgerTestDirectory()
        _ = try directory.ledger().append([.purchase(5)])
        #expect(link(directory.ledgerPath + ".key", directory.path + "/copy-of-key") == 0)

        let error = try #require(throws: LedgerError.self) { try directory.ledger().append([.spend(1)]) }
        #expect("\(error)".contains("hard links"), "\(error)")
    }
}

/// Passes every call to the real file system, but removes the lock file right after the first
/// time a writer locks it, as a user cleaning up "stale" lock files would.
final class LockFileThief: PassThroughFileSystem, @unchecked Sendable {
    private let lockPath: String
    private let lock = NSLock()
    private var locks = 0

    init(lockPath: String) {
        self.lockPath = lockPath
        super.init()
    }

    var lockCount: Int { lock.withLock { locks } }

    override func lockExclusively(_ file: OpenFile) throws(FileSystemError) {
        try base.lockExclusively(file)
        let first = lock.withLock { locks += 1; return locks == 1 }
        if first, file.path == lockPath { unlink(lockPath) }
    }
}
