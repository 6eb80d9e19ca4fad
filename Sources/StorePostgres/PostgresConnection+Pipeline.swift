internal import CPostgres

/// Several statements sent to the server together and answered together: one round trip for
/// all of them instead of one each (libpq's pipeline mode, libpq 14 and later).
///
/// The server runs them in order, exactly as one `execute` after another would, except that
/// once one fails it runs none of the rest. A pipeline neither begins nor ends a transaction:
/// statements inside an explicit `BEGIN` stay in it, across pipelines, until `COMMIT` or
/// `ROLLBACK`; a failure leaves such a transaction aborted, for the caller to roll back.
///
/// Pipelines carry the statements every commit runs, so each text is prepared once per
/// session (in the pipeline that first uses it) and then only executed: parsing and planning
/// them anew cost more than the round trips the pipeline saves.
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

    /// What one message of a pipeline asked for, so its answer is read for what it is.
    private enum Request {
        /// Preparing `sql` under `name`.
        case preparation(sql: String, name: String)
        /// Running a prepared statement.
        case execution
    }

    /// Sends `statements` in one pipeline and collects their answers. A statement the server
    /// refused is reported in the answers; a lost connection (before or while answering) is
    /// thrown as `unreachable`, since then nothing can be known of what ran.
    func pipeline(_ statements: [Statement]) throws(PostgresStoreError) -> PipelineAnswers {
        guard PQenterPipelineMode(handle) == 1 else { throw failure(nil) }
        var requests: [Request] = []
        // Statements this pipeline prepares, so a text it runs twice is prepared once.
        var preparing: [String: String] = [:]
        var sendFailure: PostgresStoreError?
        for statement in statements where sendFailure == nil {
            let name: String
            if let known = preparedStatementNames[statement.sql] ?? preparing[statement.sql] {
                name = known
            } else {
                preparedStatementCount += 1
                name = "storefront_\(preparedStatementCount)"
                guard PQsendPrepare(handle, name, statement.sql, 0, nil) == 1 else {
                    sendFailure = failure(nil)
                    break
                }
                preparing[statement.sql] = name
                requests.append(.preparation(sql: statement.sql, name: name))
            }
            let sent = Self.withCStrings(statement.parameters) { values, count in
                PQsendQueryPrepared(handle, name, count, values, nil, nil, 0)
            }
            if sent == 1 { requests.append(.execution) } else { sendFailure = failure(nil) }
        }
        // The sync point is sent even after a failed send, so whatever was sent is answered
        // and the connection can leave pipeline mode.
        guard PQpipelineSync(handle) == 1 else { throw lostOrStuck() }
        roundTrips += 1
        var answers = PipelineAnswers(rows: [], failure: nil)
        try collectAnswers(to: requests, into: &answers)
        guard PQexitPipelineMode(handle) == 1 else { throw lostOrStuck() }
        answers.failure = answers.failure ?? sendFailure
        return answers
    }

    /// Reads the answers to `requests` up to the pipeline's sync point, remembering the
    /// statements prepared. Each answer is followed by a NULL; requests after a failure answer
    /// `PGRES_PIPELINE_ABORTED`.
    private func collectAnswers(to requests: [Request], into answers: inout PipelineAnswers) throws(PostgresStoreError) {
        var pending = requests[...]
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
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC { return }
            let request = pending.popFirst()
            switch status {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                if case .preparation(let sql, let name)? = request {
                    preparedStatementNames[sql] = name
                } else {
                    answers.rows.append(Self.rows(of: result))
                }
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
        let reason = lostReason
        return .unreachable(store: address.shown,
                            reason: PQstatus(handle) == CONNECTION_OK ? "the connection could not finish a pipeline: \(reason)" : reason)
    }
}
