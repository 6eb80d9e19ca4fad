import StoreLedger

/// Who holds up a session waiting at the server for the store's writer lock (or a lock on its
/// tables), as a wait names them: "session 4242 (role alice, application psql, from 10.0.0.5)".
///
/// The server tells which sessions block another (`pg_blocking_pids`: those holding the lock,
/// and those waiting for it ahead of it, so a wait says "behind", not "held by"); the waiting session is
/// busy with its wait, so another connection asks, once the wait has lasted long enough to be
/// said. Any role may ask; the role, application and client address of other roles' sessions
/// are shown to every role by `pg_stat_activity`.
enum PostgresLockHolders {
    /// The sessions that block the session `blockedPID` on the store at `address`, in words;
    /// nil when none is found or the server cannot be asked.
    static func describe(address: PostgresAddress, blockedPID: Int32) -> String? {
        guard let connection = try? PostgresConnection(address),
              let rows = try? connection.execute(query, [String(blockedPID)]) else { return nil }
        return named(rows.values.compactMap(describe(row:)))
    }

    /// "session 4242 (…)", or "sessions 4242 (…), 4243 (…) and 4244 (…)"; nil for none.
    static func named(_ sessions: [String]) -> String? {
        guard let last = sessions.last else { return nil }
        guard sessions.count > 1 else { return "session " + last }
        return "sessions " + sessions.dropLast().joined(separator: ", ") + " and " + last
    }

    private static let query = """
        SELECT pid, usename, application_name, host(client_addr)
        FROM pg_stat_activity WHERE pid = ANY (pg_blocking_pids($1::int)) ORDER BY pid
        """

    /// "4242 (role alice, application psql, from 10.0.0.5)": what the row holds of it.
    static func describe(row: [String?]) -> String? {
        guard let pid = row.first ?? nil else { return nil }
        let details = [
            row.count > 1 ? row[1].map { "role \($0)" } : nil,
            row.count > 2 ? row[2].flatMap { $0.isEmpty ? nil : "application \($0)" } : nil,
            row.count > 3 ? row[3].map { "from \($0)" } : nil,
        ].compactMap { $0 }
        return details.isEmpty ? pid : "\(pid) (\(details.joined(separator: ", ")))"
    }

    /// What a wait of the session on `connection` for the store's writer lock says, once said.
    static func waitSubject(on connection: PostgresConnection, address: PostgresAddress) -> WriterLockWait.Subject {
        let blockedPID = connection.backendPID
        let giveUp = WriterLockWait.ServerWaitLimit.shorter(lockTimeout: connection.lockTimeoutMilliseconds,
                                                            statementTimeout: connection.statementTimeoutMilliseconds)
        return .database(store: address.shown.text, giveUp: giveUp,
                         holders: { describe(address: address, blockedPID: blockedPID) })
    }
}

extension PostgresEventLog {
    /// `statements` in one pipeline that may wait for a lock another session holds, announced
    /// as `WriterLockWait` announces a wait; a wait the server ends at `lock_timeout` names the
    /// sessions its notice named. Call under `lock`.
    func pipelineWaitingForLocks(_ statements: [PostgresConnection.Statement]) throws(PostgresStoreError)
        -> PostgresConnection.PipelineAnswers {
        let named = WriterLockWait.NamedHolders()
        var answers = try WriterLockWait.whileWaiting(for: PostgresLockHolders.waitSubject(on: connection, address: address), noting: named) {
            () throws(PostgresStoreError) in try connection.pipeline(statements)
        }
        if case .lockTimeout(let store, let milliseconds, nil)? = answers.failure, let holders = named.text {
            answers.failure = .lockTimeout(store: store, milliseconds: milliseconds, holders: holders)
        }
        return answers
    }
}
