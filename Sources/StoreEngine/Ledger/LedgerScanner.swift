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
    /// `loadKey` is called once, when a valid header is first seen.
    mutating func scan<Event: Codable & Sendable>(
        _ bytes: [UInt8], decoder: JSONDecoder, keyPath: String,
        loadKey: () throws(LedgerError) -> LedgerKey.Loaded
    ) throws(LedgerError) -> LedgerScan<Event> {
        var scan = LedgerScan<Event>()
        var lineStart = 0
        while !isHalted, let newline = Self.indexOfNewline(in: bytes, from: lineStart) {
            let line = bytes[lineStart..<newline]
            lineCount += 1
            if lineCount == 1 {
                try readHeader(line, decoder: decoder, keyPath: keyPath, loadKey: loadKey, into: &scan)
            } else {
                try readEvent(line, decoder: decoder, into: &scan)
            }
            if isHalted { break }
            offset += line.count + 1
            lineStart = newline + 1
        }
        if !isHalted {
            scan.incompleteTail = bytes[lineStart...]
        }
        problems += scan.problems
        return scan
    }

    private mutating func readHeader(
        _ line: ArraySlice<UInt8>, decoder: JSONDecoder, keyPath: String,
        loadKey: () throws(LedgerError) -> LedgerKey.Loaded, into scan: inout LedgerScan<some Codable & Sendable>
    ) throws(LedgerError) {
        guard let split = LedgerLineCodec.split(line) else {
            halt(with: .notALedger(reason: "it does not end with a MAC field"), into: &scan)
            return
        }
        do {
            _ = try LedgerHeader.parse(line: line, decoder: decoder)
        } catch {
            switch error {
            case .notALedger(let reason): halt(with: .notALedger(reason: reason), into: &scan)
            case .newerVersion(let found):
                halt(with: .newerVersion(found: found, supported: LedgerHeader.supportedVersion), into: &scan)
            case .malformed(let reason): halt(with: .malformed(line: 1, reason: reason), into: &scan)
            }
            return
        }
        if case .notLoaded = key {
            switch try loadKey() {
            case .key(let loaded): key = .loaded(loaded)
            case .missing: key = .missing
            case .invalid(let reason): key = .invalid(reason: reason)
            }
        }
        switch key {
        case .loaded(let loaded):
            isVerifying = try loaded.macText(previous: [UInt8](), content: split.content).elementsEqual(split.mac)
            if !isVerifying { scan.problems.append(.keyMismatch(keyPath: keyPath)) }
        case .missing, .notLoaded:
            scan.problems.append(.keyMissing(keyPath: keyPath))
        case .invalid(let reason):
            scan.problems.append(.keyInvalid(keyPath: keyPath, reason: reason))
        }
        previousMAC = Array(split.mac)
        lastSequence = 0
    }

    private mutating func readEvent<Event: Codable & Sendable>(
        _ line: ArraySlice<UInt8>, decoder: JSONDecoder, into scan: inout LedgerScan<Event>
    ) throws(LedgerError) {
        guard let split = LedgerLineCodec.split(line) else {
            let reason = line.isEmpty ? "it is empty" : "it does not end with a MAC field"
            scan.problems.append(.malformed(line: lineCount, reason: reason))
            previousMAC = nil
            return
        }
        var isVerified = false
        if isVerifying, let previous = previousMAC, case .loaded(let loaded) = key {
            isVerified = try loaded.macText(previous: previous, content: split.content).elementsEqual(split.mac)
            if !isVerified { scan.problems.append(.tampered(line: lineCount)) }
        }
        previousMAC = Array(split.mac)
        guard let sequence = LedgerLineCodec.sequenceNumber(in: split.content) else {
            scan.problems.append(.malformed(line: lineCount, reason: "it does not start with a sequence number"))
            return
        }
        if sequence != lastSequence + 1 {
            scan.problems.append(.sequenceGap(line: lineCount, expected: lastSequence + 1, found: sequence))
        }
        lastSequence = sequence
        let event: Event
        do {
            event = try decoder.decode(Event.self, from: Data(line))
        } catch {
            scan.problems.append(.malformed(line: lineCount, reason: Self.explain(error)))
            return
        }
        scan.entries.append(LedgerEntry(sequence: sequence, line: lineCount, event: event, isVerified: isVerified))
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

    /// A short reason for a line whose event does not decode.
    private static func explain(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "the event does not decode (\(error))" }
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            return keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return "the event has no field \"\(path(context, key))\""
        case .valueNotFound(_, let context):
            return "the event's field \"\(path(context))\" is null"
        case .typeMismatch(let type, let context):
            return "the event's field \"\(path(context))\" is not of type \(type)"
        case .dataCorrupted(let context):
            let field = context.codingPath.isEmpty ? "" : " in field \"\(path(context))\""
            return "the line is not valid event JSON\(field): \(context.debugDescription)"
        @unknown default:
            return "the event does not decode (\(decodingError))"
        }
    }
}
