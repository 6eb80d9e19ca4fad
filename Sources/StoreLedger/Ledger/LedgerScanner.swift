import Foundation

/// What one pass over newly read bytes found.
struct LedgerScan<Event: Codable & Sendable> {
    var entries: [LedgerEntry<Event>] = []
    var problems: [LedgerProblem] = []
    /// Bytes after the last newline: a line still being written, or torn by a crash.
    var incompleteTail: ArraySlice<UInt8> = []
}

/// Parsing and verifying lines, advancing the cursor past each complete one.
extension LedgerCursor {
    /// Consumes the complete lines at the start of `bytes`, which begin at `offset`.
    ///
    /// `loadKey` is called once, when a valid header is first seen and no key is loaded yet;
    /// what it returns is kept with a watch on the key file (see `keyFileHasChanged`).
    /// `ledgerPath` names a file's ledger in advice about converting it back (a database's
    /// chain has none).
    mutating func scan<Event: Codable & Sendable>(
        _ bytes: [UInt8], dateEncoding: LedgerDateEncoding, keyPath: String, ledgerPath: String? = nil,
        loadKey: () throws(LedgerError) -> WatchedKeyFile
    ) throws(LedgerError) -> LedgerScan<Event> {
        var scan = LedgerScan<Event>()
        var eventLines: [EventLine] = []
        var lineStart = 0
        // The line before, to know a line pasted twice.
        var lineBefore = lastLineRead?[...]
        nextLineAlreadyRead = false
        while !isHalted, let newline = Self.indexOfNewline(in: bytes, from: lineStart) {
            let line = bytes[lineStart..<newline]
            lineCount += 1
            let following = bytes[(newline + 1)...]
            if line.count > LedgerLineCodec.maximumLineBytes {
                // Nothing after an oversized line is read: it is damage, and everything the
                // fold shows stops before it anyway.
                halt(with: .lineTooLong(line: lineCount, limit: LedgerLineCodec.maximumLineBytes), into: &scan)
                break
            }
            if nextLineAlreadyRead {
                // The second of two swapped lines, read with the first.
                nextLineAlreadyRead = false
            } else if lineCount == 1 {
                try readHeader(line, following: following, keyPath: keyPath, ledgerPath: ledgerPath, loadKey: loadKey, into: &scan)
            } else if resumePoint.map({ !$0.isConfirmed }) == true {
                // Lines the checkpoint covers are checked as always but not decoded; any problem
                // on or before its line means it cannot be trusted to stand for them.
                let eventLine = try readEventLine(line, after: lineBefore, following: following, ledgerPath: ledgerPath, into: &scan)
                let isClean = problems.isEmpty && scan.problems.isEmpty && eventLine?.isVerified == true
                let covered = resumePoint?.covers(sequence: eventLine?.sequence ?? 0, mac: previousMAC, isClean: isClean) == true
                if resumePoint?.isBroken == true { break }
                if !covered, let eventLine { eventLines.append(eventLine) }
            } else if let eventLine = try readEventLine(line, after: lineBefore, following: following, ledgerPath: ledgerPath,
                                                        into: &scan) {
                eventLines.append(eventLine)
            }
            if isHalted { break }
            lineBefore = line
            offset += line.count + 1
            lineStart = newline + 1
        }
        if let lineBefore { lastLineRead = Array(lineBefore) }
        if !isHalted {
            scan.incompleteTail = bytes[lineStart...]
            // With no line read yet, the tail is the file's start: notes or a one-line catalog
            // are no ledger, not a header cut short to be moved aside by the next writer.
            if lineCount == 0, let problem = Self.problem(ofUnterminatedStart: scan.incompleteTail) {
                halt(with: problem, into: &scan)
                scan.incompleteTail = []
            } else if scan.incompleteTail.count > LedgerLineCodec.maximumLineBytes {
                halt(with: .lineTooLong(line: lineCount + 1, limit: LedgerLineCodec.maximumLineBytes), into: &scan)
                scan.incompleteTail = []
            }
        }
        decodeEvents(of: eventLines, dateEncoding: dateEncoding, into: &scan)
        problems += scan.problems
        if let untrusted = firstUntrustedLine {
            scan.entries.removeAll { $0.line >= untrusted }
        }
        return scan
    }

