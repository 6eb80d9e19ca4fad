internal import CPostgres

/// Several statements sent to the server together and answered together: one round trip for
/// all of them instead of one each (libpq's pipeline mode, libpq 14 and later).
///
/// The server runs them in order, exactly as one `execute` after another would, except that
/// once one fails it runs none of the rest. A pipeline neither begins nor ends a transaction:
/// statements inside an explicit `BEGIN` stay in it, across pipelines, until `COMMIT` or
/// `ROLLBACK`; a failure leaves such a transaction aborted, for the caller to roll back.
extension PostgresConnection {
    /// What a pipeline's statements answered.
    struct PipelineAnswers {
        /// The rows of every statement that ran and succeeded, in order: all of them, or those
        /// before the one that failed.
        var rows: [Rows]
        /// Why the first statement that failed did, when one did.
        var failure: PostgresStoreError?

        /// Every statement's rows; throws the first failure instead when there was one.
        func all() throws(PostgresStoreError) -> [Rows] {
            if let failure { throw failure }
            return rows
        }
    }

    /// Sends `statements` in one pipeline and collects their answers. A statement the server
    /// refused is reported in the answers; a lost connection (before or while answering) is
    /// thrown as `unreachable`, since then nothing can be known of what ran.
    func pipeline(_ statements: [Statement]) throws(PostgresStoreError) -> PipelineAnswers {
        guard PQenterPipelineMode(handle) == 1 else { throw failure(nil) }
        var sendFailure: PostgresStoreError?
        for statement in statements where sendFailure == nil {
            let sent = Self.withCStrings(statement.parameters) { values, count in
                PQsendQueryParams(handle, statement.sql, count, nil, values, nil, nil, 0)
            }
            if sent != 1 { sendFailure = failure(nil) }
        }
        // The sync point is sent even after a failed send, so whatever was sent is answered
        // and the connection can leave pipeline mode.
        guard PQpipelineSync(handle) == 1 else { throw lostOrStuck() }
        var answers = PipelineAnswers(rows: [], failure: nil)
        try collectAnswers(into: &answers)
        guard PQexitPipelineMode(handle) == 1 else { throw lostOrStuck() }
        answers.failure = answers.failure ?? sendFailure
        return answers
    }

    /// Reads results up to the pipeline's sync point. Each statement's result is followed by
    /// a NULL; statements after a failure answer `PGRES_PIPELINE_ABORTED`.
    private func collectAnswers(into answers: inout PipelineAnswers) throws(PostgresStoreError) {
        var nullsInARow = 0
        while true {
            guard let result = PQgetResult(handle) else {
                // Two NULLs in a row: libpq has nothing more to give, so the sync never came.
                nullsInARow += 1
                if nullsInARow > 1 || PQstatus(handle) != CONNECTION_OK { throw lostOrStuck() }
                continue
            }
            nullsInARow = 0
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_PIPELINE_SYNC:
                return
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                answers.rows.append(Self.rows(of: result))
            case PGRES_PIPELINE_ABORTED:
                break
            default:
                let error = failure(result)
                if case .unreachable = error { throw error }
                answers.failure = answers.failure ?? error
            }
        }
    }

    /// The error for a pipeline that could not be finished: `unreachable` with libpq's reason.
    /// The connection then stays in pipeline mode, which `isBroken` counts as lost.
    private func lostOrStuck() -> PostgresStoreError {
        let reason = Self.message(of: handle)
        return .unreachable(store: address.display,
                            reason: PQstatus(handle) == CONNECTION_OK ? "the connection could not finish a pipeline: \(reason)" : reason)
    }
}
