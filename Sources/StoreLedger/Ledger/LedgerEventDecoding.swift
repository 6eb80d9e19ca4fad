import Foundation

/// Decodes the events of many ledger lines, spreading large batches over the processors.
///
/// Decoding is most of the cost of opening a ledger, and lines decode independently.
enum LedgerEventDecoding {
    /// Why one line's event did not decode, in words for a `LedgerProblem`.
    struct Failure: Error {
        var reason: String

        init(reason: String) { self.reason = reason }

        init(_ problem: LedgerFieldProblem) {
            reason = "the event's field \"\(problem.field)\" is not valid: \(problem.reason)"
        }
    }

    /// Batches smaller than this decode on the calling thread; more threads would cost more
    /// to start than they save.
    static let parallelThreshold = 2048

    /// Decodes each line (a whole ledger line; the `seq` and `mac` keys are ignored).
    static func decode<Event: Decodable & Sendable>(
        _ lines: [ArraySlice<UInt8>], dateEncoding: LedgerDateEncoding
    ) -> [Result<Event, Failure>] {
        // With capacity 0, init(unsafeUninitializedCapacity:) writes its count into the one
        // empty-array storage every empty array shares: a data race when threads read at once.
        guard !lines.isEmpty else { return [] }
        let chunkCount = lines.count < parallelThreshold
            ? 1 : max(1, min(ProcessInfo.processInfo.activeProcessorCount, lines.count / (parallelThreshold / 2)))
        let chunkSize = (lines.count + chunkCount - 1) / max(chunkCount, 1)
        return [Result<Event, Failure>](unsafeUninitializedCapacity: lines.count) { buffer, count in
            guard let baseAddress = buffer.baseAddress else {
                count = 0
                return
            }
            // Safe to share: each chunk initializes its own disjoint range, and
            // concurrentPerform returns only after every chunk has finished.
            nonisolated(unsafe) let results = baseAddress
            let fastType = Event.self as? any LedgerLineDecodable.Type
            let decodeChunk = { @Sendable (chunk: Int) in
                var decoder: JSONDecoder?
                let start = chunk * chunkSize
                for index in start..<min(start + chunkSize, lines.count) {
                    (results + index).initialize(
                        to: decodeLine(lines[index], fastType: fastType, dateEncoding: dateEncoding, decoder: &decoder))
                }
            }
            // A commit reads a few rows under the writer lock: no threads are asked for those.
            if chunkCount == 1 {
                decodeChunk(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: chunkCount, execute: decodeChunk)
            }
            count = lines.count
        }
    }

    private static func decodeLine<Event: Decodable>(
        _ line: ArraySlice<UInt8>, fastType: (any LedgerLineDecodable.Type)?, dateEncoding: LedgerDateEncoding,
        decoder: inout JSONDecoder?
    ) -> Result<Event, Failure> {
        if let fastType, let fast = line.withUnsafeBufferPointer({ fastType.decodeLedgerLine($0, dateEncoding: dateEncoding) }) {
            if let problem = fast.ledgerFieldProblem() { return .failure(Failure(problem)) }
            if let event = fast as? Event { return .success(event) }
        }
        // Made only for a line the fast path cannot take: making one costs more than most lines.
        let slowDecoder = decoder ?? dateEncoding.makeDecoder()
        decoder = slowDecoder
        do {
            let event = try slowDecoder.decode(Event.self, from: Data(line))
            if let problem = (event as? any LedgerLineDecodable)?.ledgerFieldProblem() { return .failure(Failure(problem)) }
            return .success(event)
        } catch {
            return .failure(Failure(reason: explain(error)))
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