    /// An event line whose structure checked out, waiting for its event to be decoded.
    private struct EventLine {
        var text: ArraySlice<UInt8>
        var number: Int
        var sequence: Int
        var isVerified: Bool
    }

    /// Decodes the events of `lines` into entries; lines that do not decode become problems,
    /// placed after the other problems of the same line.
    private func decodeEvents<Event: Codable & Sendable>(
        of lines: [EventLine], dateEncoding: LedgerDateEncoding, into scan: inout LedgerScan<Event>
    ) {
        let decoded: [Result<Event, LedgerEventDecoding.Failure>] = LedgerEventDecoding.decode(
            lines.map(\.text), dateEncoding: dateEncoding)
        var lineProblems = scan.problems[...]
        var merged: [LedgerProblem] = []
        scan.entries.reserveCapacity(lines.count)
        for (line, result) in zip(lines, decoded) {
            switch result {
            case .success(let event):
                scan.entries.append(
                    LedgerEntry(sequence: line.sequence, line: line.number, event: event, isVerified: line.isVerified))
            case .failure(let failure):
                while let next = lineProblems.first, (next.line ?? 0) <= line.number {
                    merged.append(next)
                    lineProblems = lineProblems.dropFirst()
                }
                merged.append(.malformed(line: line.number, reason: failure.reason))
            }
        }
        if !merged.isEmpty {
            scan.problems = merged + lineProblems
        }
    }

    private mutating func readHeader(
        _ line: ArraySlice<UInt8>, following: ArraySlice<UInt8> = [], keyPath: String, ledgerPath: String?,
        loadKey: () throws(LedgerError) -> WatchedKeyFile,
        into scan: inout LedgerScan<some Codable & Sendable>
    ) throws(LedgerError) {
        if let problem = Self.problem(ofHeaderLine: line, following: following, ledgerPath: ledgerPath) {
            // Line 1 run together with the lines after it: the header is read from its own part.
            if case .linesRunTogether = problem, let first = LedgerLineCodec.breaksOfLinesRunTogether(in: line).first {
                scan.problems.append(problem)
                try readHeader(line.prefix(first.end), keyPath: keyPath, ledgerPath: ledgerPath, loadKey: loadKey, into: &scan)
                if !isHalted { try readSilently(line.dropFirst(first.nextStart), ledgerPath: ledgerPath, like: scan) }
                return
            }
            if let ledgerPath, let headerBelow = Self.headerBelowEventLine(line, following: following) {
                try readHeaderSwappedWithEvent(line, header: headerBelow, keyPath: keyPath, ledgerPath: ledgerPath, loadKey: loadKey,
                                               notHeader: problem, into: &scan)
                return
            }
            halt(with: problem, into: &scan)
            return
        }
        guard let split = LedgerLineCodec.split(line) else { return }
        let header = HeaderLine(content: Array(split.content), mac: Array(split.mac))
        self.header = header
        let found: Result<LedgerKey.Loaded, FileSystemError>
        if case .loaded(let preloaded) = key {
            found = .success(.key(preloaded))
        } else {
            let watched = try loadKey()
            keyFileWatch = watched.watch
            found = watched.found
        }
        // On opening, a key file that cannot be opened stops the reader in the file system's
        // words; an open reader keeps what it read and reports it as the key's problem.
        if case .failure(let error) = found, !isReadingAgain {
            throw .fileSystem(error)
        }
        let findings = try Self.keyFindings(found, header: header, keyPath: keyPath)
        key = findings.key
        isVerifying = findings.isVerifying
        scan.problems += findings.problems
        previousMAC = Array(split.mac)
        lastSequence = 0
        if watchedSequence == 0 { watchedLine = (lineCount, Array(split.mac)) }
    }

