/// The byte layout of ledger lines.
///
/// Every line is one JSON object ending in its MAC: `{"seq":N,<event fields>,"mac":"<hex>"}`.
/// The MAC covers the bytes before `,"mac":"`, so it is found by position, never by parsing,
/// and an event's own text can never be mistaken for it.
enum LedgerLineCodec {
    static let newline = UInt8(ascii: "\n")
    static let macFieldOpening = Array(#","mac":""#.utf8)
    static let lineClosing = Array(#""}"#.utf8)
    static let macTextLength = HMACSHA256.macByteCount * 2
    static let trailerLength = macFieldOpening.count + macTextLength + lineClosing.count
    static let sequenceOpening = Array(#"{"seq":"#.utf8)
    /// Keys the ledger adds to every event line, which events may not use themselves.
    static let reservedKeys: Set<String> = ["seq", "mac"]
    /// The longest line, newline excluded, that is written or read: events are a few hundred
    /// bytes, so anything near this is damage or an attack, and reading it whole would cost
    /// memory in proportion.
    static let maximumLineBytes = 64 * 1024
    /// Enough digits for any sequence number a ledger reaches without overflowing `Int`.
    private static let maximumSequenceDigits = 18

    /// A line split into the part the MAC covers and the MAC's hex text.
    struct SplitLine {
        var content: ArraySlice<UInt8>
        var mac: ArraySlice<UInt8>
    }

    /// Why `split` found no well-formed MAC field at the end of `line`: a MAC field whose value
    /// is not a MAC is named as that, not as a line without one.
    static func missingMACReason(_ line: ArraySlice<UInt8>) -> String {
        if line.isEmpty { return "it is empty" }
        let opening = macFieldOpening
        guard line.count >= opening.count + lineClosing.count, line.suffix(lineClosing.count).elementsEqual(lineClosing),
              // The opening must end before the closing starts: in `,"mac":"}` they share a quote.
              let start = line.indices.dropLast(opening.count + lineClosing.count - 1)
                  .last(where: { line[$0...].starts(with: opening) }) else {
            return "it does not end with a MAC field"
        }
        let value = line[(start + opening.count)..<(line.endIndex - lineClosing.count)]
        guard value.count != macTextLength || !value.allSatisfy(Hex.isLowercaseDigit) else { return "it does not end with a MAC field" }
        if value.count == macTextLength {
            // Upper-case digits, say: the length is right, so naming it would point nowhere.
            return "its MAC field holds characters other than lowercase hex digits, of which a MAC is \(macTextLength)"
        }
        return "its MAC field holds \(value.count) character\(value.count == 1 ? "" : "s") where a MAC is \(macTextLength) lowercase hex digits"
    }

    /// Splits `line` (without its newline); nil when it does not end in a well-formed MAC field.
    static func split(_ line: ArraySlice<UInt8>) -> SplitLine? {
        guard line.count > trailerLength, line.first == UInt8(ascii: "{") else { return nil }
        let opening = macFieldOpening
        let closing = lineClosing
        let trailerStart = line.endIndex - trailerLength
        let macStart = trailerStart + opening.count
        let macEnd = macStart + macTextLength
        // Every line of a ledger goes through here on opening: compare bytes directly.
        let isWellFormed = line[trailerStart...].withUnsafeBufferPointer { trailer -> Bool in
            for (offset, byte) in opening.enumerated() where trailer[offset] != byte { return false }
            for (offset, byte) in closing.enumerated() where trailer[opening.count + macTextLength + offset] != byte {
                return false
            }
            return trailer[opening.count..<(opening.count + macTextLength)].allSatisfy(Hex.isLowercaseDigit)
        }
        guard isWellFormed else { return nil }
        return SplitLine(content: line[..<trailerStart], mac: line[macStart..<macEnd])
    }

    /// Where a whole line ends inside a longer one, and where the next line begins: offsets
    /// from the longer line's start. Bytes between them were put in the newline's place.
    struct RunTogetherBreak: Equatable {
        var end: Int
        var nextStart: Int
    }

    /// Where whole lines end inside `line` with another line run on after them (the newline
    /// between them deleted, by an editor's join, say), in order; empty when there is none.
    /// Only a line that does not verify comes here.
    ///
    /// A boundary is the `{"seq":` that opens every event line, after a well-formed line that
    /// ends in its MAC field, with at most spaces (an editor's join puts one) or a few stray
    /// bytes (`withoutBytesAddedAfterMAC`) between. No valid line holds a MAC field's end before
    /// its own end: the key `mac` is reserved, and inside a JSON string its quotes would be escaped.
    static func breaksOfLinesRunTogether(in line: ArraySlice<UInt8>) -> [RunTogetherBreak] {
        let opening = sequenceOpening
        var breaks: [RunTogetherBreak] = []
        var partStart = line.startIndex
        var index = line.startIndex + trailerLength
        // What follows a boundary has room for a whole line: a short tail after a line is stray bytes.
        while line.endIndex - index > trailerLength {
            if line[index...].starts(with: opening), let end = endOfWholeLine(line[partStart..<index]) {
                breaks.append(RunTogetherBreak(end: end - line.startIndex, nextStart: index - line.startIndex))
                partStart = index
                index += trailerLength
            } else {
                index += 1
            }
        }
        return breaks
    }

    /// Where the whole line that `part` holds ends: its end, or before the bytes added after
    /// its MAC field; nil when it holds no whole line.
    private static func endOfWholeLine(_ part: ArraySlice<UInt8>) -> Int? {
        split(part) != nil ? part.endIndex : withoutBytesAddedAfterMAC(part)?.kept.endIndex
    }

    /// `line` without what was added after its MAC field, when that is what keeps it from
    /// reading as a line; nil otherwise. `otherBytes` is nil when only carriage returns, spaces
    /// and tabs were added, else how many bytes were. Only a line that does not read comes here.
    ///
    /// Other bytes count only up to `strayByteLimit`: more is not a character typed by mistake,
    /// and could be a line that lost its opening, which no advice may cut away.
    static func withoutBytesAddedAfterMAC(_ line: ArraySlice<UInt8>) -> (kept: ArraySlice<UInt8>, otherBytes: Int?)? {
        let spaces: Set<UInt8> = [UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")]
        let closing = lineClosing
        // The nearest end of a well-formed line before the end: the fewest bytes are added. The
        // look stops once more than the limit of other bytes lie behind it, so a long damaged
        // line costs no more than its spaces and the limit.
        var end = line.endIndex - 1
        var otherBytesBehind = 0
        while end - line.startIndex > trailerLength {
            if !spaces.contains(line[end]) { otherBytesBehind += 1 }
            if otherBytesBehind > strayByteLimit { return nil }
            if line[..<end].suffix(closing.count).elementsEqual(closing), split(line[..<end]) != nil {
                let added = line[end...]
                if added.allSatisfy(spaces.contains) { return (line[..<end], nil) }
                return added.count <= strayByteLimit ? (line[..<end], added.count) : nil
            }
            end -= 1
        }
        return nil
    }

    /// `line` without what an editor added after its MAC field, when it has such bytes; as it
    /// is otherwise.
    static func endingAtMAC(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        split(line) == nil ? withoutBytesAddedAfterMAC(line)?.kept ?? line : line
    }

    /// `line` without the spaces and tabs an editor's indent put before it, when it has them and
    /// is otherwise an event line that ends in its MAC field (bytes added after that aside); nil
    /// otherwise. Only a line that does not read comes here.
    static func withoutIndent(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let start = line.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }), start > line.startIndex
        else { return nil }
        let rest = line[start...]
        guard rest.starts(with: sequenceOpening), split(rest) != nil || withoutBytesAddedAfterMAC(rest) != nil else { return nil }
        return rest
    }

    /// The most bytes other than spaces taken for stray characters after a line's MAC field.
    static let strayByteLimit = 16

    /// Whether `line` holds nothing but spaces, tabs and carriage returns (or nothing at all).
    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// The MAC text of `line`, which ends in a well-formed MAC field (`split` reads it).
    static func macText(ofWholeLine line: ArraySlice<UInt8>) -> String {
        String(decoding: line.dropLast(lineClosing.count).suffix(macTextLength), as: UTF8.self)
    }

    /// The sequence number opening an event line's content, or nil when there is none.
    static func sequenceNumber(in content: ArraySlice<UInt8>) -> Int? {
        guard content.starts(with: sequenceOpening) else { return nil }
        let digitsStart = content.startIndex + sequenceOpening.count
        let digitsEnd = content[digitsStart...].firstIndex { !(0x30...0x39).contains($0) } ?? content.endIndex
        let digits = content[digitsStart..<digitsEnd]
        guard !digits.isEmpty, digits.count <= maximumSequenceDigits, digits.first != UInt8(ascii: "0"),
            digitsEnd == content.endIndex || content[digitsEnd] == UInt8(ascii: ",")
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// The content of an event line: the event's JSON object with `"seq":N` spliced in first.
    static func eventContent(sequence: Int, eventJSON: [UInt8]) throws(LedgerError) -> [UInt8] {
        guard eventJSON.count >= 2, eventJSON.first == UInt8(ascii: "{"), eventJSON.last == UInt8(ascii: "}") else {
            throw .eventNotStorable(reason: "it does not encode to a JSON object")
        }
        let fields = eventJSON[1..<(eventJSON.count - 1)]
        var content = sequenceOpening + Array(String(sequence).utf8)
        if !fields.isEmpty {
            content.append(UInt8(ascii: ","))
            content.append(contentsOf: fields)
        }
        return content
    }

    /// A complete line, newline included, from its content and MAC text.
    static func line(content: some Collection<UInt8>, macText: [UInt8]) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(content.count + trailerLength + 1)
        line.append(contentsOf: content)
        line.append(contentsOf: macFieldOpening)
        line.append(contentsOf: macText)
        line.append(contentsOf: lineClosing)
        line.append(newline)
        return line
    }
}
