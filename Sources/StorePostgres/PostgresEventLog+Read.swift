import StoreEngine
import StoreLedger

/// What a read asks the server for, sent in one round trip: the header row while the chain has
/// none, the row a pending checkpoint names, and the next rows after where the chain stands. A
/// read sends them behind the schema version, a commit behind its lock and the version.
///
/// They need no snapshot in common, so they run as a pipeline's statements do (READ COMMITTED,
/// each statement seeing what was committed when it started): the header is written by the
/// first commit together with its events and is never changed, so rows seen after a header are
/// rows of that store, and rows seen without one are left for the next read; rows are never
/// changed or removed, so a checkpoint's row and the rows after it agree whenever each was read.
/// Inside a commit the writer lock keeps every other writer out anyway.
extension PostgresEventLog {
    /// The statements of one read, and what they ask for, so their answers are taken in as asked.
    struct RowsRequest {
        /// Whether the header row is asked for: the chain has none yet.
        let readsHeader: Bool
        /// The checkpoint to resume from, whose row is asked for right after the header.
        let checkpoint: LedgerCheckpoint?
        /// Whether the last row read is asked for again, to see that it is still there as read
        /// (see `isLastRowRead`).
        let witnessesLastRow: Bool
        /// The statements, in the order their answers come.
        let statements: [PostgresConnection.Statement]
    }

    /// What the chain lacks, as the next read asks for it; call under `lock`.
    func rowsRequest() -> RowsRequest {
        var statements: [PostgresConnection.Statement] = []
        let readsHeader = !chain.hasHeader
        // A checkpoint waits only for a chain with no header, which the header read then starts.
        let checkpoint = readsHeader ? pendingCheckpoint : nil
        if readsHeader { statements.append(PostgresConnection.Statement("SELECT line FROM storefront_header")) }
        if let checkpoint { statements.append(Self.row(checkpoint.sequence)) }
        // Only a sound chain that stands where the rows were read to has a last row to vouch for.
        let witnessesLastRow = !readsHeader && fetchedThrough > 0 && chain.problems.isEmpty && chain.lastSequence == fetchedThrough
        if witnessesLastRow { statements.append(Self.row(fetchedThrough)) }
        statements.append(Self.rows(after: checkpoint?.sequence ?? fetchedThrough))
        return RowsRequest(readsHeader: readsHeader, checkpoint: checkpoint, witnessesLastRow: witnessesLastRow, statements: statements)
    }

    /// The line of the row with `sequence`.
    static func row(_ sequence: Int) -> PostgresConnection.Statement {
        PostgresConnection.Statement("SELECT line FROM storefront_events WHERE seq = $1", [String(sequence)])
    }

    /// Whether `line` (nil for no row) is the last row this log read, by its sequence number
    /// and MAC. Rows are never changed or removed by a store, so another line there means the
    /// database was restored from a backup, or its last rows were deleted by hand and others
    /// committed in their place: the rows after it continue another chain. Call under `lock`.
    func isLastRowRead(_ line: String?) -> Bool {
        chain.lastSequence == fetchedThrough && chain.headMAC.map { line?.hasSuffix(",\"mac\":\"\($0)\"}") == true } == true
    }

    /// The rows after `sequence`, as many as one read takes.
    ///
    /// A session prepares each statement once and keeps its plan, and a plan made while the
    /// table held a few rows reads the whole table (cheapest then) on every later read, however
    /// long the table grows. So the text names the table's size class, a power of two at most
    /// `sequence`: a store twice as long gets a statement and a plan of its own, by the index.
    static func rows(after sequence: Int) -> PostgresConnection.Statement {
        let sizeClass = sequence > 0 ? 1 << (Int.bitWidth - 1 - sequence.leadingZeroBitCount) : 0
        return PostgresConnection.Statement(
            "SELECT seq, line FROM storefront_events WHERE seq > $1 ORDER BY seq LIMIT \(rowsPerRead) /* rows: \(sizeClass) */",
            [String(sequence)])
    }

    /// Reads what the chain lacks in a round trip of its own; call under `lock`.
    func fetch() throws -> EventBatch {
        let request = rowsRequest()
        return try takeIn(connection.pipeline(request.statements).all(), for: request)
    }

    /// Moves the chain past the header and the rows in `answers`, one per statement of `request`:
    /// nothing when there is no header yet; `restarted` when the checkpoint resumed from turned
    /// out not to be this store's, so the reader discards it and folds every event, which are
    /// then read from the first row. Call under `lock`.
    func takeIn(_ answers: [PostgresConnection.Rows], for request: RowsRequest) throws -> EventBatch {
        var answers = answers[...]
        if request.readsHeader {
            guard let line = answers.popFirst()?.first?.first ?? nil else {
                // No commit has made the store yet; rows a first commit stored meanwhile are read next time.
                try refuseRowsWithoutHeader(answers.last?.values.first)
                return EventBatch(restarted: pendingCheckpoint.take() != nil)
            }
            _ = try chain.read([Array(line.utf8)])
        }
        if let checkpoint = request.checkpoint {
            pendingCheckpoint = nil
            guard resume(after: checkpoint, storedLine: answers.popFirst()?.first?.first ?? nil) else {
                // The rows were asked for after the checkpoint: read them again from the first.
                var batch = try fetch()
                batch.restarted = true
                return batch
            }
        }
        if request.witnessesLastRow, !isLastRowRead(answers.popFirst()?.first?.first ?? nil) {
            // Another chain goes on from here: read the store again from its first row.
            startOver()
            var batch = try fetch()
            batch.restarted = true
            return batch
        }
        let rows = answers.popFirst()?.values ?? []
        guard !rows.isEmpty else { return EventBatch() }
        let (firstLine, problemsBefore) = (chain.linesRead + 1, chain.problems.count)
        defer { noteRows(of: chain.problems.dropFirst(problemsBefore), in: rows, startingAtLine: firstLine) }
        let entries = try chain.read(rows.map { Array(($0[1] ?? "").utf8) })
        // Only once the rows were taken in, so rows a failed read dropped are fetched again.
        fetchedThrough = rows.last?.first.flatMap { $0.flatMap(Int.init) } ?? fetchedThrough
        return EventBatch(entries: entries.map { (sequence: $0.sequence, event: $0.event) },
                          isPartial: rows.count == Self.rowsPerRead)
    }

    /// Halts the chain when the header row is missing but `firstRow` (the first row read after
    /// it) is there and the header still is not when asked again: the first commit stores the
    /// header with its rows, so the second look, which starts after the rows were seen, would
    /// see a header that commit made. Call under `lock`.
    private func refuseRowsWithoutHeader(_ firstRow: [String?]?) throws {
        guard let firstRow, let sequence = firstRow.first.flatMap({ $0.flatMap(Int.init) }),
              try connection.execute("SELECT line FROM storefront_header").values.isEmpty
        else { return }
        chain.haltWithoutHeader(firstRowSequence: sequence)
    }

    /// Keeps the `seq` of each row (fed to the chain from `firstLine` on) that `problems` name,
    /// for `rowProblems`. Call under `lock`.
    private func noteRows(of problems: ArraySlice<LedgerProblem>, in rows: [[String?]], startingAtLine firstLine: Int) {
        for line in problems.flatMap({ [$0.line, $0.firstUntrustedLine].compactMap { $0 } }) {
            let index = line - firstLine
            guard rows.indices.contains(index), let sequence = rows[index].first.flatMap({ $0.flatMap(Int.init) }) else { continue }
            rowOfProblemLine[line] = sequence
        }
    }
}