    /// The header on line 2 as written, when line 1, `line`, begins as an event line does and
    /// the line after it (in `following`) reads as a header, but for bytes an editor added after
    /// its MAC: the two may be in each other's place.
    static func headerBelowEventLine(_ line: ArraySlice<UInt8>, following: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard line.starts(with: LedgerLineCodec.sequenceOpening), let end = following.firstIndex(of: LedgerLineCodec.newline) else { return nil }
        let below = following[..<end]
        return problem(ofHeaderLine: LedgerLineCodec.endingAtMAC(below), ledgerPath: nil) == nil ? below : nil
    }

    /// Reads `written`, line 2, as the header and `event`, line 1, as the line after it; when
    /// the event verifies there (the two are in each other's place), names that, with what an
    /// editor added after either line's MAC, and passes over line 2, so the lines after them
    /// verify; otherwise stops with `notHeader`, line 1's problem.
    private mutating func readHeaderSwappedWithEvent(
        _ event: ArraySlice<UInt8>, header written: ArraySlice<UInt8>, keyPath: String, ledgerPath: String,
        loadKey: () throws(LedgerError) -> WatchedKeyFile, notHeader: LedgerProblem, into scan: inout LedgerScan<some Codable & Sendable>
    ) throws(LedgerError) {
        let (header, eventLine) = (LedgerLineCodec.endingAtMAC(written), LedgerLineCodec.endingAtMAC(event))
        var unsaid = scan
        unsaid.problems = []
        try readHeader(header, keyPath: keyPath, ledgerPath: ledgerPath, loadKey: loadKey, into: &unsaid)
        guard !isHalted, unsaid.problems.isEmpty, isVerifying, case .loaded(let loaded) = key, let previous = previousMAC,
              let split = LedgerLineCodec.split(eventLine), LedgerLineCodec.sequenceNumber(in: split.content) == 1,
              Self.bytesEqual(try loaded.macText(previous: previous, content: split.content), split.mac) else {
            // What the header below says of the key is told once line 1 is no longer in its way.
            halt(with: notHeader, into: &scan)
            return
        }
        scan.problems.append(.linesSwapped(line: 1, ledgerPath: ledgerPath, laterMAC: LedgerLineCodec.macText(ofWholeLine: eventLine),
                                           earlierMAC: LedgerLineCodec.macText(ofWholeLine: header)))
        for (number, line) in [(1, event), (2, written)] {
            if let (kept, otherBytes) = LedgerLineCodec.split(line) == nil ? LedgerLineCodec.withoutBytesAddedAfterMAC(line) : nil {
                scan.problems.append(.bytesAfterMAC(line: number, ledgerPath: ledgerPath, lineMAC: LedgerLineCodec.macText(ofWholeLine: kept),
                                                    otherBytes: otherBytes))
            }
        }
        _ = try readEventLine(eventLine, ledgerPath: ledgerPath, into: &unsaid)
        nextLineAlreadyRead = true
    }

    /// Checks an event line's MAC and sequence number; returns it for decoding unless it is
    /// too damaged to hold an event. `following`: the bytes read after its newline, where a
    /// line swapped with it would be.
    private mutating func readEventLine(
        _ written: ArraySlice<UInt8>, after lineBefore: ArraySlice<UInt8>? = nil, following: ArraySlice<UInt8> = [],
        ledgerPath: String?,
        into scan: inout LedgerScan<some Codable & Sendable>
    ) throws(LedgerError) -> EventLine? {
        var line = written
        // Split once: this runs for every line a read takes in.
        var split = LedgerLineCodec.split(written)
        if split == nil, LedgerLineCodec.isBlank(written) {
            // A blank line put in by hand holds nothing: the chain runs on past it.
            scan.problems.append(.blankLine(line: lineCount, ledgerPath: ledgerPath))
            return nil
        }
        if split == nil, let unindented = LedgerLineCodec.withoutIndent(written) {
            // An editor's indent left the line otherwise as it was: named, and read on without it.
            line = unindented
            split = LedgerLineCodec.split(unindented)
            scan.problems.append(.indented(line: lineCount, ledgerPath: ledgerPath,
                                           lineMAC: LedgerLineCodec.macText(ofWholeLine: LedgerLineCodec.endingAtMAC(unindented))))
        }
        if split == nil, try readLinesRunTogether(written, ledgerPath: ledgerPath, into: &scan) { return nil }
        if split == nil, let (kept, otherBytes) = LedgerLineCodec.withoutBytesAddedAfterMAC(line) {
            // An editor that added a carriage return, spaces or a stray character after the MAC
            // left the line otherwise whole: it is named for that, and read on from what it was,
            // so the lines after it are not reported for a gap that is not there.
            scan.problems.append(
                .bytesAfterMAC(line: lineCount, ledgerPath: ledgerPath, lineMAC: LedgerLineCodec.macText(ofWholeLine: kept), otherBytes: otherBytes))
            line = kept
            split = LedgerLineCodec.split(kept)
        }
        guard let split else {
            scan.problems.append(.malformed(line: lineCount, reason: LedgerLineCodec.missingMACReason(line)))
            previousMAC = nil
            return nil
        }
        var isVerified = false
        if isVerifying, let previous = previousMAC, case .loaded(let loaded) = key {
            isVerified = Self.bytesEqual(try loaded.macText(previous: previous, content: split.content), split.mac)
            // Lines run together end in the last one's MAC field, so they split as one line.
            if !isVerified, try readLinesRunTogether(written, ledgerPath: ledgerPath, into: &scan) { return nil }
            if !isVerified, let lineBefore, lineBefore.elementsEqual(written) {
                // A copy holds nothing new: the chain runs on past it, from the line it copies.
                scan.problems.append(.lineRepeated(line: lineCount, ledgerPath: ledgerPath))
                return nil
            }
            // `line`, without what an editor added after its MAC (named above), so the advice finds it by its MAC alone.
            if !isVerified, try readLinesSwapped(line, split: split, following: following, key: loaded, ledgerPath: ledgerPath,
                                                 into: &scan) {
                return nil
            }
            if !isVerified { scan.problems.append(.tampered(line: lineCount)) }
        }
        previousMAC = Array(split.mac)
        guard let sequence = LedgerLineCodec.sequenceNumber(in: split.content) else {
            scan.problems.append(.malformed(line: lineCount, reason: "it does not start with a sequence number"))
            return nil
        }
        if sequence != lastSequence + 1 {
            scan.problems.append(.sequenceGap(line: lineCount, expected: lastSequence + 1, found: sequence))
        }
        lastSequence = sequence
        if sequence == watchedSequence { watchedLine = (lineCount, Array(split.mac)) }
        return EventLine(text: line, number: lineCount, sequence: sequence, isVerified: isVerified)
    }

    /// When `written` (its bytes up to its MAC field's end), which does not verify, and the line
    /// after it in `following` are two lines in each other's place (the line after it verifies
    /// where `written` stands, and `written` right after it), names that and reads both in their
    /// order, so the lines after them verify and follow on as they will once swapped back;
    /// returns whether it did. Their events are not returned: the problem leaves them untrusted.
    /// What an editor added after the second line's MAC is named too, for its own line.
    private mutating func readLinesSwapped(
        _ written: ArraySlice<UInt8>, split: LedgerLineCodec.SplitLine, following: ArraySlice<UInt8>, key: LedgerKey,
        ledgerPath: String?, into scan: inout LedgerScan<some Codable & Sendable>
    ) throws(LedgerError) -> Bool {
        guard let previous = previousMAC, LedgerLineCodec.sequenceNumber(in: split.content) == lastSequence + 2 else { return false }
        // The second line may be the file's last, its newline taken away: its MAC shows it whole.
        // Not where the read stops short of the file's end: its newline may lie past this part.
        guard let end = following.firstIndex(of: LedgerLineCodec.newline) ?? (readStopsShortOfTheEnd ? nil : following.endIndex)
        else { return false }
        let lineAfter = following[..<end]
        let keptAfter = LedgerLineCodec.endingAtMAC(lineAfter)
        guard let after = LedgerLineCodec.split(keptAfter), LedgerLineCodec.sequenceNumber(in: after.content) == lastSequence + 1,
              Self.bytesEqual(try key.macText(previous: previous, content: after.content), after.mac),
              Self.bytesEqual(try key.macText(previous: Array(after.mac), content: split.content), split.mac) else { return false }
        scan.problems.append(.linesSwapped(line: lineCount, ledgerPath: ledgerPath, laterMAC: LedgerLineCodec.macText(ofWholeLine: written),
                                           earlierMAC: LedgerLineCodec.macText(ofWholeLine: keptAfter)))
        var unsaid = scan
        unsaid.problems = []
        lineCount += 1
        _ = try readEventLine(lineAfter, ledgerPath: ledgerPath, into: &unsaid)
        lineCount -= 1
        scan.problems += unsaid.problems.filter { if case .bytesAfterMAC = $0 { true } else { false } }
        _ = try readEventLine(written, ledgerPath: ledgerPath, into: &unsaid)
        nextLineAlreadyRead = lineAfter.endIndex < following.endIndex
        return true
    }

    /// When `written` holds lines run together, names that and reads each of them, so the lines
    /// after it verify and follow on as they will once the newlines are back; returns whether
    /// it did. Its lines' events are not returned: the problem leaves them untrusted.
    private mutating func readLinesRunTogether(
        _ written: ArraySlice<UInt8>, ledgerPath: String?, into scan: inout LedgerScan<some Codable & Sendable>
    ) throws(LedgerError) -> Bool {
        guard let problem = Self.linesRunTogether(written, number: lineCount, ledgerPath: ledgerPath) else { return false }
        scan.problems.append(problem)
        try readSilently(written, ledgerPath: ledgerPath, like: scan)
        return true
    }

    /// The problem of line `number`, `line`, when it holds lines run together; nil otherwise.
    static func linesRunTogether(_ line: ArraySlice<UInt8>, number: Int, ledgerPath: String?) -> LedgerProblem? {
        let breaks = LedgerLineCodec.breaksOfLinesRunTogether(in: line)
        guard !breaks.isEmpty else { return nil }
        return .linesRunTogether(line: number, ledgerPath: ledgerPath, joins: breaks.map {
            LedgerProblem.Join(lineMAC: LedgerLineCodec.macText(ofWholeLine: line.prefix($0.end)), addedBytes: $0.nextStart - $0.end)
        })
    }

    /// Reads the lines run together in `joined`, one after another, for the chain and the
    /// sequence numbers they carry on; what is wrong with each stays unsaid, as its line number
    /// will change once the newlines are back, and advice that named it would cut the wrong line.
    /// `scan` only names the events' type.
    private mutating func readSilently<Event: Codable & Sendable>(
        _ joined: ArraySlice<UInt8>, ledgerPath: String?, like scan: LedgerScan<Event>
    ) throws(LedgerError) {
        var unsaid = LedgerScan<Event>()
        var start = joined.startIndex
        for lineBreak in LedgerLineCodec.breaksOfLinesRunTogether(in: joined) {
            _ = try readEventLine(joined[start..<(joined.startIndex + lineBreak.end)], ledgerPath: ledgerPath, into: &unsaid)
            start = joined.startIndex + lineBreak.nextStart
        }
        _ = try readEventLine(joined[start...], ledgerPath: ledgerPath, into: &unsaid)
    }

    /// The problem of a file whose first line has no line break (`start`: all of it, or its
    /// first bytes): nil when it can be a header cut short by a crash as it was written (it
    /// begins as every ledger's header begins, as far as it goes), else it is no ledger.
    static func problem(ofUnterminatedStart start: ArraySlice<UInt8>) -> LedgerProblem? {
        let opening = LedgerHeader.opening
        guard !start.prefix(opening.count).elementsEqual(opening.prefix(start.count)) else { return nil }
        return .notALedger(reason: "it has no line break, and it does not begin as a ledger's header does")
    }

    /// Why `line`, the whole of line 1 without its newline, cannot be a ledger's header; nil
    /// when it is one (its MAC is checked with the key, apart from this). `following`: bytes
    /// read after its newline, where a header below blank lines would be.
    static func problem(ofHeaderLine line: ArraySlice<UInt8>, following: ArraySlice<UInt8> = [], ledgerPath: String?) -> LedgerProblem? {
        if let ledgerPath, line.starts(with: [0xEF, 0xBB, 0xBF]), line.dropFirst(3).first == UInt8(ascii: "{") {
            return .byteOrderMark(ledgerPath: ledgerPath)
        }
        if let ledgerPath, LedgerLineCodec.isBlank(line), Self.headerFollowsBlankLines(following) {
            return .blankLinesAboveHeader(ledgerPath: ledgerPath)
        }
        // A header never holds a boundary between lines, so looking costs one pass of line 1.
        if let joined = linesRunTogether(line, number: 1, ledgerPath: ledgerPath) { return joined }
        guard LedgerLineCodec.split(line) != nil else {
            // An editor or git's autocrlf that wrote the file with Windows line ends leaves a
            // carriage return after every line's MAC: said so, with the way back.
            let crlf = line.last == UInt8(ascii: "\r") && LedgerLineCodec.split(line.dropLast()) != nil
            if crlf, let ledgerPath { return .windowsLineEnds(ledgerPath: ledgerPath) }
            if !crlf, let (kept, otherBytes) = LedgerLineCodec.withoutBytesAddedAfterMAC(line) {
                return .bytesAfterMAC(line: 1, ledgerPath: ledgerPath, lineMAC: LedgerLineCodec.macText(ofWholeLine: kept), otherBytes: otherBytes)
            }
            return .notALedger(reason: crlf ? LedgerProblem.carriageReturnAfterMAC : "it does not end with a MAC field")
        }
        do {
            _ = try LedgerHeader.parse(line: line, decoder: JSONDecoder())
            return nil
        } catch {
            switch error {
            case .notALedger(let reason): return .notALedger(reason: reason)
            case .newerVersion(let found): return .newerVersion(found: found, supported: LedgerHeader.supportedVersion)
            case .malformed(let reason): return .malformed(line: 1, reason: reason)
            }
        }
    }

    /// Whether `bytes` hold, after blank lines or none, a whole line that reads as a header,
    /// followed by the end or by a line that begins as every event line does: notes that hold
    /// a pasted header are no ledger, and their blank lines are not advised away.
    private static func headerFollowsBlankLines(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while let end = rest.firstIndex(of: LedgerLineCodec.newline), LedgerLineCodec.isBlank(rest[..<end]) {
            rest = rest[(end + 1)...]
        }
        guard let end = rest.firstIndex(of: LedgerLineCodec.newline), rest.starts(with: LedgerHeader.opening),
              LedgerLineCodec.split(rest[..<end]) != nil, (try? LedgerHeader.parse(line: rest[..<end], decoder: JSONDecoder())) != nil
        else { return false }
        let after = rest[(end + 1)...]
        return after.isEmpty || after.starts(with: LedgerLineCodec.sequenceOpening)
    }

    /// Whether two byte strings are equal, without the generic sequence comparison.
    private static func bytesEqual(_ left: [UInt8], _ right: ArraySlice<UInt8>) -> Bool {
        left.count == right.count && left.withUnsafeBytes { leftBytes in
            right.withUnsafeBytes { rightBytes in
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else { return true }
                return memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
    }

    private mutating func halt(with problem: LedgerProblem, into scan: inout LedgerScan<some Codable & Sendable>) {
        scan.problems.append(problem)
        isHalted = true
    }

    private static func indexOfNewline(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress,
                let found = memchr(base + start, Int32(LedgerLineCodec.newline), buffer.count - start)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }
}
